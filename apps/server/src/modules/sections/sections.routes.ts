import {
  courseSchema,
  createSectionRequestSchema,
  editSectionRequestSchema,
  MESSAGES,
  messageSchema,
  reorderLecturesRequestSchema,
  sectionAnswerSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentOwnCourse } from '../courses/courses.service.ts';
import { createSection, editSection, removeSection, reorderLectures } from './sections.service.ts';

const courseParams = z.object({ courseId: text('courseId') });
const sectionParams = z.object({ sectionId: text('sectionId') });

/**
 * Course sections and the curriculum's order, for the course's creator only (mounted at
 * /api/course). Anonymous 401, students 403; other educators 404 for unpublished courses,
 * 403 for published ones (the lectures' rules).
 */
const sectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/createsection/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['sections'],
        summary: 'Add an empty section at the end of the course',
        params: courseParams,
        body: createSectionRequestSchema,
        response: { 201: sectionAnswerSchema },
      },
    },
    async (request, reply) => {
      const section = await createSection(app.db, request.params.courseId, request.user!.id, request.body.title);
      return reply.status(201).send({ ...section, message: MESSAGES.sectionCreated });
    },
  );

  app.post(
    '/editsection/:sectionId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['sections'],
        summary: 'Rename a section and/or move it (position: 0 = first)',
        params: sectionParams,
        body: editSectionRequestSchema,
        response: { 200: sectionAnswerSchema },
      },
    },
    async (request) => {
      const section = await editSection(app.db, request.params.sectionId, request.user!.id, request.body);
      return { ...section, message: MESSAGES.sectionUpdated };
    },
  );

  app.delete(
    '/removesection/:sectionId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['sections'],
        summary: 'Remove a section; its lectures move to the end of the previous one',
        params: sectionParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeSection(app.db, request.params.sectionId, request.user!.id);
      return { message: MESSAGES.sectionRemoved };
    },
  );

  app.post(
    '/reorderlectures/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['sections'],
        summary: 'Set every lecture’s section and order; answers the course as getcourselecture does',
        params: courseParams,
        body: reorderLecturesRequestSchema,
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      await reorderLectures(app.db, request.params.courseId, user.id, request.body);
      return presentOwnCourse(app.db, app.storage, request.params.courseId, user.id);
    },
  );
};

export default sectionsRoutes;
