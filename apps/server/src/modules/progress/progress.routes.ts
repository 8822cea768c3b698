import {
  courseProgressSchema,
  progressSummarySchema,
  savedProgressSchema,
  saveProgressRequestSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCourseProgress, listProgress, saveLectureProgress } from './progress.service.ts';

/**
 * Learning progress of the signed-in learner, per lecture, for courses they are enrolled in.
 * Anyone else — the course's creator included — gets 403: creators preview their own
 * lectures without progress being tracked. An unpublished course that is not theirs: 404.
 */
const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['progress'],
        summary: 'Progress summary of every enrolled course (one row per course)',
        response: { 200: z.array(progressSummarySchema) },
      },
    },
    async (request) => listProgress(app.db, request.user!.id),
  );

  app.get(
    '/:courseId',
    {
      schema: {
        tags: ['progress'],
        summary: 'Per-lecture progress in one enrolled course, with % complete and the last lecture watched',
        params: z.object({ courseId: text('courseId') }),
        response: { 200: courseProgressSchema },
      },
    },
    async (request) => getCourseProgress(app.db, request.user!.id, request.params.courseId),
  );

  app.post(
    '/:lectureId',
    {
      schema: {
        tags: ['progress'],
        summary: 'Save the position in a lecture; completed at 90% watched or when marked',
        params: z.object({ lectureId: text('lectureId') }),
        body: saveProgressRequestSchema,
        response: { 200: savedProgressSchema },
      },
    },
    async (request) => saveLectureProgress(app.db, request.user!.id, request.params.lectureId, request.body),
  );
};

export default progressRoutes;
