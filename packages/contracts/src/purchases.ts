import { z } from 'zod';
import { schema } from './define.ts';
import { refundEligibilitySchema, refundPolicySchema, refundSchema } from './refunds.ts';

/**
 * `GET /api/payment/purchases` (issue #28): the signed-in learner's paid orders, newest first, with
 * what the purchases page shows for each. Amounts are rupees with paise.
 */
export const purchaseSchema = schema(() =>
  z.object({
    orderId: z.string(),
    course: z.object({ _id: z.string(), title: z.string(), thumbnail: z.string().nullable() }),
    paidAt: z.string(),
    amount: z.number(),
    price: z.number(),
    discount: z.number(),
    couponCode: z.string().nullable(),
    invoice: z.object({ _id: z.string(), number: z.string() }).nullable(),
    creditNote: z.object({ _id: z.string(), number: z.string() }).nullable(),
    refund: refundSchema.nullable(),
    refundEligibility: refundEligibilitySchema,
  }),
);
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = schema(() =>
  z.object({
    purchases: z.array(purchaseSchema),
    refundPolicy: refundPolicySchema,
  }),
);
export type PurchaseList = z.infer<typeof purchaseListSchema>;
