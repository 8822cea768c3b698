import { MESSAGES, type RefundEligibility, type RefundPolicy, type RefundResponse } from '@kaksha/contracts';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../core/db/client.ts';
import {
  certificates,
  enrollments,
  lectureProgress,
  lectures,
  paymentOrders,
  refunds,
} from '../../core/db/schema/index.ts';
import { AppError, conflict, type ErrorText, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { type BillingConfig, rupees } from '../billing/billing.service.ts';
import { releaseOrder } from '../coupons/coupons.service.ts';
import { reverseSale } from '../earnings/earnings.service.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import { notifyRefundProcessed } from '../notifications/notifications.service.ts';
import type { PaymentProviderClient } from './payments.provider.ts';

/**
 * Refunds (issue #28), part of payments: they go through the same provider and its webhook. A learner may refund a paid course within the window, below the share of
 * lectures completed, before claiming its certificate, and a few times per 90 days. The refund row
 * is stored (pending) before the provider is asked, and its id is the provider's idempotency key;
 * once the provider has it, access ends (progress is kept, so buying again restores it), the
 * coupon's place is freed and a credit note reverses the invoice — in one transaction.
 */

export interface Refunder {
  db: Db;
  provider: PaymentProviderClient;
  billing: BillingConfig;
  policy: RefundPolicy;
}

type OrderRow = typeof paymentOrders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

const DAY_MS = 86_400_000;

/** The learner's latest paid order for the course (what a refund would reverse). */
async function paidOrder(db: DbOrTx, userId: string, courseId: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.courseId, courseId),
        eq(paymentOrders.status, 'paid'),
        gt(paymentOrders.amount, 0),
      ),
    )
    .orderBy(desc(paymentOrders.paidAt))
    .limit(1);
  const [order] = lock ? await query.for('update') : await query;
  return order;
}

const refundOf = async (db: DbOrTx, orderId: string) =>
  (await db.select().from(refunds).where(eq(refunds.orderId, orderId)).limit(1))[0];

/** Completed lectures of the course as a whole percent (rounded down), 0 for a course without lectures. */
async function progressPercent(db: DbOrTx, userId: string, courseId: string) {
  const [row] = await db
    .select({
      total: sql<number>`(select count(*)::int from ${lectures} where ${lectures.courseId} = ${courseId})`,
      done: sql<number>`count(*)::int`,
    })
    .from(lectureProgress)
    .where(
      and(
        eq(lectureProgress.userId, userId),
        eq(lectureProgress.courseId, courseId),
        eq(lectureProgress.completed, true),
      ),
    );
  const total = row?.total ?? 0;
  return total === 0 ? 0 : Math.floor(((row?.done ?? 0) * 100) / total);
}

const formatDate = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Whether the learner may refund this course now, and why not. Checked again, holding the order's
 * row, when a refund is requested.
 */
export async function refundEligibility(
  db: DbOrTx,
  policy: RefundPolicy,
  userId: string,
  courseId: string,
  known?: { order: OrderRow | undefined },
): Promise<RefundEligibility & { order?: OrderRow; refund?: RefundRow; refusal?: ErrorText }> {
  const order = known ? known.order : isUuid(courseId) ? await paidOrder(db, userId, courseId) : undefined;
  const progress = await (order ? progressPercent(db, userId, courseId) : 0);
  const facts = (deadline: Date | null) => ({
    deadline: deadline?.toISOString() ?? null,
    progressPercent: progress,
    amount: order ? rupees(order.amount) : 0,
    order,
  });
  /** Not eligible: `reason` says why (the answer's text); `refusal` is it with its id, for a request's 409. */
  const no = (refusal: ErrorText, deadline: Date | null = null) => ({
    ...facts(deadline),
    eligible: false,
    reason: refusal.message,
    refusal,
  });
  const yes = (deadline: Date) => ({ ...facts(deadline), eligible: true, reason: null, refusal: undefined });
  if (!order)
    return no({ id: 'refund_not_paid', message: 'You have not paid for this course, so there is nothing to refund.' });
  const deadline = new Date((order.paidAt ?? order.createdAt).getTime() + policy.windowDays * DAY_MS);
  const refund = await refundOf(db, order.id);
  // Stored but never accepted by the provider (it was unreachable): asking again completes it.
  if (refund?.providerRefundId === null && refund.status === 'pending') {
    return { ...yes(deadline), refund };
  }
  if (refund)
    return { ...no({ id: 'refund_already', message: 'This purchase has already been refunded.' }, deadline), refund };
  if (Date.now() > deadline.getTime()) {
    const message = `The ${policy.windowDays}-day refund window ended on ${formatDate(deadline)}.`;
    return no(
      { id: 'refund_window_ended', message, params: { days: policy.windowDays, date: deadline.toISOString() } },
      deadline,
    );
  }
  if (progress > policy.maxProgressPercent) {
    const message = `You have completed ${progress}% of the lectures; refunds are possible up to ${policy.maxProgressPercent}%.`;
    return no({ id: 'refund_progress', message, params: { progress, max: policy.maxProgressPercent } }, deadline);
  }
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  if (certificate) {
    const message = 'You have claimed the certificate for this course, so it cannot be refunded.';
    return no({ id: 'refund_certificate', message }, deadline);
  }
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.userId, userId),
        ne(refunds.status, 'failed'),
        gt(refunds.createdAt, new Date(Date.now() - 90 * DAY_MS)),
      ),
    );
  if ((recent?.count ?? 0) >= policy.maxPer90Days) {
    const message = `You have had ${policy.maxPer90Days} refunds in the last 90 days, the most we allow.`;
    return no({ id: 'refund_limit', message, params: { max: policy.maxPer90Days } }, deadline);
  }
  return yes(deadline);
}

