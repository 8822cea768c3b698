import { z } from 'zod';
import { schema, text } from './define.ts';
import { cursorPage, pageLimit } from './paging.ts';

/**
 * Educator earnings (issue #31): an append-only ledger of every money event, the balances it adds
 * up to, monthly statements and the payout account. Amounts are rupees with paise (JSON numbers);
 * the server keeps paise.
 */

export const LEDGER_KINDS = ['sale', 'refund', 'payout', 'payoutReturn', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What each kind is called on the Earnings screen and in statements. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  payoutReturn: 'Payout returned',
  adjustment: 'Adjustment',
};

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** One month of the chart: what sales earned, what refunds took back, what was paid out. */
export const earningsMonthSchema = schema(() =>
  z.object({ month: z.string(), earned: z.number(), refunded: z.number(), paidOut: z.number() }),
);
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

/**
 * `GET /api/earnings/summary`. `lifetime = pending + available + paidOut` (paid out includes
 * payouts under way); `nextReleaseAt`: when the next pending sale becomes available (null: none).
 */
export const earningsSummarySchema = schema(() =>
  z.object({
    pending: z.number(),
    available: z.number(),
    paidOut: z.number(),
    lifetime: z.number(),
    nextReleaseAt: z.string().nullable(),
    /** The last 12 months, oldest first (for the chart). */
    months: z.array(earningsMonthSchema),
    /** The smallest available balance a payout run pays (PAYOUT_MIN_RUPEES). */
    minimumPayout: z.number(),
  }),
);
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export const ledgerEntrySchema = schema(() =>
  z.object({
    _id: z.string(),
    at: z.string(),
    kind: z.enum(LEDGER_KINDS),
    /** What the learner paid (a sale), GST in it, the platform's fee and the educator's share. */
    gross: z.number(),
    gst: z.number(),
    platformFee: z.number(),
    educatorShare: z.number(),
    availableAt: z.string(),
    /** Whether the share is still held (refund window) at the time of the answer. */
    pending: z.boolean(),
    course: z.object({ _id: z.string(), title: z.string() }).nullable(),
    /** The sale's invoice, the refund's credit note. */
    document: z.string().nullable(),
    couponCode: z.string().nullable(),
    payout: z.object({ _id: z.string(), status: z.enum(PAYOUT_STATUSES), reference: z.string().nullable() }).nullable(),
    reason: z.string().nullable(),
  }),
);
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_PAGE_MAX = 100;

export const ledgerQuerySchema = schema(() =>
  z.object({
    cursor: text('cursor')
      .regex(/^\d{1,18}$/, 'cursor must be the nextCursor of an earlier page')
      .optional(),
    limit: pageLimit(LEDGER_PAGE_MAX, 20),
  }),
);

/** Newest first; `nextCursor` asks for the entries after this page (null: the end). */
export const ledgerPageSchema = schema(() => cursorPage('entries', ledgerEntrySchema));
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** `?month=YYYY-MM`, a calendar month in India time. */
export const monthQuery = () =>
  text('month', { error: 'month is required (YYYY-MM)' }).regex(
    MONTH_PATTERN,
    'month must be YYYY-MM, such as 2026-04',
  );

export const statementQuerySchema = schema(() => z.object({ month: monthQuery() }));

// ── Payout account ──────────────────────────────────────────────────────────────────────────────

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const PAYOUT_ACCOUNT_MESSAGES = {
  ifsc: 'IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits (such as HDFC0001234)',
  pan: 'PAN must be 10 characters: 5 letters, 4 digits, a letter (such as ABCDE1234F)',
  accountNumber: 'Account number must be 9 to 18 digits',
} as const;

const upper = (label: string) =>
  text(label, { error: `${label} is required`, trim: true }).transform((v) => v.replace(/\s+/g, '').toUpperCase());

/** `PUT /api/earnings/payout-account`: a bank account in India and the holder's PAN. */
export const payoutAccountRequestSchema = schema(() =>
  z.object({
    accountHolder: text('Account holder', { error: 'Account holder is required', trim: true })
      .min(2, 'Account holder must be at least 2 characters')
      .max(120, 'Account holder must be 120 characters or fewer'),
    accountNumber: upper('Account number').refine((v) => /^\d{9,18}$/.test(v), {
      error: PAYOUT_ACCOUNT_MESSAGES.accountNumber,
    }),
    ifsc: upper('IFSC').refine((v) => IFSC_PATTERN.test(v), { error: PAYOUT_ACCOUNT_MESSAGES.ifsc }),
    pan: upper('PAN').refine((v) => PAN_PATTERN.test(v), { error: PAYOUT_ACCOUNT_MESSAGES.pan }),
  }),
);
export type PayoutAccountRequest = z.input<typeof payoutAccountRequestSchema>;

/** The saved account as answered: never the whole number or PAN, only their last four characters. */
export const payoutAccountSchema = schema(() =>
  z.object({
    accountHolder: z.string(),
    accountLast4: z.string(),
    ifsc: z.string(),
    panLast4: z.string(),
    updatedAt: z.string(),
  }),
);
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutAccountAnswerSchema = schema(() => z.object({ account: payoutAccountSchema.nullable() }));
export type PayoutAccountAnswer = z.infer<typeof payoutAccountAnswerSchema>;

/** `•••• 1234`: how a masked number is shown. */
export const maskedLast4 = (last4: string) => `•••• ${last4}`;
