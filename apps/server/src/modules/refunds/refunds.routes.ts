import {
  purchaseListSchema,
  refundEligibilitySchema,
  refundRequestSchema,
  refundResponseSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPaymentProvider } from '../payments/payments.provider.ts';
import { listPurchases } from '../purchases/purchases.service.ts';
import { presentEligibility, type Refunder, refundEligibility, requestRefund } from './refunds.service.ts';

/** Refunds and the purchases page (mounted at /api/payment): the signed-in learner's own only. */
const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const refunder: Refunder = {
    db: app.db,
    provider: createPaymentProvider(app.config.payment),
    billing: app.config.billing,
    policy: app.config.refunds,
  };
  // Each refund may be a call to the provider: a learner needs a handful.
  const refundLimit = app.limiter({
    name: 'payment-refund',
    max: 20,
    windowMs: 10 * 60_000,
    key: (request) => request.user?.id ?? null,
  });

  app.get(
    '/refund-eligibility/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['refunds'],
        summary: 'Whether the signed-in learner may refund a course now, why not, until when, and how much',
        params: z.object({ courseId: text('courseId') }),
        response: { 200: refundEligibilitySchema },
      },
    },
    async (request) =>
      presentEligibility(await refundEligibility(app.db, refunder.policy, request.user!.id, request.params.courseId)),
  );

  app.post(
    '/refund',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['refunds'],
        summary: 'Refund a course: access ends at once, a credit note reverses the invoice',
        description:
          'Not eligible: 409 with the reason. Repeated or concurrent requests share one refund and one credit note and get the same answer.',
        body: refundRequestSchema,
        response: { 200: refundResponseSchema },
      },
    },
    async (request) => {
      await refundLimit.hit(request);
      return requestRefund(refunder, request.user!.id, request.body.courseId, request.body.reason);
    },
  );

  app.get(
    '/purchases',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['refunds'],
        summary: "The signed-in learner's paid orders, newest first, with invoices, credit notes and refunds",
        response: { 200: purchaseListSchema },
      },
    },
    async (request) => ({
      purchases: await listPurchases(app.db, app.storage, refunder.policy, request.user!.id),
      refundPolicy: refunder.policy,
    }),
  );
};

export default refundsRoutes;
