import { randomUUID } from 'node:crypto';
import {
  CHECKOUT,
  type CreateOrderResponse,
  MESSAGES,
  type PaymentQuote,
  type SandboxPayResponse,
  text,
  type VerifyPaymentRequest,
} from '@kaksha/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../core/db/client.ts';
import { courses, enrollments, paymentOrders } from '../../core/db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { type BillingConfig, quotePrice } from '../billing/billing.service.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import type { EnrolmentNotice } from './payments.mail.ts';
import { isValidPaymentSignature, type PaymentProviderClient, razorpayId, signPayment } from './payments.provider.ts';

type OrderRow = typeof paymentOrders.$inferSelect;

/** The price of a course in paise; the request never decides it. */
const toPaise = (rupees: number) => rupees * 100;

/**
 * quote: what buying a published course costs the learner and the GST in it (modules/billing).
 * Unknown or unpublished courses are 404, as in create-order; a course without a price 400.
 */
export async function quoteEnrollment(
  db: Db,
  billing: BillingConfig,
  learnerId: string,
  courseId: string,
): Promise<PaymentQuote> {
  if (!isUuid(courseId)) throw notFound('Course not found');
  const [course] = await db
    .select({ price: courses.price, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course?.isPublished) throw notFound('Course not found');
  if (course.price === null) throw badRequest('This course has no price yet, so it cannot be bought.');
  return quotePrice(db, billing, learnerId, course.price);
}

/**
 * create-order: checks that the learner may buy the course, then either enrols at once
 * (free course) or opens an order with the provider and stores it (status `created`).
 * `notify` runs in the transaction of every new enrolment (the enrolment mail).
 */
export async function startEnrollment(
  db: Db,
  provider: PaymentProviderClient,
  learnerId: string,
  courseId: string,
  orderTtlMs: number,
  notify: EnrolmentNotice,
): Promise<CreateOrderResponse> {
  if (!isUuid(courseId)) throw notFound('Course not found');
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw notFound('Course not found');
  if (course.creatorId === learnerId) {
    throw badRequest('You created this course, so you already have full access to it.');
  }
  if (!course.isPublished) throw notFound('Course not found');
  if (await isEnrolled(db, learnerId, courseId)) throw conflict('You are already enrolled in this course.');
  if (course.price === null) throw badRequest('This course has no price yet, so it cannot be bought.');

  if (course.price === 0) {
    await db.transaction((tx) => enrol(tx, learnerId, courseId, 0, notify));
    // `id`/`amount` too: a client written for the spec's order shape reads them (spec §3 Payment order).
    return { enrolled: true, message: MESSAGES.freeEnrolled, id: null, amount: 0, currency: CHECKOUT.currency };
  }

  const amount = toPaise(course.price);
  const currency = CHECKOUT.currency;
  const present = (order: OrderRow) => ({
    id: order.providerOrderId,
    amount: order.amount,
    currency: order.currency,
    key: provider.keyId,
    provider: provider.name,
    expiresAt: order.expiresAt.toISOString(),
  });

  // A double click, a reload or a cancelled checkout reuses the open order instead of piling up new
  // ones. The provider is asked outside any transaction (no lock or connection held across an HTTP
  // call); the lock then makes parallel requests agree on one order (and one charge): a request
  // that lost the race leaves its provider order unused, and it is never shown, so never paid.
  const openOrder = async (dbOrTx: DbOrTx) => {
    const [open] = await dbOrTx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, learnerId),
          eq(paymentOrders.courseId, courseId),
          eq(paymentOrders.provider, provider.name),
          eq(paymentOrders.status, 'created'),
          eq(paymentOrders.amount, amount),
          // Only while at least half its life is left, so the checkout has time to finish.
          gt(paymentOrders.expiresAt, new Date(Date.now() + orderTtlMs / 2)),
        ),
      )
      .orderBy(desc(paymentOrders.createdAt))
      .limit(1);
    return open;
  };
  const reused = await openOrder(db);
  if (reused) return present(reused);

  const id = randomUUID();
  const providerOrder = await provider.createOrder({
    amount,
    currency,
    receipt: id,
    notes: { courseId, userId: learnerId },
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${learnerId}:${courseId}`}))`);
    const open = await openOrder(tx);
    if (open) return present(open);
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        id,
        providerOrderId: providerOrder.id,
        provider: provider.name,
        userId: learnerId,
        courseId,
        amount,
        currency,
        status: 'created',
        expiresAt: new Date(Date.now() + orderTtlMs),
      })
      .returning();
    return present(order);
  });
}

/**
 * verify-payment: the checkout's answer must carry a valid signature for an order of this
 * learner and course that has not failed (an expired one is still completed: the money is
 * taken, and only our server-side expiry says otherwise). Marking it paid and enrolling happen
 * in one transaction holding the order's row lock, so repeated or racing verifications (and the
 * webhook) enrol once and all get the same answer. The enrolment records the order's amount,
 * whatever the course costs today.
 */
