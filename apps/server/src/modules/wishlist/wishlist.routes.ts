import { MESSAGES, text, wishlistChangeSchema, wishlistSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.ts';

const courseParams = z.object({ courseId: text('courseId') });

/** The signed-in user's wishlist (mounted at /api/wishlist); signed out: 401. */
const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wishlist'],
        summary: 'Saved courses that are published, as catalogue cards, the most recently added first',
        response: { 200: wishlistSchema },
      },
    },
    async (request) => ({ courses: await listWishlist(app.db, app.storage, request.user!.id) }),
  );

  app.post(
    '/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wishlist'],
        summary: 'Save a published course (idempotent; 404 for unknown or unpublished courses)',
        params: courseParams,
        response: { 200: wishlistChangeSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      await addToWishlist(app.db, request.user!.id, courseId);
      return { courseId, wishlisted: true, message: MESSAGES.wishlistAdded };
    },
  );

  app.delete(
    '/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a saved course (idempotent)',
        params: courseParams,
        response: { 200: wishlistChangeSchema },
      },
    },
    async (request) => {
      const { courseId } = request.params;
      await removeFromWishlist(app.db, request.user!.id, courseId);
      return { courseId, wishlisted: false, message: MESSAGES.wishlistRemoved };
    },
  );
};

export default wishlistRoutes;
