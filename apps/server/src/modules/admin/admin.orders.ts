import type { AdminOrderPage, AdminRefundPage } from '@kaksha/contracts';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, invoices, paymentOrders, refundRetries, refunds, users } from '../../core/db/schema/index.ts';
import { isUuid } from '../../core/ids.ts';
import { rupees } from '../billing/billing.service.ts';

/** The console's orders and refunds (issue #31): searches and lists, newest first, keyset-paged. */

const learner = alias(users, 'learner');
const educator = alias(users, 'educator');
const invoice = alias(invoices, 'invoice');
const creditNote = alias(invoices, 'credit_note');

/**
 * Keyset cursors `<created, microseconds since 1970>_<id>`: the last row's keys, to the microsecond
 * PostgreSQL keeps (milliseconds would skip rows created within the same one).
 */
const keyOf = (table: typeof paymentOrders | typeof refunds) =>
  sql<string>`(extract(epoch from ${table.createdAt}) * 1000000)::bigint::text`;
function after(cursor: string | undefined, table: typeof paymentOrders | typeof refunds) {
  const [micros, id] = cursor?.split('_') ?? [];
  if (!micros || !id || !isUuid(id) || !/^\d{1,18}$/.test(micros)) return undefined;
  return sql`(${table.createdAt}, ${table.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;
}

/** Escapes LIKE's wildcards in what an operator typed. */
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What `q` names: an order (our id, the provider's order or payment id), a document number, or a learner's e-mail. */
function orderMatch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (isUuid(q)) return eq(paymentOrders.id, q);
  if (/^(order|pay)_/.test(q)) return or(eq(paymentOrders.providerOrderId, q), eq(paymentOrders.providerPaymentId, q));
  if (q.includes('/')) {
    const number = q.toUpperCase();
    return or(eq(invoice.number, number), eq(creditNote.number, number));
  }
  return ilike(learner.email, `%${likeText(q.toLowerCase())}%`);
}

export async function searchOrders(
  db: DbOrTx,
  q: string | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<AdminOrderPage> {
  const rows = await db
    .select({
      order: paymentOrders,
      key: keyOf(paymentOrders),
      learner: { id: learner.id, name: learner.name, email: learner.email },
      educator: { id: educator.id, name: educator.name, email: educator.email },
      course: { id: courses.id, title: courses.title },
      invoice: { id: invoice.id, number: invoice.number },
      creditNote: { id: creditNote.id, number: creditNote.number },
      refund: { id: refunds.id, status: refunds.status, amount: refunds.amount },
    })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(learner, eq(learner.id, paymentOrders.userId))
    .leftJoin(educator, eq(educator.id, courses.creatorId))
    .leftJoin(invoice, and(eq(invoice.orderId, paymentOrders.id), eq(invoice.kind, 'invoice')))
    .leftJoin(creditNote, and(eq(creditNote.orderId, paymentOrders.id), eq(creditNote.kind, 'creditNote')))
    .leftJoin(refunds, eq(refunds.orderId, paymentOrders.id))
    .where(and(orderMatch(q), after(cursor, paymentOrders)))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const person = (p: { id: string; name: string; email: string } | null) =>
    p ? { _id: p.id, name: p.name, email: p.email } : null;
  const last = page.at(-1);
  return {
    orders: page.map((row) => ({
      _id: row.order.id,
      providerOrderId: row.order.providerOrderId,
      providerPaymentId: row.order.providerPaymentId,
      provider: row.order.provider,
      status: row.order.status,
      learner: person(row.learner),
      course: { _id: row.course.id, title: row.course.title },
      educator: person(row.educator),
      amount: rupees(row.order.amount),
      price: rupees(row.order.price ?? row.order.amount),
      discount: rupees(row.order.discount),
      couponCode: row.order.couponCode,
      createdAt: row.order.createdAt.toISOString(),
      paidAt: row.order.paidAt?.toISOString() ?? null,
      invoice: row.invoice ? { _id: row.invoice.id, number: row.invoice.number } : null,
      creditNote: row.creditNote ? { _id: row.creditNote.id, number: row.creditNote.number } : null,
      refund: row.refund ? { _id: row.refund.id, status: row.refund.status, amount: rupees(row.refund.amount) } : null,
    })),
    nextCursor: rows.length > limit && last ? `${last.key}_${last.order.id}` : null,
  };
}

/** `GET /api/admin/refunds?status=`: failed ones first in the console (it asks for them). */
export async function listRefunds(
  db: DbOrTx,
  status: (typeof refunds.$inferSelect)['status'] | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<AdminRefundPage> {
  const rows = await db
    .select({
      refund: refunds,
      key: keyOf(refunds),
      learner: { id: learner.id, name: learner.name, email: learner.email },
      course: { id: courses.id, title: courses.title },
      creditNote: { id: creditNote.id, number: creditNote.number },
      retries: sql<number>`(select count(*)::int from ${refundRetries} where ${refundRetries.refundId} = ${refunds.id})`,
    })
    .from(refunds)
    .innerJoin(courses, eq(courses.id, refunds.courseId))
    .leftJoin(learner, eq(learner.id, refunds.userId))
    .leftJoin(creditNote, and(eq(creditNote.orderId, refunds.orderId), eq(creditNote.kind, 'creditNote')))
    .where(and(status ? eq(refunds.status, status) : undefined, after(cursor, refunds)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    refunds: page.map((row) => ({
      _id: row.refund.id,
      status: row.refund.status,
      amount: rupees(row.refund.amount),
      reason: row.refund.reason,
      createdAt: row.refund.createdAt.toISOString(),
      providerRefundId: row.refund.providerRefundId,
      orderId: row.refund.orderId,
      learner: row.learner ? { _id: row.learner.id, name: row.learner.name, email: row.learner.email } : null,
      course: { _id: row.course.id, title: row.course.title },
      creditNote: row.creditNote ? { _id: row.creditNote.id, number: row.creditNote.number } : null,
      retries: row.retries,
    })),
    nextCursor: rows.length > limit && last ? `${last.key}_${last.refund.id}` : null,
  };
}