export async function verifyPayment(
  db: Db,
  keySecret: string,
  learnerId: string,
  body: VerifyPaymentRequest,
  notify: EnrolmentNotice,
) {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!isValidPaymentSignature(orderId, paymentId, signature, keySecret)) {
    throw badRequest('Payment verification failed: the payment signature is not valid.');
  }
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw badRequest('Payment verification failed: there is no such order.');
    if (order.userId !== learnerId || order.courseId !== body.courseId) {
      throw badRequest('Payment verification failed: this order is not yours or is for another course.');
    }
    if (order.status === 'failed') throw badRequest('Payment verification failed: this payment did not go through.');
    // No expiry check: a valid signature means the money was taken (the provider's order has no
    // expiry of its own), so an order past our `expires_at` is completed, as the webhook does.
    await completeOrder(tx, order, paymentId, notify);
  });
  return { message: MESSAGES.paymentVerified };
}

const isExpired = (order: OrderRow) => order.expiresAt.getTime() <= Date.now();

/** Marks the (locked) order paid and enrols its learner at the order's amount; a no-op for an order already paid. */
async function completeOrder(tx: Tx, order: OrderRow, paymentId: string, notify: EnrolmentNotice) {
  if (order.status !== 'paid') {
    await tx
      .update(paymentOrders)
      .set({ status: 'paid', providerPaymentId: paymentId, paidAt: new Date() })
      .where(eq(paymentOrders.id, order.id));
  }
  await enrol(tx, order.userId, order.courseId, order.amount, notify);
}

const lockOrder = async (tx: Tx, providerOrderId: string) => {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId))
    .limit(1)
    .for('update');
  return order;
};

/**
 * Enrols once, recording the paise paid: the unique (user, course) index makes a second insert a
 * no-op. Only a new enrolment runs `notify` (in the same transaction), so a repeated verification,
 * a webhook after the checkout, or a retried job mails the learner once.
 */
async function enrol(tx: Tx, userId: string, courseId: string, amountPaid: number, notify: EnrolmentNotice) {
  const inserted = await tx
    .insert(enrollments)
    .values({ userId, courseId, amountPaid })
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
    .returning({ id: enrollments.id });
  if (inserted.length > 0) await notify(tx, userId, courseId);
}

// Ids go to the database: text() keeps what PostgreSQL cannot store out (such a body is ignored).
const paymentEntity = z.object({
  id: text('id'),
  order_id: text('order_id').nullish(),
  amount: z.number(),
  currency: z.string(),
  status: z.string().optional(),
});
const webhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: text('id') }) }).optional(),
    })
    .optional(),
});

export type WebhookOutcome = 'enrolled' | 'already-paid' | 'ignored';

/**
 * Razorpay webhook (signature already checked): `payment.captured` and `order.paid` complete
 * the order exactly like verify-payment does, for learners whose browser never came back.
 * Anything else is acknowledged and ignored, so Razorpay does not retry it.
 */
export async function handleWebhook(
  db: Db,
  log: FastifyBaseLogger,
  event: unknown,
  notify: EnrolmentNotice,
): Promise<WebhookOutcome> {
  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) {
    log.warn('payment webhook: unexpected body, ignored');
    return 'ignored';
  }
  const { event: name, payload } = parsed.data;
  if (name !== 'payment.captured' && name !== 'order.paid') return 'ignored';
  const payment = payload?.payment?.entity;
  const orderId = payment?.order_id ?? payload?.order?.entity.id;
  if (!payment || !orderId) {
    log.warn({ event: name }, 'payment webhook: no payment or order in the payload, ignored');
    return 'ignored';
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) {
      log.warn({ event: name, orderId }, 'payment webhook: unknown order, ignored');
      return 'ignored';
    }
    if (payment.amount !== order.amount || payment.currency !== order.currency) {
      log.error(
        { event: name, orderId, paid: payment.amount, expected: order.amount },
        'payment webhook: amount differs from the order, not enrolled',
      );
      return 'ignored';
    }
    const wasPaid = order.status === 'paid';
    // The provider captured the money: even an order the checkout reported as failed, or one that
    // expired before the learner's browser came back, is paid now.
    await completeOrder(tx, order, payment.id, notify);
    return wasPaid ? 'already-paid' : 'enrolled';
  });
}

/**
 * Sandbox only: completes a test payment of the learner's open order. Success answers what
 * Razorpay's checkout hands to its handler, signed with the key secret the same way; a
 * failure marks the order failed.
 */
export async function sandboxPay(
  db: Db,
  keySecret: string,
  learnerId: string,
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<SandboxPayResponse> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== learnerId || order.provider !== 'sandbox') throw notFound('Order not found');
    if (order.status === 'paid') throw conflict('This order is already paid.');
    if (order.status === 'failed') throw conflict('This test payment already failed; start a new checkout.');
    if (isExpired(order)) throw conflict('This order has expired; start a new checkout.');
    if (outcome === 'failure') {
      await tx.update(paymentOrders).set({ status: 'failed' }).where(eq(paymentOrders.id, order.id));
      return { status: 'failed', message: MESSAGES.sandboxFailed };
    }
    const paymentId = razorpayId('pay');
    return {
      status: 'captured',
      razorpay_order_id: order.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(order.providerOrderId, paymentId, keySecret),
    };
  });
}
