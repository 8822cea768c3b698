import { z } from 'zod';
import { schema, text } from './define.ts';

/**
 * Coupons (issue #28): an educator's discount codes for one of their courses or all of them.
 * Codes are case-insensitive (stored upper-case) and unique per educator; the server checks every
 * rule again at quote, create-order and payment time.
 */

export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{4,20}$/;
export const COUPON_TYPES = ['percent', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** Why a coupon cannot be used (400 at quote and create-order, with these messages). */
export const COUPON_MESSAGES = {
  invalid: 'This coupon code is not valid.',
  inactive: 'This coupon has been deactivated by the educator.',
  notStarted: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  exhausted: 'This coupon has been fully redeemed.',
  foreign: 'This coupon is not valid for this course.',
  used: 'You have already used this coupon.',
  tooLarge: 'This coupon is worth more than the course costs, so it cannot be used.',
} as const;
export type CouponProblem = keyof typeof COUPON_MESSAGES;

/** Upper-cased, spaces dropped: what a learner types or a share link carries. */
export const normaliseCouponCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

const couponCode = () =>
  text('Code', { error: 'Code is required' })
    .transform(normaliseCouponCode)
    .refine((v) => COUPON_CODE_PATTERN.test(v), {
      error: 'Code must be 4 to 20 letters, digits or hyphens',
    });

const isoTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` })
    .transform((v) => new Date(v))
    .nullish();

const positiveCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be 1,000,000 or fewer`);

/** `POST /api/coupon/create`. `value`: percent 1-100, or whole rupees below the price for `fixed`. */
export const couponCreateRequestSchema = schema(() =>
  z
    .object({
      code: couponCode(),
      courseId: text('courseId', { error: 'courseId must be text or null' }).min(1).nullable(),
      type: z.enum(COUPON_TYPES, { error: "Type must be 'percent' or 'fixed'" }),
      value: z
        .number({ error: 'Value must be a whole number' })
        .int('Value must be a whole number')
        .min(1, 'Value must be at least 1'),
      maxRedemptions: positiveCount('Maximum redemptions').nullish(),
      perUserLimit: positiveCount('Uses per learner').optional().default(1),
      startsAt: isoTime('Starts at'),
      expiresAt: isoTime('Expires at'),
    })
    .refine((c) => c.type !== 'percent' || c.value <= 100, {
      error: 'A percent coupon is 1 to 100 percent',
      path: ['value'],
    })
    .refine((c) => !c.startsAt || !c.expiresAt || c.expiresAt > c.startsAt, {
      error: 'Expires at must be after starts at',
      path: ['expiresAt'],
    }),
);
export type CouponCreateRequest = z.input<typeof couponCreateRequestSchema>;

/** `POST /api/coupon/edit/:couponId`: any of these; `null` clears an expiry or a limit. */
export const couponEditRequestSchema = schema(() =>
  z
    .object({
      active: z.boolean({ error: 'active must be true or false' }).optional(),
      expiresAt: isoTime('Expires at'),
      maxRedemptions: positiveCount('Maximum redemptions').nullish(),
    })
    .refine((c) => Object.values(c).some((v) => v !== undefined), {
      error: 'Nothing to change: send active, expiresAt or maxRedemptions',
    }),
);
export type CouponEditRequest = z.input<typeof couponEditRequestSchema>;

export const couponSchema = schema(() =>
  z.object({
    _id: z.string(),
    code: z.string(),
    /** Null: every course of the educator. */
    courseId: z.string().nullable(),
    courseTitle: z.string().nullable(),
    type: z.enum(COUPON_TYPES),
    value: z.number(),
    maxRedemptions: z.number().nullable(),
    perUserLimit: z.number(),
    startsAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string(),
    /** Paid orders (and coupon-free enrolments) that used it, refunds not counted. */
    redemptions: z.number(),
    /** Rupees with paise the redemptions brought (GST included). */
    revenue: z.number(),
  }),
);
export type Coupon = z.infer<typeof couponSchema>;

export const couponResponseSchema = schema(() => z.object({ message: z.string(), coupon: couponSchema }));
export const couponListSchema = schema(() => z.object({ coupons: z.array(couponSchema) }));
export type CouponList = z.infer<typeof couponListSchema>;

/** Removing a used coupon deactivates it instead (its redemptions stay on record). */
export const couponRemoveResponseSchema = schema(() =>
  z.object({ message: z.string(), removed: z.boolean(), coupon: couponSchema.nullable() }),
);
export type CouponRemoveResponse = z.infer<typeof couponRemoveResponseSchema>;

/** The coupon a quote applied. */
export const appliedCouponSchema = schema(() =>
  z.object({ code: z.string(), type: z.enum(COUPON_TYPES), value: z.number() }),
);
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/** An optional coupon code in a quote or create-order; empty means none. */
export const couponCodeField = () =>
  text('couponCode', { error: 'couponCode must be text' })
    .transform(normaliseCouponCode)
    .optional()
    .transform((v) => (v ? v : undefined));
