import {
  couponCreateRequestSchema,
  couponEditRequestSchema,
  couponListSchema,
  couponRemoveResponseSchema,
  couponResponseSchema,
  MESSAGES,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCoupon, editCoupon, listCoupons, removeCoupon } from './coupons.service.ts';

const couponParams = z.object({ couponId: text('couponId') });

/** An educator's coupons (mounted at /api/coupon): educators only; another educator's coupon is 404. */
const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon for one of your courses (courseId) or all of them (courseId null)',
        description:
          'Codes: 4-20 of A-Z 0-9 -, case-insensitive, unique per educator (409 for a second one). Percent 1-100; fixed in whole rupees below the price. perUserLimit defaults to 1.',
        body: couponCreateRequestSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => ({
      message: MESSAGES.couponCreated,
      coupon: await createCoupon(app.db, request.user!.id, request.body),
    }),
  );

  app.get(
    '/mine',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['coupons'],
        summary: 'Your coupons, newest first, with their paid redemptions and the revenue they brought',
        response: { 200: couponListSchema },
      },
    },
    async (request) => ({ coupons: await listCoupons(app.db, request.user!.id) }),
  );

  app.post(
    '/edit/:couponId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['coupons'],
        summary: 'Activate or deactivate a coupon, or change its expiry or maximum redemptions',
        params: couponParams,
        body: couponEditRequestSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => ({
      message: MESSAGES.couponUpdated,
      coupon: await editCoupon(app.db, request.user!.id, request.params.couponId, request.body),
    }),
  );

  app.delete(
    '/remove/:couponId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['coupons'],
        summary: 'Delete an unused coupon; a used one is deactivated instead (removed: false)',
        params: couponParams,
        response: { 200: couponRemoveResponseSchema },
      },
    },
    async (request) => {
      const result = await removeCoupon(app.db, request.user!.id, request.params.couponId);
      return { message: result.removed ? MESSAGES.couponRemoved : MESSAGES.couponDeactivated, ...result };
    },
  );
};

export default couponsRoutes;
