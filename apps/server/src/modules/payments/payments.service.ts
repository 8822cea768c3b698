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
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../core/db/client.ts';
import { courses, enrollments, paymentOrders } from '../../core/db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { type BillingConfig, quotePrice } from '../billing/billing.service.ts';
import { type CourseForCoupon, priceWithCoupon, redeemOrder, reserveCoupon } from '../coupons/coupons.service.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { type EarningsConfig, recordSale } from '../earnings/earnings.service.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import type { EnrolmentNotice } from './payments.mail.ts';
import { isValidPaymentSignature, type PaymentProviderClient, razorpayId, signPayment } from './payments.provider.ts';
import { handleRefundEvent } from './payments.refunds.ts';

type OrderRow = typeof paymentOrders.$inferSelect;

/** What the payment flows need, built once by the routes. */
export interface Checkout {
  db: Db;
  provider: PaymentProviderClient;
  billing: BillingConfig;
  keySecret: string;
  /** How long an unpaid order (and the price it quotes) stays payable. */
  orderTtlMs: number;
  /** Runs in the transaction of every new enrolment (the enrolment mail). */
  notify: EnrolmentNotice;
  /** The platform's fee and the refund window, for the sale's ledger entry (modules/earnings). */
  earnings: EarningsConfig;
}

/** The price of a course in paise; the request never decides it. */
const toPaise = (rupees: number) => rupees * 100;

