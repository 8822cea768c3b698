import {
  courseSchema,
  createLectureRequestSchema,
  editLectureRequestSchema,
  editLectureResponseSchema,
  lectureAnswerSchema,
  MESSAGES,
  messageSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../core/multipart-form.ts';
import { loadOwnedCourse, presentLecture, presentOwnCourse } from '../courses/courses.service.ts';
import lectureMediaRoutes from './lecture-media.routes.ts';
import {
  createLecture,
  deleteLecture,
  editLecture,
  lectureCaptionRows,
  lectureVideoSink,
  loadOwnedLecture,
} from './lectures.service.ts';

const courseParams = z.object({ courseId: text('courseId') });
const lectureParams = z.object({ lectureId: text('lectureId') });

/**
 * Lecture authoring, for the course's creator only (mounted at /api/course). Anonymous 401,
 * students 403; other educators 404 for unpublished courses, 403 for published ones.
 */
const lecturesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Captions and video processing of a lecture (lecture-media.routes.ts).
  await app.register(lectureMediaRoutes);

  app.post(
    '/createlecture/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['lectures'],
        summary: 'Add a lecture at the end of the course, or of the section `sectionId` names',
        params: courseParams,
        body: createLectureRequestSchema,
        response: { 201: lectureAnswerSchema },
      },
    },
    async (request, reply) => {
      const lecture = await createLecture(
        app.db,
        request.params.courseId,
        request.user!.id,
        request.body,
        app.searchReembed,
      );
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
      // The video and the form's fields (core/request-limits.ts cuts larger multipart bodies).
      config: { maxUploadBytes: app.config.maxVideoBytes + 1024 * 1024 },
      schema: {
        tags: ['lectures'],
        summary: 'Edit a lecture: title, free preview, video upload (streamed)',
        description:
          'multipart/form-data: lectureTitle, isPreviewFree ("true"/"false"), sectionId (moves it to the ' +
          'end of that section of the course; "" or null: the implicit first group), videoUrl (MP4, WebM or ' +
          'QuickTime file, checked by content, up to MAX_VIDEO_BYTES), or JSON without the file. ' +
          'Answers the lecture with `message` beside its fields, and the same lecture under `lecture`.',
        params: lectureParams,
        response: { 200: editLectureResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      // Authorize before reading a single byte of the upload.
      const lecture = await loadOwnedLecture(app.db, request.params.lectureId, user.id);
      const video = lectureVideoSink(app.storage, lecture, app.config.maxVideoBytes);
      const form = await readForm(request, editLectureRequestSchema, video);
      const videos = { jobs: app.jobs, video: app.config.video };
      const edited = await editLecture(
        app.db,
        app.storage,
        request.log,
        lecture.id,
        user.id,
        form,
        videos,
        app.searchReembed,
      );
      const presented = presentLecture(edited, await lectureCaptionRows(app.db, edited.id));
      return { ...presented, lecture: presented, message: MESSAGES.lectureUpdated };
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
      await deleteLecture(
        app.db,
        app.storage,
        request.log,
        request.params.lectureId,
        request.user!.id,
        app.searchReembed,
      );
      return { message: MESSAGES.lectureRemoved };
    },
  );
};

export default lecturesRoutes;
