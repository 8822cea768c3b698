import {
  type BillingDetails,
  type billingDetailsRequestSchema,
  GST_STATES,
  GSTIN_MESSAGES,
  type GstStateCode,
  gstinProblem,
  type PaymentQuote,
} from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../core/config.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import { billingDetails } from '../../core/db/schema/index.ts';
import { badRequest } from '../../core/errors.ts';
import { rupees, splitGst } from './billing.gst.ts';

/** Paise as rupees with two decimals, for other modules' answers. */
export { rupees };

/** The taxable value (paise) in a GST-inclusive amount at a rate, rounded as invoices round it (the ledger's fee basis). */
export const taxableValue = (amountPaise: number, ratePercent: number) =>
  splitGst(amountPaise, ratePercent, false).taxable;

/**
 * Billing details and GST (issue #28): the public face of the billing module. The payments module
 * asks it for quotes; the users' billing routes (mounted under /api/user) read and save details.
 */

export type BillingConfig = Config['billing'];
type Row = typeof billingDetails.$inferSelect;

const present = (row: Row): BillingDetails => ({
  name: row.name,
  stateCode: row.stateCode,
  stateName: GST_STATES[row.stateCode as GstStateCode] ?? row.stateCode,
  gstin: row.gstin,
  address: row.address,
});

export async function getBillingDetails(db: DbOrTx, userId: string): Promise<BillingDetails | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId)).limit(1);
  return row ? present(row) : null;
}

/**
 * Saves (creates or replaces) a learner's details. A GSTIN must have the GST format, a matching
 * check character and the billing state's code: otherwise 400 naming `gstin` and saying which.
 */
export async function saveBillingDetails(
  db: DbOrTx,
  userId: string,
  details: z.output<typeof billingDetailsRequestSchema>,
): Promise<BillingDetails> {
  if (details.gstin) {
    const problem = gstinProblem(details.gstin, details.stateCode);
    if (problem)
      throw badRequest(
        { id: `gstin_${problem}`, message: GSTIN_MESSAGES[problem] },
        { gstin: GSTIN_MESSAGES[problem] },
      );
  }
  const values = { ...details, updatedAt: new Date() };
  // The user id is the key, so two saves at once leave one row (the later one's values).
  const [row] = await db
    .insert(billingDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingDetails.userId, set: values })
    .returning();
  return present(row as Row);
}

/**
 * Where the supply is made, for GST: the buyer's GSTIN state, else their billing state, else
 * (no details saved) the seller's own state — an online service to an unregistered buyer whose
 * address is unknown is supplied where the seller is.
 */
export function placeOfSupply(details: BillingDetails | null, seller: BillingConfig['seller']): GstStateCode {
  const code = details?.gstin?.slice(0, 2) ?? details?.stateCode ?? seller.stateCode;
  return (code in GST_STATES ? code : seller.stateCode) as GstStateCode;
}

/**
 * What a learner pays for a price less a discount (paise, GST included) and the tax in it. An
 * unregistered seller charges no GST: the whole amount is taxable value.
 */
export async function quotePrice(
  db: DbOrTx,
  billing: BillingConfig,
  userId: string,
  pricePaise: number,
  discount: number,
): Promise<PaymentQuote> {
  const state = placeOfSupply(await getBillingDetails(db, userId), billing.seller);
  const charged = pricePaise - discount;
  const registered = billing.seller.gstin !== null;
  const rate = registered ? billing.gstRatePercent : 0;
  const split = splitGst(charged, rate, state === billing.seller.stateCode);
  return {
    price: rupees(pricePaise),
    discount: rupees(discount),
    amount: rupees(charged),
    taxable: rupees(split.taxable),
    cgst: rupees(split.cgst),
    sgst: rupees(split.sgst),
    igst: rupees(split.igst),
    gstRate: rate,
    placeOfSupply: { stateCode: state, stateName: GST_STATES[state] },
  };
}
