import { reviewSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giveReview, listReviews } from './reviews.service.ts';

export const MAX_COMMENT_LENGTH = 2000;

const giveReviewBody = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars' })
    .int({ error: 'Please choose a rating from 1 to 5 stars' })
    .min(1, { error: 'Please choose a rating from 1 to 5 stars' })
    .max(5, { error: 'Please choose a rating from 1 to 5 stars' }),
  comment: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, { error: 'Please write a comment' })
    .max(MAX_COMMENT_LENGTH, { error: `Comments can be at most ${MAX_COMMENT_LENGTH} characters` }),
  courseId: z.string({ error: 'courseId is required' }),
});

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/givereview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reviews'],
        summary: 'Review a course you are enrolled in (a second review replaces your first)',
        body: giveReviewBody,
        response: {
          200: z.object({ message: z.string(), review: reviewSchema }),
          201: z.object({ message: z.string(), review: reviewSchema }),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { review, replaced } = await giveReview(app.db, app.storage, user.id, request.body);
      return reply.status(replaced ? 200 : 201).send({ message: replaced ? 'Review Updated' : 'Review Added', review });
    },
  );

  app.get(
    '/allReview',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of published courses, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request) => listReviews(app.db, app.storage, request.query.limit),
  );
};

export default reviewsRoutes;
