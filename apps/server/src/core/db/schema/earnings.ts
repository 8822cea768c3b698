import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { paymentOrders } from './payment-orders.ts';
import { refunds } from './refunds.ts';
import { users } from './users.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The educators' revenue ledger (modules/earnings, issue #31). Append-only: a trigger refuses
 * UPDATE and DELETE (migration 0024), so a sum once written is never changed; a mistake is
 * corrected by a new entry. One row per money event and educator, its parts in paise: a sale
 * `gross = gst + platform_fee + educator_share`, its refund the same negated; a payout, a failed
 * payout's return and an operator's adjustment (with a reason) move the share only.
 * The share counts as available from `available_at` (a sale: when its refund window closes).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    /** Insertion order: the keyset of the newest-first pages. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    educatorId: uuid('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['sale', 'refund', 'payout', 'payoutReturn', 'adjustment'] }).notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    gross: paise('gross').notNull(),
    gst: paise('gst').notNull(),
    platformFee: paise('platform_fee').notNull(),
    educatorShare: paise('educator_share').notNull(),
    availableAt: at('available_at').notNull(),
    /** An adjustment's reason, and the operator who made it (kept if the account goes). */
    reason: text('reason'),
    actorId: uuid('actor_id'),
  },
  (t) => [
    uniqueIndex('ledger_entries_seq_key').on(t.seq),
    index('ledger_entries_educator_seq_idx').on(t.educatorId, t.seq),
    index('ledger_entries_educator_available_idx').on(t.educatorId, t.availableAt),
    index('ledger_entries_educator_at_idx').on(t.educatorId, t.at),
    // One sale and at most one reversal per order; one debit and at most one return per payout.
    uniqueIndex('ledger_entries_order_kind_key').on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
    uniqueIndex('ledger_entries_payout_kind_key').on(t.payoutId, t.kind).where(sql`${t.payoutId} is not null`),
    // A sale (and its reversal) splits what the learner paid; the other kinds move the share only.
    check(
      'ledger_entries_parts_check',
      sql`${t.kind} not in ('sale', 'refund') or ${t.gross} = ${t.gst} + ${t.platformFee} + ${t.educatorShare}`,
    ),
    check(
      'ledger_entries_kind_check',
      sql`case ${t.kind}
        when 'sale' then ${t.orderId} is not null and ${t.gst} >= 0 and ${t.platformFee} >= 0 and ${t.educatorShare} >= 0
        when 'refund' then ${t.orderId} is not null and ${t.gst} <= 0 and ${t.platformFee} <= 0 and ${t.educatorShare} <= 0
        when 'payout' then ${t.payoutId} is not null and ${t.gross} = 0 and ${t.gst} = 0 and ${t.educatorShare} < 0
        when 'payoutReturn' then ${t.payoutId} is not null and ${t.gross} = 0 and ${t.gst} = 0 and ${t.educatorShare} > 0
        when 'adjustment' then ${t.reason} is not null and ${t.gross} = 0 and ${t.gst} = 0 and ${t.educatorShare} <> 0
        else false end`,
    ),
  ],
);

/**
 * Each educator's running sums of their ledger entries, updated in the transaction that writes
 * each entry (its row lock orders an educator's entries and payouts): `balance` is every share
 * (pending + available), `lifetime` what sales, refunds and adjustments earned, `paid_out` what
 * payouts took (less failed ones returned). Reconciliation checks them against the entries.
 */
