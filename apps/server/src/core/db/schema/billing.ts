import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A learner's billing details (modules/billing, issue #28): the name and state an invoice is made out
 * to, and a GSTIN when they buy as a registered business. One row per user (the user id is the
 * primary key, so saving twice at once keeps one row); it goes with the user. The state decides the
 * place of supply (CGST+SGST or IGST); the service checks the GSTIN's format, check character and
 * state before storing it, and the checks here only keep the shape honest.
 */
export const billingDetails = pgTable(
  'billing_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Two-digit GST state code (@kaksha/contracts GST_STATES). */
    stateCode: text('state_code').notNull(),
    /** Upper-cased, 15 characters; null for a learner who is not GST-registered. */
    gstin: text('gstin'),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('billing_details_state_code_check', sql`${t.stateCode} ~ '^[0-9]{2}$'`),
    check('billing_details_gstin_check', sql`${t.gstin} is null or ${t.gstin} ~ '^[0-9A-Z]{15}$'`),
  ],
);
