import { z } from 'zod';
import { schema, text } from './define.ts';
import { monthQuery, PAYOUT_STATUSES } from './earnings.ts';
import { cursorPage, pageLimit } from './paging.ts';
import { REFUND_STATUSES } from './refunds.ts';

/**
 * The operator's console (issue #31): `/api/admin/*`, for accounts with the `admin` role only (403
 * for everyone else). Every change an admin makes is written to the audit log. Amounts are rupees
 * with paise.
 */

export const ADMIN_PAGE_MAX = 100;

const cursor = () =>
  text('cursor')
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be the nextCursor of an earlier page')
    .optional();
const limit = () => pageLimit(ADMIN_PAGE_MAX, 25);

export const adminPageQuerySchema = schema(() => z.object({ cursor: cursor(), limit: limit() }));

const person = () => z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable();
const document = () => z.object({ _id: z.string(), number: z.string() }).nullable();

// ── Orders ──────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/orders?q=`: a learner's e-mail (or part of it), an order id, a provider order or payment id, or an invoice or credit-note number. */
export const adminOrdersQuerySchema = schema(() =>
  z.object({
    q: text('q', { trim: true }).max(200, 'q must be 200 characters or fewer').optional(),
    cursor: cursor(),
    limit: limit(),
  }),
);

export const adminOrderSchema = schema(() =>
  z.object({
    _id: z.string(),
    providerOrderId: z.string(),
    providerPaymentId: z.string().nullable(),
    provider: z.string(),
    status: z.enum(['created', 'paid', 'failed']),
    learner: person(),
    course: z.object({ _id: z.string(), title: z.string() }),
    educator: person(),
    amount: z.number(),
    price: z.number(),
    discount: z.number(),
    couponCode: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    invoice: document(),
    creditNote: document(),
    refund: z.object({ _id: z.string(), status: z.enum(REFUND_STATUSES), amount: z.number() }).nullable(),
  }),
);
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = schema(() => cursorPage('orders', adminOrderSchema));
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────────

