import {
  giveReviewRequestSchema,
  giveReviewResponseSchema,
  listReviewsQuerySchema,
  MESSAGES,
  reviewSchema,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giveReview, reviewsJson } from './reviews.service.ts';

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
        description: 'Served from a compressed snapshot per catalogue version (ETag = version).',
        querystring: listReviewsQuerySchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const version = await app.catalogVersion();
      return app.snapshots.send(request, reply, `reviews:${limit ?? 'all'}`, version, () =>
        reviewsJson(app.db, app.storage, limit),
      );
    },
  );
};

export default reviewsRoutes;
