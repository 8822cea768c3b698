import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../core/config.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { invoices, paymentOrders, refundRetries, refunds } from '../../core/db/schema/index.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { BillingConfig } from '../billing/billing.service.ts';
import { createPaymentProvider } from './payments.provider.ts';
import { endPurchase } from './payments.refunds.ts';

/**
 * The operator's retry of a failed refund (issue #31, `POST /api/admin/refunds/{id}/retry`). A
 * refund the provider failed has spent its idempotency key there, so a retry asks with a new one: a
 * `refund_retries` row, stored before the call (an interrupted retry is asked again with the same
 * key, never a third). If the refund failed at once the learner still has the course: once the
 * provider accepts the retry, access ends and the credit note and the ledger's reversal are written,
 * as for any refund. If it failed later (access already ended, the credit note issued), only its
 * status follows: the learner may have bought the course again since.
 */

export interface RefundRetryDeps {
  db: Db;
  payment: Config['payment'];
  billing: BillingConfig;
}

/** Writes what changed to the audit log, in the retry's transaction. */
type AuditChange = (
  tx: Tx,
  change: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

export async function retryRefund(
  { db, payment, billing }: RefundRetryDeps,
  refundId: string,
  actorId: string,
  audit: AuditChange,
) {
  if (!isUuid(refundId)) throw notFound({ id: 'refund_not_found', message: 'Refund not found' });
  const { refund, order, attempt } = await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) throw notFound({ id: 'refund_not_found', message: 'Refund not found' });
    if (refund.status !== 'failed')
      throw conflict({
        id: 'refund_not_failed',
        message: `Only a failed refund can be retried; this one is ${refund.status}.`,
        params: { status: refund.status },
      });
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, refund.orderId));
    // A retry that never got its answer is asked again with its own key.
    const [unanswered] = await tx
      .select()
      .from(refundRetries)
      .where(and(eq(refundRetries.refundId, refundId), isNull(refundRetries.providerRefundId)))
      .orderBy(desc(refundRetries.createdAt))
      .limit(1);
    const attempt =
      unanswered ??
      (
        await tx
          .insert(refundRetries)
          .values({ refundId, actorId, previousProviderRefundId: refund.providerRefundId })
          .returning()
      )[0];
    return {
      refund,
      order: order as typeof paymentOrders.$inferSelect,
      attempt: attempt as typeof refundRetries.$inferSelect,
    };
  });
  const accepted = await createPaymentProvider(payment).refund({
    paymentId: order.providerPaymentId ?? '',
    amount: refund.amount,
    idempotencyKey: attempt.id,
    notes: { refundId, retry: attempt.id, courseId: refund.courseId, userId: refund.userId },
  });
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (current?.status !== 'failed' || current.providerRefundId !== refund.providerRefundId) {
      throw conflict({ id: 'refund_changed', message: 'This refund changed while it was being retried; reload it.' });
    }
    await tx.update(refundRetries).set({ providerRefundId: accepted.id }).where(eq(refundRetries.id, attempt.id));
    const [updated] = await tx
      .update(refunds)
      .set({ providerRefundId: accepted.id, status: accepted.status })
      .where(eq(refunds.id, refundId))
      .returning();
    const [credited] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'creditNote')));
    if (accepted.status !== 'failed' && !credited) await endPurchase(tx, billing, order);
    await audit(tx, {
      action: 'refund.retry',
      target: `refund:${refundId}`,
      before: { status: refund.status, providerRefundId: refund.providerRefundId },
      after: { status: accepted.status, providerRefundId: accepted.id },
    });
    return updated as typeof refunds.$inferSelect;
  });
}
