import { courseSchema, lectureSchema, MESSAGES, messageSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import { presentLecture } from '../courses/courses.presenter.ts';
import { loadOwnedCourse, parseFields, presentOwnCourse } from '../courses/courses.service.ts';
import { removeVideo, type StoredVideo, storeVideo } from '../media/videos.ts';
import {
  createLecture,
  createLectureSchema,
  deleteLecture,
  editLectureSchema,
  loadOwnedLecture,
  updateLecture,
} from './lectures.service.ts';

const courseParams = z.object({ courseId: z.string() });
const lectureParams = z.object({ lectureId: z.string() });
const lectureAnswer = z.object({ lecture: lectureSchema, message: z.string() });

/**
 * Lecture authoring, for the course's creator only (mounted at /api/course). Anonymous 401,
 * students 403; other educators 404 for unpublished courses, 403 for published ones.
 */
const lecturesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/createlecture/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: 'Add a lecture at the end of the course',
        params: courseParams,
        body: createLectureSchema,
        response: { 201: lectureAnswer },
      },
    },
    async (request, reply) => {
      const lecture = await createLecture(app.db, request.params.courseId, request.user!.id, request.body.lectureTitle);
      return reply.status(201).send({ lecture: presentLecture(lecture), message: MESSAGES.lectureCreated });
    },
  );

  app.get(
    '/getcourselecture/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: 'The course (for its creator) with its lectures in order',
        params: courseParams,
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const course = await loadOwnedCourse(app.db, request.params.courseId, user.id);
      return presentOwnCourse(app.db, app.storage, course.id, user.id);
    },
  );

  app.post(
    '/editlecture/:lectureId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: 'Edit a lecture: title, free preview, video upload (streamed)',
        description:
          'multipart/form-data: lectureTitle, isPreviewFree ("true"/"false"), videoUrl (MP4, WebM or ' +
          'QuickTime file, checked by content, up to MAX_VIDEO_BYTES), or JSON without the file.',
        params: lectureParams,
        response: { 200: lectureAnswer },
      },
    },
    async (request) => {
      const user = request.user!;
      // Authorize before reading a single byte of the upload.
      const lecture = await loadOwnedLecture(app.db, request.params.lectureId, user.id);

      const fields: Record<string, unknown> = {};
      let video: StoredVideo | null = null;
      try {
        if (request.isMultipart()) {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (!part.filename) {
                // An empty file input in a plain HTML form: no file chosen.
                await part.toBuffer().catch(() => undefined);
                continue;
              }
              if (part.fieldname !== 'videoUrl') {
                part.file.resume();
                throw badRequest(`Unexpected file field "${part.fieldname}"; send the video as videoUrl`);
              }
              video = await storeVideo(app.storage, part, {
                courseId: lecture.courseId,
                lectureId: lecture.id,
                maxBytes: app.config.maxVideoBytes,
              });
            } else {
              fields[part.fieldname] = part.value;
            }
          }
        } else if (request.body && typeof request.body === 'object') {
          Object.assign(fields, request.body);
        }
        const patch = parseFields(editLectureSchema, fields);
        const { lecture: updated, oldVideoKey } = await updateLecture(app.db, lecture.id, user.id, patch, video);
        await removeVideo(app.storage, oldVideoKey);
        return { lecture: presentLecture(updated), message: MESSAGES.lectureUpdated };
      } catch (error) {
        // A failed edit leaves neither the new file nor a half-updated lecture.
        if (video) await removeVideo(app.storage, video.key);
        throw error;
      }
    },
  );

  app.delete(
    '/removelecture/:lectureId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: 'Remove a lecture and its video',
        params: lectureParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const lecture = await deleteLecture(app.db, request.params.lectureId, request.user!.id);
      await removeVideo(app.storage, lecture.videoKey);
      return { message: MESSAGES.lectureRemoved };
    },
  );
};

export default lecturesRoutes;
