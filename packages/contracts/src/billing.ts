import { z } from 'zod';
import { appliedCouponSchema, couponCodeField } from './coupons.ts';
import { schema, text } from './define.ts';

/**
 * Billing and GST (issue #28). Kaksha's operator is the seller of record: a learner buys from the
 * platform, which invoices under its own GSTIN; a course's price is what the learner pays, GST
 * included. These are shared by the server (billing details, quotes, the seller's configuration)
 * and the web app (the checkout's breakdown, the billing form's own checks).
 */

/** GST state codes as the GST system numbers them (the first two digits of a GSTIN). */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // 25 was Daman and Diu until its merger with 26 (2020); older registrations still carry it.
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  // 28 is undivided Andhra Pradesh (before 2014), kept for older registrations; today's is 37.
  '28': 'Andhra Pradesh (Before Division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const satisfies Record<string, string>;
export type GstStateCode = keyof typeof GST_STATES;

export function isGstStateCode(code: string): code is GstStateCode {
  return Object.hasOwn(GST_STATES, code);
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * 2-digit state, a PAN (5 letters, 4 digits, a letter), the entity number of that PAN in the state
 * (1-9, then A-Z from the tenth registration), 'Z', the check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN from its first 14 characters (GSTN's mod-36 scheme): each
 * character's value in 0-9A-Z times 1 or 2 (alternating, from the left), the product's quotient and
 * remainder by 36 added up; the check is (36 - sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error('A GSTIN has only digits and capital letters');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

export type GstinProblem = 'format' | 'check' | 'state';

/** What is wrong with a GSTIN (already upper-cased), or null; `stateCode` when it must match one. */
export function gstinProblem(gstin: string, stateCode?: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin) || !isGstStateCode(gstin.slice(0, 2))) return 'format';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  if (stateCode !== undefined && gstin.slice(0, 2) !== stateCode) return 'state';
  return null;
}

/** The messages a refused GSTIN gets (400, field `gstin`). */
export const GSTIN_MESSAGES = {
  format:
    'GSTIN is not in the GST format: 15 characters, a state code, a PAN, an entity number, Z and a check character',
  check: 'GSTIN check character does not match: please check the number for a typing mistake',
  state: "GSTIN's state (its first two digits) does not match the billing state",
} as const satisfies Record<GstinProblem, string>;

export const BILLING_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;

/**
 * `PUT /api/user/billing`. The GSTIN is upper-cased and spaces are dropped before it is checked;
 * empty means none. Its checks against `stateCode` are the server's (400 naming `gstin`).
 */
export const billingDetailsRequestSchema = schema(() =>
  z.object({
    name: text('Name', { error: 'Name is required', trim: true })
      .min(1, 'Name is required')
      .max(BILLING_NAME_MAX, `Name must be ${BILLING_NAME_MAX} characters or fewer`),
    stateCode: text('State', { error: 'State is required', trim: true }).refine(isGstStateCode, {
      error: 'State must be a GST state code such as 07 (Delhi) or 29 (Karnataka)',
    }),
    gstin: text('GSTIN', { error: 'GSTIN must be text' })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .nullish()
      .transform((v) => (v ? v : null)),
    address: text('Address', { error: 'Address must be text', trim: true, multiline: true })
      .max(BILLING_ADDRESS_MAX, `Address must be ${BILLING_ADDRESS_MAX} characters or fewer`)
      .nullish()
      .transform((v) => (v ? v : null)),
  }),
);
export type BillingDetailsRequest = z.input<typeof billingDetailsRequestSchema>;

/** A learner's billing details; `GET` answers `{billing: null}` until they are saved. */
export const billingDetailsSchema = schema(() =>
  z.object({
    name: z.string(),
    stateCode: z.string(),
    stateName: z.string(),
    gstin: z.string().nullable(),
    address: z.string().nullable(),
  }),
);
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingDetailsResponseSchema = schema(() => z.object({ billing: billingDetailsSchema.nullable() }));
export type BillingDetailsResponse = z.infer<typeof billingDetailsResponseSchema>;

/** `POST /api/payment/quote`: what buying a course costs, with a coupon if given, and the GST in it. */
export const paymentQuoteRequestSchema = schema(() =>
  z.object({
    courseId: text('courseId', { error: 'courseId is required' }).min(1, 'courseId is required'),
    couponCode: couponCodeField(),
  }),
);
export type PaymentQuoteRequest = z.infer<typeof paymentQuoteRequestSchema>;

/**
 * Rupees with paise (two decimals). `amount` is what is charged, GST included, and always equals
 * `taxable + cgst + sgst + igst` to the paisa. Either CGST and SGST (the buyer in the seller's state)
 * or IGST is non-zero; all three are 0 when the seller is not GST-registered (`gstRate` 0).
 */
export const paymentQuoteSchema = schema(() =>
  z.object({
    price: z.number(),
    discount: z.number(),
    amount: z.number(),
    taxable: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    gstRate: z.number(),
    placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }),
    /** The coupon applied, when one was given and is valid (an invalid one is a 400 instead). */
    coupon: appliedCouponSchema.optional(),
  }),
);
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;