/** A published course with a price, as the checkout sees it (price in paise). Unknown or unpublished: 404. */
async function pricedCourse(db: DbOrTx, courseId: string) {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [course] = await db
    .select({ creatorId: courses.creatorId, price: courses.price, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course?.isPublished) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  if (course.price === null)
    throw badRequest({ id: 'course_no_price', message: 'This course has no price yet, so it cannot be bought.' });
  return { id: courseId, creatorId: course.creatorId, price: toPaise(course.price) };
}

/**
 * quote: what buying a published course costs the learner, with a coupon if given (400 saying why
 * one cannot be used), and the GST in it (modules/billing).
 */
export async function quoteEnrollment(
  { db, billing }: Checkout,
  learnerId: string,
  courseId: string,
  couponCode?: string,
): Promise<PaymentQuote> {
  const course = await pricedCourse(db, courseId);
  const priced = couponCode ? await priceWithCoupon(db, couponCode, course, learnerId) : null;
  const quote = await quotePrice(db, billing, learnerId, course.price, priced?.discount ?? 0);
  return priced ? { ...quote, coupon: priced.applied } : quote;
}

const freeAnswer = (): CreateOrderResponse =>
  // `id`/`amount` too: a client written for the spec's order shape reads them (spec §3 Payment order).
  ({ enrolled: true, message: MESSAGES.freeEnrolled, id: null, amount: 0, currency: CHECKOUT.currency });

/**
 * create-order: checks that the learner may buy the course, then either enrols at once (a free
 * course, or a 100 % coupon) or opens an order with the provider for the price less the coupon's
 * discount, and stores it (status `created`) with the coupon's place reserved.
 */
export async function startEnrollment(
  checkout: Checkout,
  learnerId: string,
  courseId: string,
  couponCode?: string,
): Promise<CreateOrderResponse> {
  const { db, notify } = checkout;
  const course = await buyableCourse(db, learnerId, courseId);
  if (course.price === 0) {
    await db.transaction((tx) => enrol(tx, learnerId, courseId, 0, notify));
    return freeAnswer();
  }
  const priced = couponCode ? await priceWithCoupon(db, couponCode, course, learnerId) : null;
  if (couponCode && priced && priced.discount === course.price) {
    await db.transaction(async (tx) => {
      await reserveCoupon(tx, couponCode, course, learnerId, null);
      await enrol(tx, learnerId, courseId, 0, notify);
    });
    return freeAnswer();
  }
  return openOrder(checkout, learnerId, course, couponCode ?? null, priced?.discount ?? 0);
}

/** Who may buy: not the course's creator (400), not someone already enrolled (409). */
async function buyableCourse(db: Db, learnerId: string, courseId: string) {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [owner] = await db.select({ id: courses.creatorId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (owner?.id === learnerId) {
    throw badRequest({
      id: 'enrol_own_course',
      message: 'You created this course, so you already have full access to it.',
    });
  }
  const course = await pricedCourse(db, courseId);
  if (await isEnrolled(db, learnerId, courseId))
    throw conflict({ id: 'already_enrolled', message: 'You are already enrolled in this course.' });
  return course;
}

/**
 * Opens (or reuses) the provider order for `price − discount`. A double click, a reload or a
 * cancelled checkout reuses the open order with the same amount and coupon instead of piling up new
 * ones. The provider is asked outside any transaction (no lock or connection held across an HTTP
 * call); the lock then makes parallel requests agree on one order (and one charge): a request that
 * lost the race leaves its provider order unused, and it is never shown, so never paid. The coupon's
 * place is reserved in the same transaction, holding the coupon's row: `maxRedemptions` holds.
 */
async function openOrder(
  { db, provider, orderTtlMs }: Checkout,
  learnerId: string,
  course: CourseForCoupon,
  couponCode: string | null,
  discount: number,
) {
  const amount = course.price - discount;
  const currency = CHECKOUT.currency;
  const present = (order: OrderRow) => ({
    id: order.providerOrderId,
    amount: order.amount,
    currency: order.currency,
    key: provider.keyId,
    provider: provider.name,
    expiresAt: order.expiresAt.toISOString(),
  });
  const findOpen = async (dbOrTx: DbOrTx) => {
    const [open] = await dbOrTx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, learnerId),
          eq(paymentOrders.courseId, course.id),
          eq(paymentOrders.provider, provider.name),
          eq(paymentOrders.status, 'created'),
          eq(paymentOrders.amount, amount),
          couponCode === null ? isNull(paymentOrders.couponCode) : eq(paymentOrders.couponCode, couponCode),
          // Only while at least half its life is left, so the checkout has time to finish.
          gt(paymentOrders.expiresAt, new Date(Date.now() + orderTtlMs / 2)),
        ),
      )
      .orderBy(desc(paymentOrders.createdAt))
      .limit(1);
    return open;
  };
  const reused = await findOpen(db);
  if (reused) return present(reused);

  const id = randomUUID();
  const providerOrder = await provider.createOrder({
    amount,
    currency,
    receipt: id,
    notes: { courseId: course.id, userId: learnerId, ...(couponCode ? { coupon: couponCode } : {}) },
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${learnerId}:${course.id}`}))`);
    const open = await findOpen(tx);
    if (open) return present(open);
    const expiresAt = new Date(Date.now() + orderTtlMs);
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        id,
        providerOrderId: providerOrder.id,
        provider: provider.name,
        userId: learnerId,
        courseId: course.id,
        amount,
        price: course.price,
        discount,
        couponCode,
        currency,
        status: 'created',
        expiresAt,
      })
      .returning();
    if (couponCode) {
      const reserved = await reserveCoupon(tx, couponCode, course, learnerId, { id, expiresAt });
      // The educator changed the coupon between the quote and now: charge nothing unexpected.
      if (reserved.discount !== discount)
        throw conflict({ id: 'coupon_changed', message: 'This coupon has just changed; please apply it again.' });
    }
    return present(order as OrderRow);
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
export async function verifyPayment(checkout: Checkout, learnerId: string, body: VerifyPaymentRequest) {
  const { db, keySecret } = checkout;
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!isValidPaymentSignature(orderId, paymentId, signature, keySecret)) {
    throw badRequest({
      id: 'payment_signature_invalid',
      message: 'Payment verification failed: the payment signature is not valid.',
    });
  }
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order)
      throw badRequest({
        id: 'payment_order_unknown',
        message: 'Payment verification failed: there is no such order.',
      });
    if (order.userId !== learnerId || order.courseId !== body.courseId) {
      throw badRequest({
        id: 'payment_order_mismatch',
        message: 'Payment verification failed: this order is not yours or is for another course.',
      });
    }
    if (order.status === 'failed')
      throw badRequest({
        id: 'payment_failed',
        message: 'Payment verification failed: this payment did not go through.',
      });
    // No expiry check: a valid signature means the money was taken (the provider's order has no
    // expiry of its own), so an order past our `expires_at` is completed, as the webhook does.
    await completeOrder(tx, checkout, order, paymentId);
  });
  return { message: MESSAGES.paymentVerified };
}

