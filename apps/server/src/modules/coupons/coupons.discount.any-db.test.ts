import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitGst } from '../billing/billing.gst.ts';
import { couponDiscount } from './coupons.service.ts';

describe('couponDiscount with the GST carved out', () => {
  it('leaves whole paise that add up exactly, for any price, coupon and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.oneof(
          fc.record({ type: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
          fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 1_000_000 }) }),
        ),
        fc.constantFrom(0, 5, 12, 18, 28, 0.25, 3),
        fc.boolean(),
        (rupees, coupon, rate, intraState) => {
          const price = rupees * 100;
          const discount = couponDiscount(coupon.type, coupon.value, price);
          if (discount === null) {
            // Only a fixed coupon worth the whole price or more is refused.
            expect(coupon.type).toBe('fixed');
            expect(coupon.value).toBeGreaterThanOrEqual(rupees);
            return;
          }
          expect(Number.isInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThan(0);
          expect(discount).toBeLessThanOrEqual(price);
          const amount = price - discount;
          const { taxable, cgst, sgst, igst } = splitGst(amount, rate, intraState);
          expect(taxable + cgst + sgst + igst).toBe(amount);
          expect(Math.min(taxable, cgst, sgst, igst)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds half a paisa of a percent in the learner’s favour, and 100 % is the whole price', () => {
    expect(couponDiscount('percent', 33, 100)).toBe(33);
    expect(couponDiscount('percent', 15, 99_900)).toBe(14_985);
    // 3 % of 150 paise is 4.5 paise: 5 off.
    expect(couponDiscount('percent', 3, 150)).toBe(5);
    expect(couponDiscount('percent', 100, 123_400)).toBe(123_400);
    expect(couponDiscount('fixed', 100, 10_000)).toBeNull();
    expect(couponDiscount('fixed', 99, 10_000)).toBe(9_900);
  });
});
