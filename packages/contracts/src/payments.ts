import { z } from 'zod';
import { couponCodeField } from './coupons.ts';
import { schema, text } from './define.ts';

/**
 * Payments and enrolment (spec §3 Payment order, §7 create-order / verify-payment / checkout).
 * Field names follow Razorpay's, so the same verification serves the real checkout and the
 * built-in sandbox.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Prices are whole rupees; orders are in paise. */
export const CURRENCY = 'INR';

/** What the checkout shows (spec §7). */
export const CHECKOUT = {
  productName: 'Kaksha',
  description: 'Course Enrollment Payment',
  currency: CURRENCY,
  razorpayScript: 'https://checkout.razorpay.com/v1/checkout.js',
} as const;

/** `userId` is optional: the session says who pays; when given it must be the signed-in user (403). */
export const createOrderRequestSchema = schema(() =>
  z.object({
    courseId: text('courseId', { error: 'courseId is required' }).min(1, 'courseId is required'),
    userId: text('userId', { error: 'userId must be text' }).min(1, 'userId must not be empty').optional(),
    /** Issue #28: the order charges the quote's amount with this coupon (400 when it cannot be used). */
    couponCode: couponCodeField(),
  }),
);
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/** A payable order: open the checkout with it. `amount` is in paise. */
export const paymentOrderSchema = schema(() =>
  z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    /** The provider's public key id for the checkout widget. */
    key: z.string(),
    /** Which checkout to open: Razorpay's checkout.js or the built-in test checkout. */
    provider: z.enum(PAYMENT_PROVIDERS),
    /** ISO time after which the order can no longer be paid or verified (start a new one). */
    expiresAt: z.string().optional(),
  }),
);
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** A free course: enrolled at once, no checkout. `id: null, amount: 0` keep the order's shape (spec §3). */
export const freeEnrollmentSchema = schema(() =>
  z.object({
    enrolled: z.literal(true),
    message: z.string(),
    id: z.null(),
    amount: z.literal(0),
    currency: z.string(),
  }),
);
export type FreeEnrollment = z.infer<typeof freeEnrollmentSchema>;

export const createOrderResponseSchema = schema(() => z.union([paymentOrderSchema, freeEnrollmentSchema]));
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** What Razorpay's checkout hands to its success handler (and the sandbox returns). */
export const razorpayPaymentSchema = schema(() =>
  z.object({
    razorpay_order_id: text('razorpay_order_id', { error: 'razorpay_order_id is required' }).min(
      1,
      'razorpay_order_id is required',
    ),
    razorpay_payment_id: text('razorpay_payment_id', { error: 'razorpay_payment_id is required' }).min(
      1,
      'razorpay_payment_id is required',
    ),
    razorpay_signature: text('razorpay_signature', { error: 'razorpay_signature is required' }).min(
      1,
      'razorpay_signature is required',
    ),
  }),
);
export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

export const verifyPaymentRequestSchema = schema(() =>
  razorpayPaymentSchema.extend(createOrderRequestSchema.omit({ couponCode: true }).shape),
);
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

/** Sandbox only: completes a test payment of an order, as Razorpay's checkout would. */
export const sandboxPayRequestSchema = schema(() =>
  z.object({
    orderId: text('orderId', { error: 'orderId is required' }).min(1, 'orderId is required'),
    outcome: z.enum(['success', 'failure'], { error: "outcome must be 'success' or 'failure'" }),
  }),
);
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;

export const sandboxPayResponseSchema = schema(() =>
  z.discriminatedUnion('status', [
    razorpayPaymentSchema.extend({ status: z.literal('captured') }),
    z.object({ status: z.literal('failed'), message: z.string() }),
  ]),
);
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;