export const adminRefundsQuerySchema = schema(() =>
  z.object({
    status: z.enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(', ')}` }).optional(),
    cursor: cursor(),
    limit: limit(),
  }),
);

export const adminRefundSchema = schema(() =>
  z.object({
    _id: z.string(),
    status: z.enum(REFUND_STATUSES),
    amount: z.number(),
    reason: z.string(),
    createdAt: z.string(),
    providerRefundId: z.string().nullable(),
    orderId: z.string(),
    learner: person(),
    course: z.object({ _id: z.string(), title: z.string() }),
    /** Whether access has ended and the credit note is issued (the refund went through at first). */
    creditNote: document(),
    retries: z.number(),
  }),
);
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundPageSchema = schema(() => cursorPage('refunds', adminRefundSchema));
export type AdminRefundPage = z.infer<typeof adminRefundPageSchema>;

// ── Payouts ─────────────────────────────────────────────────────────────────────────────────────

export const payoutSchema = schema(() =>
  z.object({
    _id: z.string(),
    runId: z.string(),
    educator: person(),
    amount: z.number(),
    provider: z.enum(['sandbox', 'manual', 'razorpay']),
    status: z.enum(PAYOUT_STATUSES),
    reference: z.string().nullable(),
    accountLast4: z.string(),
    ifsc: z.string(),
    failure: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  }),
);
export type Payout = z.infer<typeof payoutSchema>;

export const payoutRunSchema = schema(() =>
  z.object({
    _id: z.string(),
    provider: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    /** The payouts this run opened, and those of earlier runs it finished. */
    payouts: z.array(payoutSchema),
  }),
);
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const payoutPageSchema = schema(() => cursorPage('payouts', payoutSchema));
export type PayoutPage = z.infer<typeof payoutPageSchema>;

/** `GET /api/admin/payouts/due`: educators a run would pay now, and those it cannot (no account). */
export const payoutDueSchema = schema(() =>
  z.object({
    minimum: z.number(),
    provider: z.string(),
    educators: z.array(
      z.object({ educator: person(), available: z.number(), pending: z.number(), hasAccount: z.boolean() }),
    ),
  }),
);
export type PayoutDue = z.infer<typeof payoutDueSchema>;

/** The bank's reference of a transfer made by hand (UTR: 12-22 letters and digits). */
export const markPaidRequestSchema = schema(() =>
  z.object({
    reference: text('Reference', { error: 'Reference is required', trim: true })
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z0-9]{6,22}$/.test(v), { error: 'Reference must be the UTR: 6 to 22 letters or digits' }),
  }),
);

// ── Coupons ─────────────────────────────────────────────────────────────────────────────────────

export const adminCouponsQuerySchema = schema(() =>
  z.object({
    q: text('q', { trim: true }).max(100, 'q must be 100 characters or fewer').optional(),
    cursor: cursor(),
    limit: limit(),
  }),
);

export const adminCouponSchema = schema(() =>
  z.object({
    _id: z.string(),
    code: z.string(),
    educator: person(),
    course: z.object({ _id: z.string(), title: z.string() }).nullable(),
    type: z.enum(['percent', 'fixed']),
    value: z.number(),
    active: z.boolean(),
    redemptions: z.number(),
    maxRedemptions: z.number().nullable(),
    revenue: z.number(),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponPageSchema = schema(() => cursorPage('coupons', adminCouponSchema));
export type AdminCouponPage = z.infer<typeof adminCouponPageSchema>;

// ── Ledger adjustments ──────────────────────────────────────────────────────────────────────────

export const ADJUSTMENT_REASON_MAX = 500;

/** `POST /api/admin/ledger/adjustments`: rupees with at most two decimals, + credits, − debits. */
export const adjustmentRequestSchema = schema(() =>
  z.object({
    educatorId: text('educatorId', { error: 'educatorId is required' }).min(1, 'educatorId is required'),
    amount: z
      .number({ error: 'Amount must be a number of rupees' })
      .refine((v) => v !== 0, { error: 'Amount must not be zero' })
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        error: 'Amount must have at most two decimals (paise)',
      })
      .refine((v) => Math.abs(v) <= 10_000_000, { error: 'Amount must be at most ₹1,00,00,000 either way' }),
    reason: text('Reason', { error: 'Reason is required', trim: true, multiline: true })
      .min(5, 'Reason is required: say why (at least 5 characters)')
      .max(ADJUSTMENT_REASON_MAX, `Reason must be ${ADJUSTMENT_REASON_MAX} characters or fewer`),
  }),
);
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

// ── Audit log ───────────────────────────────────────────────────────────────────────────────────

export const auditEntrySchema = schema(() =>
  z.object({
    _id: z.string(),
    at: z.string(),
    actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
    action: z.string(),
    target: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = schema(() => cursorPage('entries', auditEntrySchema));
export type AuditPage = z.infer<typeof auditPageSchema>;

// ── GST return (GSTR-1) ─────────────────────────────────────────────────────────────────────────

export const GST_TABLES = ['b2b', 'b2cl', 'b2cs', 'creditNotes', 'sac'] as const;
export type GstTable = (typeof GST_TABLES)[number];

export const gstReportQuerySchema = schema(() =>
  z.object({
    month: monthQuery(),
    format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json'),
    table: z.enum(GST_TABLES, { error: `table must be one of ${GST_TABLES.join(', ')}` }).optional(),
  }),
);

/** A function, not a constant: nothing of zod may run when the module loads (the web bundle leaves it out). */
const taxes = () => ({ taxable: z.number(), igst: z.number(), cgst: z.number(), sgst: z.number() });

/**
 * `GET /api/admin/gst/report?month=YYYY-MM`, shaped for GSTR-1: `b2b` (registered buyers'
 * invoices), `b2cl` (inter-state invoices above ₹1,00,000 to unregistered buyers), `b2cs` (the other
 * unregistered sales by place of supply and rate, net of their credit notes), `creditNotes` (those
 * against b2b invoices: CDNR, and b2cl invoices: CDNUR), `sac` (the SAC summary, net). `totals` is
 * the month's invoices less its credit notes, to the paisa.
 */
export const gstReportSchema = schema(() =>
  z.object({
    month: z.string(),
    b2b: z.array(
      z.object({
        gstin: z.string(),
        name: z.string(),
        number: z.string(),
        date: z.string(),
        value: z.number(),
        placeOfSupply: z.string(),
        rate: z.number(),
        ...taxes(),
      }),
    ),
    b2cl: z.array(
      z.object({
        number: z.string(),
        date: z.string(),
        value: z.number(),
        placeOfSupply: z.string(),
        rate: z.number(),
        ...taxes(),
      }),
    ),
    b2cs: z.array(z.object({ placeOfSupply: z.string(), rate: z.number(), ...taxes() })),
    creditNotes: z.array(
      z.object({
        type: z.enum(['cdnr', 'cdnur']),
        gstin: z.string().nullable(),
        name: z.string(),
        number: z.string(),
        date: z.string(),
        invoiceNumber: z.string(),
        invoiceDate: z.string(),
        value: z.number(),
        placeOfSupply: z.string(),
        rate: z.number(),
        ...taxes(),
      }),
    ),
    sac: z.array(z.object({ sac: z.string(), description: z.string(), ...taxes(), total: z.number() })),
    totals: z.object({ ...taxes(), total: z.number() }),
  }),
);
export type GstReport = z.infer<typeof gstReportSchema>;

// ── Reconciliation ──────────────────────────────────────────────────────────────────────────────

export const RECONCILE_CHECKS = [
  'saleWithoutInvoice',
  'saleWithoutEntry',
  'entryWithoutSale',
  'saleEntryDiffers',
  'refundWithoutCreditNote',
  'creditNoteWithoutReversal',
  'reversalWithoutCreditNote',
  'reversalDiffers',
  'balanceDiffers',
  'payoutExceedsAvailable',
  'payoutEntryDiffers',
  'monthlyDiffers',
  'gstTotalsDiffer',
] as const;
export type ReconcileCheck = (typeof RECONCILE_CHECKS)[number];

export const reconcileSchema = schema(() =>
  z.object({
    ok: z.boolean(),
    checkedAt: z.string(),
    differences: z.array(
      z.object({
        check: z.enum(RECONCILE_CHECKS),
        message: z.string(),
        orderId: z.string().nullable(),
        educatorId: z.string().nullable(),
        payoutId: z.string().nullable(),
      }),
    ),
  }),
);
export type Reconciliation = z.infer<typeof reconcileSchema>;

// ── Answers of the console's actions ────────────────────────────────────────────────────────────

export const adjustmentResponseSchema = schema(() =>
  z.object({ message: z.string(), entryId: z.string(), balance: z.number(), available: z.number() }),
);
export type AdjustmentResponse = z.infer<typeof adjustmentResponseSchema>;

export const refundRetryResponseSchema = schema(() =>
  z.object({
    message: z.string(),
    refund: z.object({ _id: z.string(), status: z.enum(REFUND_STATUSES), providerRefundId: z.string().nullable() }),
  }),
);
export type RefundRetryResponse = z.infer<typeof refundRetryResponseSchema>;

export const adminCouponResponseSchema = schema(() => z.object({ coupon: adminCouponSchema }));
export const payoutResponseSchema = schema(() => z.object({ payout: payoutSchema }));
