/**
 * GST in a price that includes it, in whole paise (issue #28). Course prices are what the learner
 * pays, GST included, so the tax is carved out of the amount, never added on top:
 *
 *   taxable = round(amount × 100 / (100 + rate))   (half a paisa rounds up)
 *   tax     = amount − taxable
 *
 * so `taxable + tax === amount` to the paisa whatever the rounding. Within the seller's state the
 * tax is split into CGST and SGST, half each; an odd paisa goes to CGST (cgst = ⌈tax/2⌉, sgst =
 * ⌊tax/2⌋), so the two always add up to the tax and never differ by more than a paisa. Between
 * states it is all IGST. The rate is a percentage with at most two decimals (config.ts), computed
 * in hundredths of a percent so no step is a fraction.
 */
export interface GstSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export function splitGst(amountPaise: number, ratePercent: number, intraState: boolean): GstSplit {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('amount must be whole paise');
  const rate = Math.round(ratePercent * 100);
  if (rate < 0) throw new RangeError('rate must not be negative');
  const whole = 10_000 + rate;
  // round(amount × 10000 / whole), half up, in integers: ⌊(2 × amount × 10000 + whole) / (2 × whole)⌋.
  const taxable = Math.floor((2 * amountPaise * 10_000 + whole) / (2 * whole));
  const tax = amountPaise - taxable;
  if (!intraState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.ceil(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/** Paise as rupees with two decimals (a JSON number: 1100.85). */
export const rupees = (paise: number) => Math.round(paise) / 100;
