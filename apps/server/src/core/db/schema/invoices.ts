import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { courses } from './courses.ts';
import { paymentOrders } from './payment-orders.ts';
import { users } from './users.ts';

/**
 * Tax invoices and credit notes (modules/invoices, issue #28). Append-only: a document is never
 * changed or deleted (a trigger refuses it, migration 0021); a refund is a new credit note. Every
 * party and figure is copied in at issue time, so a document reads the same forever whatever
 * happens to the course, the user or the configuration. Amounts in paise.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    number: text('number').notNull(),
    /** Financial year (April-March, India time) as its first year, and the place in its series. */
    financialYear: integer('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    // A tax document outlives the account and the course (records are kept for years): no cascade.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** {name, address, gstin, stateCode} of the seller, {name, stateCode, gstin} of the buyer. */
    seller: jsonb('seller')
      .$type<{ name: string; address: string; gstin: string | null; stateCode: string }>()
      .notNull(),
    buyer: jsonb('buyer').$type<{ name: string; stateCode: string; gstin: string | null }>().notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    sac: text('sac').notNull(),
    description: text('description').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    price: integer('price').notNull(),
    discount: integer('discount').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    /** A credit note's invoice. */
    refersTo: uuid('refers_to'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_key').on(t.kind, t.financialYear, t.sequence),
    // Exactly one invoice per paid order, and one credit note per invoice.
    uniqueIndex('invoices_order_kind_key').on(t.orderId, t.kind),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    // The month's documents for the GST return (modules/admin, issue #31): all of them, and those it
    // lists one by one (a registered buyer's, or an unregistered buyer's inter-state one above ₹1,00,000).
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_gstr_listed_idx')
      .on(t.issuedAt)
      .where(
        sql`(${t.buyer} ->> 'gstin') is not null or (${t.placeOfSupply} <> (${t.seller} ->> 'stateCode') and ${t.total} > 10000000)`,
      ),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'creditNote')`),
    check('invoices_total_check', sql`${t.total} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
    check('invoices_number_check', sql`${t.number} ~ '^[A-Z0-9/-]{1,16}$'`),
  ],
);

/**
 * The next number of each series (kind × financial year). Taking a number updates this row in the
 * transaction that issues the document, so concurrent issues queue on its lock and a rolled-back
 * issue gives its number back: the series has no gaps and no duplicates.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    financialYear: integer('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);
