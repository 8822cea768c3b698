import { z } from 'zod';
import { schema, text } from './define.ts';

/**
 * Refunds (issue #28): within a window after purchase, below a share of lectures completed, before
 * a certificate, and a few per learner per 90 days. A refund ends access at once (progress kept),
 * and issues a credit note against the invoice.
 */

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The policy as configured, for the course page and the checkout. */
export const refundPolicySchema = schema(() =>
  z.object({ windowDays: z.number(), maxProgressPercent: z.number(), maxPer90Days: z.number() }),
);
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** The sentence the course page, the checkout and the purchases page show. */
export const refundPolicyText = (p: RefundPolicy) =>
  `Refunds within ${p.windowDays} days of purchase if you have completed no more than ${p.maxProgressPercent}% of the lectures and have not claimed the certificate (up to ${p.maxPer90Days} refunds in 90 days).`;

/** `GET /api/payment/refund-eligibility/:courseId`. `reason` says why not (null when eligible). */
export const refundEligibilitySchema = schema(() =>
  z.object({
    eligible: z.boolean(),
    reason: z.string().nullable(),
    /** ISO time the window closes; null when nothing was bought. */
    deadline: z.string().nullable(),
    progressPercent: z.number(),
    /** Rupees with paise that would come back. */
    amount: z.number(),
  }),
);
export type RefundEligibility = z.infer<typeof refundEligibilitySchema>;

export const REFUND_REASON_MAX = 500;

export const refundRequestSchema = schema(() =>
  z.object({
    courseId: text('courseId', { error: 'courseId is required' }).min(1, 'courseId is required'),
    reason: text('Reason', { error: 'Reason is required', trim: true, multiline: true })
      .min(1, 'Please tell us why you want a refund')
      .max(REFUND_REASON_MAX, `Reason must be ${REFUND_REASON_MAX} characters or fewer`),
  }),
);
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundSchema = schema(() =>
  z.object({ _id: z.string(), amount: z.number(), status: z.enum(REFUND_STATUSES) }),
);
export type Refund = z.infer<typeof refundSchema>;

export const refundResponseSchema = schema(() =>
  z.object({
    message: z.string(),
    refund: refundSchema,
    creditNote: z.object({ _id: z.string(), number: z.string() }),
  }),
);
export type RefundResponse = z.infer<typeof refundResponseSchema>;
