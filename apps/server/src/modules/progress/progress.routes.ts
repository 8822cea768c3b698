import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCourseProgress, listProgress, saveLectureProgress } from './progress.service.ts';

const DAY = 24 * 3600;

const lectureProgressSchema = z.object({
  lectureId: z.string(),
  positionSeconds: z.number(),
  completed: z.boolean(),
  updatedAt: z.string(),
});

const summarySchema = z.object({
  courseId: z.string(),
  completedCount: z.number().int(),
  totalLectures: z.number().int(),
  percent: z.number().int(),
  lastLectureId: z.string().nullable(),
});

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
        response: { 200: z.array(summarySchema) },
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
        params: z.object({ courseId: z.string() }),
        response: { 200: summarySchema.extend({ lectures: z.array(lectureProgressSchema) }) },
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
        params: z.object({ lectureId: z.string() }),
        body: z.object({
          positionSeconds: z
            .number({ error: 'positionSeconds must be a number of seconds' })
            .min(0, { error: 'positionSeconds must be a number of seconds' })
            .max(DAY, { error: 'positionSeconds must be a number of seconds' }),
          duration: z
            .number({ error: 'duration must be a number of seconds' })
            .positive({ error: 'duration must be a number of seconds' })
            .max(DAY, { error: 'duration must be a number of seconds' })
            .optional(),
          completed: z.boolean({ error: 'completed must be true or false' }).optional(),
        }),
        response: { 200: lectureProgressSchema.extend({ courseId: z.string() }) },
      },
    },
    async (request) => saveLectureProgress(app.db, request.user!.id, request.params.lectureId, request.body),
  );
};

export default progressRoutes;
