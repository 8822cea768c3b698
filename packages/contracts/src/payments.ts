import { z } from 'zod';

/**
 * Payments and enrolment (spec §3 Payment order, §7 create-order / verify-payment / checkout).
 * Field names follow Razorpay's, so the same verification serves the real checkout and the
 * built-in sandbox.
 */

/**
 * Builds a schema in a call bundlers may drop when it is unused, so the web app can import
 * this file's constants without pulling zod and every schema into its checkout chunk.
 */
/* @__NO_SIDE_EFFECTS__ */
function schema<T>(build: () => T): T {
  return build();
}

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What the checkout shows (spec §7). */
export const CHECKOUT = {
  productName: 'Kaksha',
  description: 'Course Enrollment Payment',
  currency: 'INR',
  razorpayScript: 'https://checkout.razorpay.com/v1/checkout.js',
} as const;

/** Server answers the web shows as they are. */
export const PAYMENT_MESSAGES = {
  verified: 'Payment verified. You are now enrolled in this course.',
  freeEnrolled: 'You are now enrolled in this free course.',
  sandboxFailed: 'Test payment failed (simulated). You were not charged; you can try again.',
} as const;

export const createOrderRequestSchema = schema(() =>
  z.object({
    courseId: z.string({ error: 'courseId is required' }).min(1, 'courseId is required'),
    userId: z.string({ error: 'userId is required' }).min(1, 'userId is required'),
  }),
);
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

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
  }),
);
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** A free course: enrolled at once, no checkout. */
export const freeEnrollmentSchema = schema(() =>
  z.object({
    enrolled: z.literal(true),
    message: z.string(),
  }),
);
export type FreeEnrollment = z.infer<typeof freeEnrollmentSchema>;

export const createOrderResponseSchema = schema(() => z.union([paymentOrderSchema, freeEnrollmentSchema]));
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** What Razorpay's checkout hands to its success handler (and the sandbox returns). */
export const razorpayPaymentSchema = schema(() =>
  z.object({
    razorpay_order_id: z.string({ error: 'razorpay_order_id is required' }).min(1, 'razorpay_order_id is required'),
    razorpay_payment_id: z
      .string({ error: 'razorpay_payment_id is required' })
      .min(1, 'razorpay_payment_id is required'),
    razorpay_signature: z.string({ error: 'razorpay_signature is required' }).min(1, 'razorpay_signature is required'),
  }),
);
export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

export const verifyPaymentRequestSchema = schema(() => razorpayPaymentSchema.extend(createOrderRequestSchema.shape));
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

/** Sandbox only: completes a test payment of an order, as Razorpay's checkout would. */
export const sandboxPayRequestSchema = schema(() =>
  z.object({
    orderId: z.string({ error: 'orderId is required' }).min(1, 'orderId is required'),
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