const isExpired = (order: OrderRow) => order.expiresAt.getTime() <= Date.now();

/**
 * Marks the (locked) order paid, enrols its learner at the order's amount, turns its coupon
 * reservation into a redemption, issues its tax invoice and records the educator's sale in the
 * ledger: one transaction, so there is never a payment without its enrolment, invoice and sale. A no-op for an order already paid (a repeated
 * verification or webhook; after a refund it must not give access back).
 */
async function completeOrder(tx: Tx, checkout: Checkout, order: OrderRow, paymentId: string) {
  if (order.status === 'paid') return;
  await tx
    .update(paymentOrders)
    .set({ status: 'paid', providerPaymentId: paymentId, paidAt: new Date() })
    .where(eq(paymentOrders.id, order.id));
  await enrol(tx, order.userId, order.courseId, order.amount, checkout.notify);
  // Course analytics' revenue (issue #33): with the payment, in its transaction.
  await recordEvent({ type: 'purchase', courseId: order.courseId, userId: order.userId, amount: order.amount }, { tx });
  await redeemOrder(tx, order.id);
  await issueInvoice(tx, checkout.billing, order.id);
  await recordSale(tx, checkout.earnings, order.id);
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
  if (inserted.length === 0) return;
  await notify(tx, userId, courseId);
  // Course analytics (issue #33): in the request's name when it is the learner's own (its visitor
  // attributes the enrolment to a traffic source); not for DNT / GPC.
  await recordEvent({ type: 'enrolment', courseId, userId }, { tx });
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
      refund: z.object({ entity: z.object({ id: text('id'), payment_id: text('payment_id').nullish() }) }).optional(),
    })
    .optional(),
});

export type WebhookOutcome = 'enrolled' | 'already-paid' | 'refund-updated' | 'ignored';

/**
 * Razorpay webhook (signature already checked): `payment.captured` and `order.paid` complete
 * the order exactly like verify-payment does, for learners whose browser never came back;
 * `refund.processed` and `refund.failed` update the refund (modules/refunds).
 * Anything else is acknowledged and ignored, so Razorpay does not retry it.
 */
export async function handleWebhook(
  checkout: Checkout,
  log: FastifyBaseLogger,
  event: unknown,
): Promise<WebhookOutcome> {
  const { db } = checkout;
  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) {
    log.warn('payment webhook: unexpected body, ignored');
    return 'ignored';
  }
  const { event: name, payload } = parsed.data;
  if (name === 'refund.processed' || name === 'refund.failed') {
    const refund = payload?.refund?.entity;
    if (!refund) return 'ignored';
    return (await handleRefundEvent(db, log, name, refund)) === 'updated' ? 'refund-updated' : 'ignored';
  }
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
    await completeOrder(tx, checkout, order, payment.id);
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
    if (!order || order.userId !== learnerId || order.provider !== 'sandbox')
      throw notFound({ id: 'order_not_found', message: 'Order not found' });
    if (order.status === 'paid') throw conflict({ id: 'order_paid', message: 'This order is already paid.' });
    if (order.status === 'failed')
      throw conflict({ id: 'order_failed', message: 'This test payment already failed; start a new checkout.' });
    if (isExpired(order))
      throw conflict({ id: 'order_expired', message: 'This order has expired; start a new checkout.' });
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

// The operator console retries failed refunds with the same provider (modules/admin).
export { type RefundRetryDeps, retryRefund } from './payments.refund-retry.ts';
// The purchases page asks payments whether each purchase can be refunded.
export { presentEligibility, refundEligibility } from './payments.refunds.ts';
