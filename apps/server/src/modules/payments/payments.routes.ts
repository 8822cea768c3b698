import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  messageSchema,
  paymentQuoteRequestSchema,
  paymentQuoteSchema,
  refundEligibilitySchema,
  refundRequestSchema,
  refundResponseSchema,
  sandboxPayRequestSchema,
  sandboxPayResponseSchema,
  text,
  verifyPaymentRequestSchema,
} from '@kaksha/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, unauthorized } from '../../core/errors.ts';
import { mailOnEnrolment } from './payments.mail.ts';
import { createPaymentProvider, isValidWebhookSignature } from './payments.provider.ts';
import { presentEligibility, type Refunder, refundEligibility, requestRefund } from './payments.refunds.ts';
import {
  type Checkout,
  handleWebhook,
  quoteEnrollment,
  sandboxPay,
  startEnrollment,
  verifyPayment,
} from './payments.service.ts';

/** The signed-in learner; the `userId` a request may name (optional) must be them. */
function learner(request: FastifyRequest, userId?: string) {
  const user = request.user;
  if (!user) throw unauthorized();
  if (userId !== undefined && userId !== user.id)
    throw forbidden({ id: 'enrol_self_only', message: 'You can only enrol yourself in a course.' });
  return user;
}

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payment } = app.config;
  const provider = createPaymentProvider(payment);
  // Every new enrolment (free, verified or by webhook) mails the learner a link to the course.
  const checkout: Checkout = {
    db: app.db,
    provider,
    billing: app.config.billing,
    keySecret: payment.keySecret,
    orderTtlMs: payment.orderTtlMs,
    notify: mailOnEnrolment(app.mailer, app.config.publicUrl),
    earnings: app.config.earnings,
  };
  // Each new order may be a call to the provider: a learner gets plenty, a script does not.
  const orderLimit = app.limiter({
    name: 'payment-create-order',
    max: 30,
    windowMs: 10 * 60_000,
    key: (request) => request.user?.id ?? null,
  });

  app.post(
    '/create-order',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Open a payment order for a course (or enrol at once in a free course)',
        description:
          "The amount (paise) comes from the course price in the database; the order can be paid until `expiresAt`. `userId` is optional (the session decides; another user's id is refused). Answers the order for the checkout, or `{enrolled: true, message, id: null, amount: 0}` for a free course.",
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema },
      },
    },
    async (request) => {
      const user = learner(request, request.body.userId);
      await orderLimit.hit(request);
      return startEnrollment(checkout, user.id, request.body.courseId, request.body.couponCode);
    },
  );

  app.post(
    '/quote',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'What a course costs the signed-in learner, with the GST in it (rupees with paise)',
        description:
          "Prices include GST. `amount = taxable + cgst + sgst + igst` to the paisa; CGST+SGST when the place of supply (GSTIN state, else billing state, else the seller's) is the seller's state, IGST otherwise; no tax when the seller is not GST-registered. 404 for an unknown or unpublished course.",
        body: paymentQuoteRequestSchema,
        response: { 200: paymentQuoteSchema },
      },
    },
    async (request) => quoteEnrollment(checkout, request.user!.id, request.body.courseId, request.body.couponCode),
  );

  // Each refund may be a call to the provider: a learner needs a handful.
  const refundLimit = app.limiter({
    name: 'payment-refund',
    max: 20,
    windowMs: 10 * 60_000,
    key: (request) => request.user?.id ?? null,
  });
  const refunder: Refunder = { db: app.db, provider, billing: app.config.billing, policy: app.config.refunds };

  app.get(
    '/refund-eligibility/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
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
        tags: ['payments'],
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

  app.post(
    '/verify-payment',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "Verify the checkout's signed answer, mark the order paid and enrol",
        description:
          'Refused (400) for an expired or failed order. The enrolment records the amount the order charged. `userId` is optional.',
        body: verifyPaymentRequestSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = learner(request, request.body.userId);
      return verifyPayment(checkout, user.id, request.body);
    },
  );

  // Razorpay signs the raw bytes it sends, so this route (and only it) keeps the body as a Buffer.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Razorpay webhook (payment.captured, order.paid, refund.processed, refund.failed), signed with X-Razorpay-Signature',
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => {
        const raw = request.body;
        const signature = request.headers['x-razorpay-signature'];
        if (!Buffer.isBuffer(raw) || typeof signature !== 'string') {
          throw badRequest({ id: 'webhook_signature_missing', message: 'Webhook signature missing' });
        }
        if (!isValidWebhookSignature(raw, signature, payment.webhookSecret)) {
          throw badRequest({ id: 'webhook_signature_invalid', message: 'Webhook signature is not valid' });
        }
        let event: unknown;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest({ id: 'webhook_invalid_json', message: 'The webhook body is not valid JSON' });
        }
        const outcome = await handleWebhook(checkout, request.log, event);
        request.log.info({ outcome }, 'payment webhook handled');
        return { status: outcome === 'ignored' ? 'ignored' : 'ok' };
      },
    );
  });

  // The built-in test checkout's "bank": exists only while the provider is the sandbox.
  if (provider.name === 'sandbox') {
    app.post(
      '/sandbox/pay',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['payments'],
          summary: 'Sandbox only: complete a test payment of an order (success or failure)',
          body: sandboxPayRequestSchema,
          response: { 200: sandboxPayResponseSchema },
        },
      },
      async (request) => {
        const user = learner(request);
        return sandboxPay(app.db, payment.keySecret, user.id, request.body.orderId, request.body.outcome);
      },
    );
  }
};

export default paymentsRoutes;
