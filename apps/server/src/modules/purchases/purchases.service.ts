import type { Purchase, RefundPolicy } from '@kaksha/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, invoices, paymentOrders, refunds } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage/types.ts';
import { rupees } from '../billing/billing.service.ts';
import { thumbnailUrls } from '../media/media.service.ts';
import { presentEligibility, refundEligibility } from '../payments/payments.service.ts';

/**
 * `GET /api/payment/purchases` (issue #28): the learner's paid orders, newest first, each with its
 * invoice, credit note, refund and whether it can be refunded now. A learner has few orders, so
 * each one's eligibility is worked out on its own.
 */
export async function listPurchases(
  db: DbOrTx,
  storage: Storage,
  policy: RefundPolicy,
  userId: string,
): Promise<Purchase[]> {
  const invoice = alias(invoices, 'invoice');
  const creditNote = alias(invoices, 'credit_note');
  const rows = await db
    .select({
      order: paymentOrders,
      course: { id: courses.id, title: courses.title, thumbnailKey: courses.thumbnailKey },
      invoice: { id: invoice.id, number: invoice.number },
      creditNote: { id: creditNote.id, number: creditNote.number },
      refund: { id: refunds.id, amount: refunds.amount, status: refunds.status },
    })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(invoice, and(eq(invoice.orderId, paymentOrders.id), eq(invoice.kind, 'invoice')))
    .leftJoin(creditNote, and(eq(creditNote.orderId, paymentOrders.id), eq(creditNote.kind, 'creditNote')))
    .leftJoin(refunds, eq(refunds.orderId, paymentOrders.id))
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'paid')))
    .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id));
  return Promise.all(
    rows.map(async ({ order, course, invoice, creditNote, refund }) => ({
      orderId: order.id,
      course: { _id: course.id, title: course.title, thumbnail: thumbnailUrls(storage, course.thumbnailKey).thumbnail },
      paidAt: (order.paidAt ?? order.createdAt).toISOString(),
      amount: rupees(order.amount),
      price: rupees(order.price ?? order.amount),
      discount: rupees(order.discount),
      couponCode: order.couponCode,
      invoice: invoice ? { _id: invoice.id, number: invoice.number } : null,
      creditNote: creditNote ? { _id: creditNote.id, number: creditNote.number } : null,
      refund: refund ? { _id: refund.id, amount: rupees(refund.amount), status: refund.status } : null,
      refundEligibility: presentEligibility(await refundEligibility(db, policy, userId, course.id, { order })),
    })),
  );
}
