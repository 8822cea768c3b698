import {
  lectureAnswerSchema,
  lectureCaptionsAnswerSchema,
  lectureCaptionsRequestSchema,
  removeLectureCaptionsQuerySchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../core/multipart-form.ts';
import { presentLecture } from '../courses/courses.service.ts';
import {
  captionsSink,
  deleteLectureCaptions,
  retryVideoProcessing,
  saveLectureCaptions,
} from './lecture-media.service.ts';
import { lectureCaptionRows, loadOwnedLecture } from './lectures.service.ts';

const lectureParams = z.object({ lectureId: text('lectureId') });

/**
 * A lecture's captions and video processing, for the course's creator only (mounted at
 * /api/course with the other lecture routes): anonymous 401, students 403, other educators
 * 404 (unpublished course) or 403 (published).
 */
const lectureMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/lecturecaptions/:lectureId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: "Add or replace a lecture's captions in one language",
        description:
          'multipart/form-data: captions (a .vtt or .srt file up to 1 MB, stored as WebVTT), lang (BCP-47 ' +
          'code such as en or hi-IN; replaces captions in that language), label (shown in the player). ' +
          "Answers the lecture's captions.",
        params: lectureParams,
        response: { 200: lectureCaptionsAnswerSchema },
      },
    },
    async (request) => {
      const lecture = await loadOwnedLecture(app.db, request.params.lectureId, request.user!.id);
      const form = await readForm(request, lectureCaptionsRequestSchema, captionsSink);
      const rows = await saveLectureCaptions(app.db, app.storage, request.log, lecture, form.fields, form.file);
      return { captions: presentLecture(lecture, rows).captions ?? [] };
    },
  );

  app.delete(
    '/lecturecaptions/:lectureId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: "Remove a lecture's captions in one language",
        params: lectureParams,
        querystring: removeLectureCaptionsQuerySchema,
        response: { 200: lectureCaptionsAnswerSchema },
      },
    },
    async (request) => {
      const lecture = await loadOwnedLecture(app.db, request.params.lectureId, request.user!.id);
      const rows = await deleteLectureCaptions(app.db, app.storage, request.log, lecture, request.query.lang);
      return { captions: presentLecture(lecture, rows).captions ?? [] };
    },
  );

  app.post(
    '/retryprocessing/:lectureId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: "Queue a lecture's failed video processing again",
        params: lectureParams,
        response: { 200: lectureAnswerSchema },
      },
    },
    async (request) => {
      const owned = await loadOwnedLecture(app.db, request.params.lectureId, request.user!.id);
      const lecture = await retryVideoProcessing(app.db, { jobs: app.jobs, video: app.config.video }, owned.id);
      return {
        lecture: presentLecture(lecture, await lectureCaptionRows(app.db, lecture.id)),
        message: 'Video queued for processing',
      };
    },
  );
};

export default lectureMediaRoutes;
