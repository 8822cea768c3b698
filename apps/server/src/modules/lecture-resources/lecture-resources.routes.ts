import {
  addLectureResourceRequestSchema,
  LECTURE_RESOURCE_MAX_BYTES,
  lectureResourcesAnswerSchema,
  MESSAGES,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../core/errors.ts';
import { readForm } from '../../core/multipart-form.ts';
import { sendMedia } from '../media/media.service.ts';
import {
  addResource,
  attachmentHeader,
  findDownload,
  loadLectureForUpload,
  removeResource,
  resourceSink,
} from './lecture-resources.service.ts';

const lectureParams = z.object({ lectureId: text('lectureId') });
const resourceParams = z.object({ lectureId: text('lectureId'), resourceId: text('resourceId') });

/**
 * Files attached to a lecture (mounted at /api/course): the course's creator adds and removes
 * them (anonymous 401, students 403, other educators 404/403 as for the lecture itself); those
 * who may watch the lecture download them.
 */
const lectureResourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.maxResourceBytes;

  app.post(
    '/lectureresources/:lectureId',
    {
      preHandler: app.requireEducator,
      // The file and the form's title (core/request-limits.ts cuts larger multipart bodies at once).
      config: { maxUploadBytes: maxBytes + 64 * 1024 },
      schema: {
        tags: ['lectures'],
        summary: 'Attach a file to a lecture (PDF, ZIP-based, PNG/JPEG, UTF-8 text; checked by content)',
        description:
          `multipart/form-data: \`file\` (one file, up to MAX_RESOURCE_BYTES, ${LECTURE_RESOURCE_MAX_BYTES / 1024 / 1024} MB ` +
          'by default; anything else, programs included, is refused with 415) and `title` (optional; the ' +
          "file's name without it). At most 20 files a lecture (409). Answers the lecture's files.",
        params: lectureParams,
        response: { 201: lectureResourcesAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      // Authorized, and with room, before a byte of the file is read.
      const lecture = await loadLectureForUpload(app.db, request.params.lectureId, user.id);
      const form = await readForm(
        request,
        addLectureResourceRequestSchema,
        resourceSink(app.storage, lecture, maxBytes),
      );
      const resources = await addResource(app.db, app.storage, lecture.id, user.id, form);
      return reply.status(201).send({ resources, message: MESSAGES.resourceAdded });
    },
  );

  app.delete(
    '/lectureresources/:lectureId/:resourceId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: "Remove a file from a lecture; answers the lecture's files",
        params: resourceParams,
        response: { 200: lectureResourcesAnswerSchema },
      },
    },
    async (request) => {
      const { lectureId, resourceId } = request.params;
      const resources = await removeResource(app.db, app.storage, request.log, lectureId, resourceId, request.user!.id);
      return { resources, message: MESSAGES.resourceRemoved };
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/lectureresources/:lectureId/:resourceId',
    compress: false,
    schema: {
      tags: ['lectures'],
      summary: "Download a lecture's file (access checked like the lecture's video), as an attachment",
      params: resourceParams,
    },
    handler: async (request, reply) => {
      const { lectureId, resourceId } = request.params;
      const resource = await findDownload(app.db, lectureId, resourceId, request.user);
      const stat = await app.storage.stat(resource.key);
      if (!stat)
        throw notFound({
          id: 'resource_file_missing',
          message: 'This file is missing; ask the educator to attach it again',
        });
      reply.header('content-disposition', attachmentHeader(resource.fileName));
      return sendMedia(request, reply, {
        size: stat.size,
        mtime: stat.mtime,
        contentType: resource.contentType,
        cacheControl: 'private, no-cache',
        open: (range) => app.storage.read(resource.key, range),
      });
    },
  });
};

export default lectureResourcesRoutes;