/** The public answer: the rows stay inside. */
export const presentEligibility = ({
  order: _o,
  refund: _r,
  refusal: _f,
  ...eligibility
}: Awaited<ReturnType<typeof refundEligibility>>) => eligibility;

/**
 * `POST /api/payment/refund`. Repeated or concurrent requests queue on the order's row lock and
 * share one refund row, so the provider is asked with one idempotency key and one credit note is
 * issued; each gets the same answer.
 */
export async function requestRefund(
  refunder: Refunder,
  userId: string,
  courseId: string,
  reason: string,
): Promise<RefundResponse> {
  const { db, provider } = refunder;
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const { order, refund } = await db.transaction(async (tx) => {
    const order = await paidOrder(tx, userId, courseId, { lock: true });
    const existing = order && (await refundOf(tx, order.id));
    if (order && existing) return { order, refund: existing };
    const eligibility = await refundEligibility(tx, refunder.policy, userId, courseId, { order });
    if (!eligibility.eligible || !order)
      throw conflict(
        eligibility.refusal ?? { id: 'refund_not_possible', message: 'This purchase cannot be refunded.' },
      );
    const [created] = await tx
      .insert(refunds)
      .values({ orderId: order.id, userId, courseId, amount: order.amount, reason })
      .returning();
    return { order, refund: created as RefundRow };
  });
  const accepted = refund.providerRefundId
    ? { id: refund.providerRefundId, status: refund.status }
    : await provider.refund({
        paymentId: order.providerPaymentId ?? '',
        amount: refund.amount,
        idempotencyKey: refund.id,
        notes: { refundId: refund.id, courseId, userId },
      });
  const answer = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
    let current = locked as RefundRow;
    if (current.providerRefundId === null) {
      [current] = (await tx
        .update(refunds)
        .set({ providerRefundId: accepted.id, status: accepted.status })
        .where(eq(refunds.id, refund.id))
        .returning()) as [RefundRow];
    }
    // A refund the provider failed gives nothing back: the learner keeps the course.
    if (current.status === 'failed') return null;
    // A no-op until the refund is processed (the sandbox's at once, Razorpay's by its webhook).
    await notifyRefundProcessed(tx, current.id);
    const creditNote = await endPurchase(tx, refunder.billing, order);
    return {
      message: MESSAGES.refundCreated,
      refund: { _id: current.id, amount: rupees(current.amount), status: current.status },
      creditNote: { _id: creditNote.id, number: creditNote.number },
    };
  });
  if (!answer) throw refundFailed();
  return answer;
}

const refundFailed = () =>
  new AppError(502, 'refund_failed', 'The payment provider could not refund this payment. Please contact support.');

/** Access ends (progress stays), the coupon's place is freed, a credit note reverses the invoice and the ledger's sale. Idempotent. */
export async function endPurchase(tx: Tx, billing: BillingConfig, order: OrderRow) {
  const ended = await tx
    .delete(enrollments)
    .where(and(eq(enrollments.userId, order.userId), eq(enrollments.courseId, order.courseId)))
    .returning({ id: enrollments.id });
  // Course analytics' refunds (issue #33): once, with the access it ends.
  if (ended.length > 0)
    await recordEvent({ type: 'refund', courseId: order.courseId, userId: order.userId, amount: order.amount }, { tx });
  await releaseOrder(tx, order.id);
  await reverseSale(tx, order.id);
  return issueCreditNote(tx, billing, order.id);
}

export type RefundEvent = 'refund.processed' | 'refund.failed';

/**
 * Razorpay's `refund.processed` / `refund.failed` (signature already checked): the refund's status
 * follows. Found by the provider's refund id, or — when the webhook outruns our own answer from
 * the provider — by the payment it refunds. Unknown refunds are acknowledged and ignored.
 */
export async function handleRefundEvent(
  db: Db,
  log: FastifyBaseLogger,
  event: RefundEvent,
  entity: { id: string; payment_id?: string | null },
): Promise<'updated' | 'ignored'> {
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  return db.transaction(async (tx) => {
    let [refund] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, entity.id)).for('update');
    if (!refund && entity.payment_id) {
      [refund] = await tx
        .select({ refund: refunds })
        .from(refunds)
        .innerJoin(paymentOrders, eq(paymentOrders.id, refunds.orderId))
        .where(eq(paymentOrders.providerPaymentId, entity.payment_id))
        .for('update', { of: refunds })
        .then((rows) => rows.map((r) => r.refund));
    }
    if (!refund) {
      log.warn({ event, refundId: entity.id }, 'refund webhook: unknown refund, ignored');
      return 'ignored';
    }
    if (refund.status === 'failed' && status === 'processed') {
      log.warn({ event, refundId: entity.id }, 'refund webhook: processed after failed');
    }
    if (status === 'failed') {
      // The credit note is issued and access has ended; the money did not go back. The operator
      // must act (retry from the provider's dashboard): say so loudly.
      log.error({ event, refundId: entity.id, orderId: refund.orderId }, 'refund failed at the provider');
    }
    await tx
      .update(refunds)
      .set({ status, providerRefundId: refund.providerRefundId ?? entity.id })
      .where(eq(refunds.id, refund.id));
    await notifyRefundProcessed(tx, refund.id);
    return 'updated';
  });
}
