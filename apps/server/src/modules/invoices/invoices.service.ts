import type { Invoice, InvoiceKind } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { courses, invoices, paymentOrders, users } from '../../core/db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { type BillingConfig, getBillingDetails, quotePrice } from '../billing/billing.service.ts';
import { documentNumber, financialYear, nextSequence } from './invoices.numbering.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import { presentInvoice } from './invoices.presenter.ts';
import { orderDocument, userDocument, userDocuments } from './invoices.queries.ts';

/**
 * Tax invoices and credit notes (issue #28): the public face of the invoices module. Payments issue
 * an invoice in the transaction that marks an order paid; refunds issue the credit note that
 * reverses it. Each takes its number from its series (invoices.numbering.ts) in that transaction,
 * so the series stay gapless. Documents are append-only (a trigger refuses changes); the buyer
 * reads them as JSON and as a PDF.
 */

export interface IssuedDocument {
  id: string;
  number: string;
}

const NOT_FOUND = { id: 'invoice_not_found', message: 'Invoice not found' } as const;
const issued = (row: { id: string; number: string }): IssuedDocument => ({ id: row.id, number: row.number });
const paise = (rupees: number) => Math.round(rupees * 100);

/** The order, its row locked till the transaction ends: concurrent issues for one order queue on it. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
  if (!order) throw new Error(`Cannot issue a document for order ${orderId}: there is no such order`);
  return order;
}

/** Takes the next number of a kind's series for a document issued at `at`. */
async function number(tx: Tx, billing: BillingConfig, kind: InvoiceKind, at: Date) {
  const year = financialYear(at);
  const sequence = await nextSequence(tx, kind, year);
  return { financialYear: year, sequence, number: documentNumber(kind, billing.invoicePrefix, year, sequence) };
}

/**
 * Issues the tax invoice of a paid order, dated when it was paid, in the caller's transaction (the
 * one marking it paid). Idempotent: an order that has its invoice gets that one back. The buyer is
 * the learner's billing details, or without them their name in the seller's state; the tax is
 * carved out of the amount charged as the checkout quoted it (modules/billing), none from an
 * unregistered seller (a receipt). Every party and figure is copied in, so the document never changes.
 */
export async function issueInvoice(tx: Tx, billing: BillingConfig, orderId: string): Promise<IssuedDocument> {
  const order = await lockOrder(tx, orderId);
  const existing = await orderDocument(tx, orderId, 'invoice');
  if (existing) return issued(existing);
  if (order.status !== 'paid') throw new Error(`Cannot invoice order ${orderId}: it is ${order.status}, not paid`);
  if (order.amount <= 0) {
    throw new Error(`Cannot invoice order ${orderId}: nothing was charged (free enrolments get no invoice)`);
  }
  // Orders from before coupons have no price: the price was the amount.
  const price = order.price ?? order.amount;
  if (price - order.discount !== order.amount) {
    throw new Error(
      `Cannot invoice order ${orderId}: price ${price} less discount ${order.discount} is not the amount ${order.amount} paise`,
    );
  }

  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, order.userId));
  const details = await getBillingDetails(tx, order.userId);
  const quote = await quotePrice(tx, billing, order.userId, price, order.discount);
  const { seller } = billing;
  const issuedAt = order.paidAt ?? new Date();
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      ...(await number(tx, billing, 'invoice', issuedAt)),
      issuedAt,
      orderId,
      userId: order.userId,
      courseId: order.courseId,
      seller: { name: seller.legalName, address: seller.address, gstin: seller.gstin, stateCode: seller.stateCode },
      buyer: {
        name: details?.name ?? user?.name ?? '',
        stateCode: details?.stateCode ?? seller.stateCode,
        gstin: details?.gstin ?? null,
      },
      placeOfSupply: quote.placeOfSupply.stateCode,
      sac: billing.sacCode,
      description: course?.title ?? '',
      gstRate: quote.gstRate,
      price,
      discount: order.discount,
      taxable: paise(quote.taxable),
      cgst: paise(quote.cgst),
      sgst: paise(quote.sgst),
      igst: paise(quote.igst),
      total: order.amount,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return issued(row as IssuedDocument);
}

/**
 * Issues the credit note reversing an order's invoice (a refund), dated now, in its own series and
 * the caller's transaction: the invoice's parties and figures, referring to it. Idempotent: one
 * credit note per invoice, so a repeated refund gets the same one back.
 */
export async function issueCreditNote(tx: Tx, billing: BillingConfig, orderId: string): Promise<IssuedDocument> {
  await lockOrder(tx, orderId);
  const existing = await orderDocument(tx, orderId, 'creditNote');
  if (existing) return issued(existing);
  const invoice = await orderDocument(tx, orderId, 'invoice');
  if (!invoice) throw new Error(`Cannot credit order ${orderId}: it has no invoice`);
  // The same parties and figures: a credit note reverses its invoice exactly.
  const { userId, courseId, seller, buyer, placeOfSupply, sac, description, gstRate } = invoice;
  const { price, discount, taxable, cgst, sgst, igst, total } = invoice;
  const issuedAt = new Date();
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'creditNote',
      ...(await number(tx, billing, 'creditNote', issuedAt)),
      issuedAt,
      orderId,
      userId,
      courseId,
      seller,
      buyer,
      placeOfSupply,
      sac,
      description,
      gstRate,
      price,
      discount,
      taxable,
      cgst,
      sgst,
      igst,
      total,
      refersTo: invoice.id,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return issued(row as IssuedDocument);
}

/** The user's invoices and credit notes, newest first. */
export async function listMyInvoices(db: DbOrTx, userId: string): Promise<Invoice[]> {
  return (await userDocuments(db, userId)).map(presentInvoice);
}

/** Another user's document, like one that does not exist, is 404: its number says nothing to them. */
async function myDocument(db: DbOrTx, userId: string, id: string) {
  const document = isUuid(id) ? await userDocument(db, userId, id) : undefined;
  if (!document) throw notFound(NOT_FOUND);
  return document;
}

export async function findMyInvoice(db: DbOrTx, userId: string, id: string): Promise<Invoice> {
  return presentInvoice(await myDocument(db, userId, id));
}

/** The document as an A4 PDF, and a file name made of its number. */
export async function myInvoicePdf(db: DbOrTx, userId: string, id: string) {
  const document = await myDocument(db, userId, id);
  const invoice = presentInvoice(document);
  const pdf = await renderInvoicePdf(invoice, document.original?.issuedAt.toISOString() ?? null);
  return { pdf, fileName: `${invoice.number.replaceAll('/', '-')}.pdf` };
}
