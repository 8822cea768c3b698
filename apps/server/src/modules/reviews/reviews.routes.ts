import {
  giveReviewRequestSchema,
  giveReviewResponseSchema,
  listReviewsQuerySchema,
  MESSAGES,
  reviewSchema,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giveReview, listReviews } from './reviews.service.ts';

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/givereview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reviews'],
        summary: 'Review a course you are enrolled in (a second review replaces your first)',
        body: giveReviewRequestSchema,
        response: {
          200: giveReviewResponseSchema,
          201: giveReviewResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { review, replaced } = await giveReview(app.db, app.storage, user.id, request.body);
      return reply
        .status(replaced ? 200 : 201)
        .send({ message: replaced ? MESSAGES.reviewUpdated : MESSAGES.reviewAdded, review });
    },
  );

  app.get(
    '/allReview',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of published courses, newest first',
        querystring: listReviewsQuerySchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request) => listReviews(app.db, app.storage, request.query.limit),
  );
};

export default reviewsRoutes;