export const earningsBalances = pgTable('earnings_balances', {
  educatorId: uuid('educator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  balance: paise('balance').notNull().default(0),
  lifetime: paise('lifetime').notNull().default(0),
  paidOut: paise('paid_out').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Each educator's sums per calendar month (India time) of their entries' `at`, for the Earnings
 * chart: kept with each entry like `earnings_balances`, so a year of a busy ledger is 12 rows.
 */
export const earningsMonthly = pgTable(
  'earnings_monthly',
  {
    educatorId: uuid('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** `YYYY-MM`. */
    month: text('month').notNull(),
    /** Sales' and adjustments' shares; refunds' and payouts' (less returns), as positive sums. */
    earned: paise('earned').notNull().default(0),
    refunded: paise('refunded').notNull().default(0),
    paidOut: paise('paid_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.educatorId, t.month] })],
);

/**
 * The month's tax documents summed by what the GST return groups them by (modules/admin): kind,
 * GSTR-1 class (b2b: a buyer with a GSTIN; b2cl: unregistered, inter-state, above ₹1,00,000; b2cs: the
 * rest), place of supply, rate and SAC. A trigger on `invoices` (append-only) adds each document as it
 * is issued (migration 0026), so the report reads a few rows however many documents a month has.
 */
export const gstMonthTotals = pgTable(
  'gst_month_totals',
  {
    month: text('month').notNull(),
    kind: text('kind', { enum: ['invoice', 'creditNote'] }).notNull(),
    class: text('class', { enum: ['b2b', 'b2cl', 'b2cs'] }).notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    sac: text('sac').notNull(),
    documents: bigint('documents', { mode: 'number' }).notNull(),
    taxable: paise('taxable').notNull(),
    cgst: paise('cgst').notNull(),
    sgst: paise('sgst').notNull(),
    igst: paise('igst').notNull(),
    total: paise('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind, t.class, t.placeOfSupply, t.gstRate, t.sac] })],
);

/**
 * Paid orders from before the ledger whose sale (or reversal) it has still to write: listed once by
 * migration 0027, worked off at start (modules/earnings `backfillLedger`), each removed in the
 * transaction that writes its entries, so a start reads an empty table once they are done.
 */
export const ledgerBackfill = pgTable('ledger_backfill', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => paymentOrders.id, { onDelete: 'cascade' }),
});

/**
 * Where an educator is paid. The account number and PAN are encrypted (AES-256-GCM with
 * DATA_ENCRYPTION_KEY); only their last characters are kept readable. `route_*`: the Razorpay
 * Route linked account made from them, step by step (created, product requested, settlements set).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    educatorId: uuid('educator_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountLast4: text('account_last4').notNull(),
    ifsc: text('ifsc').notNull(),
    panEncrypted: text('pan_encrypted').notNull(),
    panLast4: text('pan_last4').notNull(),
    routeAccountId: text('route_account_id'),
    routeProductId: text('route_product_id'),
    routeReadyAt: at('route_ready_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('payout_accounts_ifsc_check', sql`${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`)],
);

/** One press of "run payouts" (or its repetition after a crash). */
export const payoutRuns = pgTable('payout_runs', {
  id: id(),
  provider: text('provider').notNull(),
  actorId: uuid('actor_id'),
  startedAt: at('started_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});

/**
 * A payout of an educator's available balance. Its id is the idempotency key the provider gets,
 * stored (with the ledger's debit) before the provider is called: `pending` until the provider
 * has taken it, `processing` while the transfer is under way (manual: until the operator records
 * the bank reference), then `paid` or `failed` (the amount returns to the balance).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    educatorId: uuid('educator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: paise('amount').notNull(),
    provider: text('provider', { enum: ['sandbox', 'manual', 'razorpay'] }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's transfer id, or the UTR the operator recorded. */
    reference: text('reference'),
    accountLast4: text('account_last4').notNull(),
    ifsc: text('ifsc').notNull(),
    failure: text('failure'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_educator_idx').on(t.educatorId, t.createdAt),
    index('payouts_open_idx').on(t.status).where(sql`${t.status} in ('pending', 'processing')`),
    index('payouts_created_idx').on(t.createdAt),
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_status_check', sql`${t.status} in ('pending', 'processing', 'paid', 'failed')`),
  ],
);

/**
 * An operator's retry of a failed refund (modules/payments): its id is the new idempotency key,
 * stored before the provider is asked (a failed refund's key is spent at Razorpay).
 */
export const refundRetries = pgTable(
  'refund_retries',
  {
    id: id(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    actorId: uuid('actor_id'),
    /** The provider's refund id before this retry, and the one it made. */
    previousProviderRefundId: text('previous_provider_refund_id'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
  },
  (t) => [index('refund_retries_refund_idx').on(t.refundId, t.createdAt)],
);

/**
 * What every operator did (modules/admin): who, what, on what, the state before and after.
 * Append-only like the ledger (a trigger refuses UPDATE and DELETE); the actor's e-mail is copied
 * in so the line reads the same if the account goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [uniqueIndex('audit_log_seq_key').on(t.seq)],
);

/**
 * ADMIN_EMAILS as the running server was given them, so the database itself makes an account with
 * one of these e-mails an admin when it is created (a trigger, migration 0024), however it signs up.
 */
export const adminEmails = pgTable('admin_emails', { email: text('email').notNull() }, (t) => [
  primaryKey({ columns: [t.email] }),
]);
