import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../core/db/client.ts';
import { invoices, paymentOrders } from '../../core/db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** A document as stored, with its order's course and, for a credit note, the invoice it reverses. */
export interface StoredDocument {
  row: InvoiceRow;
  /** The order's course: the document's own link is cleared if the course is ever deleted. */
  courseId: string;
  original: { number: string; issuedAt: Date } | null;
}

const original = alias(invoices, 'original');

async function selectDocuments(db: DbOrTx, where: SQL | undefined): Promise<StoredDocument[]> {
  const rows = await db
    .select({
      row: invoices,
      courseId: paymentOrders.courseId,
      originalNumber: original.number,
      originalIssuedAt: original.issuedAt,
    })
    .from(invoices)
    .innerJoin(paymentOrders, eq(paymentOrders.id, invoices.orderId))
    .leftJoin(original, eq(original.id, invoices.refersTo))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  return rows.map(({ row, courseId, originalNumber, originalIssuedAt }) => ({
    row,
    courseId,
    original: originalNumber && originalIssuedAt ? { number: originalNumber, issuedAt: originalIssuedAt } : null,
  }));
}

/** A user's invoices and credit notes, newest first. */
export const userDocuments = (db: DbOrTx, userId: string) => selectDocuments(db, eq(invoices.userId, userId));

/** One document, only if it is the user's. */
export async function userDocument(db: DbOrTx, userId: string, id: string): Promise<StoredDocument | undefined> {
  const [document] = await selectDocuments(db, and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return document;
}

/** The order's document of a kind (an order has at most one of each). */
export async function orderDocument(db: DbOrTx, orderId: string, kind: InvoiceRow['kind']) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
    .limit(1);
  return row;
}
