import { GST_STATES, GSTIN_PATTERN, gstinCheckCharacter, gstinProblem } from '@kaksha/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../core/config.ts';
import { rupees, splitGst } from './billing.gst.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTINs of the GST format, their check character computed: state, PAN, entity number, Z. */
const validGstin = fc
  .tuple(
    fc.constantFrom(...Object.keys(GST_STATES)),
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 5, maxLength: 5 }),
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, pan, digits, panCheck, entity]) => {
    const first14 = `${state}${pan}${String(digits).padStart(4, '0')}${panCheck}${entity}Z`;
    return first14 + gstinCheckCharacter(first14);
  });

describe('GSTIN check character (GSTN mod-36)', () => {
  it('accepts published examples and the demo GSTIN, and computes their check characters', () => {
    // 27AAPFU0939F1ZV is the example GSTIN of many GST guides; the demo is checked the same way.
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', DEMO_SELLER.gstin]) {
      expect(gstinProblem(gstin)).toBeNull();
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    }
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAACK1234K1Z')).toBe('L');
  });

  it('says which check fails: format, check character, or state', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format'); // 14 characters
    expect(gstinProblem('27AAPFU0939F1ZVX')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('format'); // no Z
    expect(gstinProblem('27AAPF10939F1ZV')).toBe('format'); // PAN with a digit among its letters
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format'); // entity number 0
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('format'); // no such state
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format'); // callers upper-case first
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    expect(gstinProblem('27AAPFU0939F1ZV', '27')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', '29')).toBe('state');
  });

  it('accepts every generated GSTIN whose check character is computed', () => {
    fc.assert(
      fc.property(validGstin, (gstin) => {
        expect(gstin).toMatch(GSTIN_PATTERN);
        expect(gstinProblem(gstin, gstin.slice(0, 2))).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('detects every single-character change of a valid GSTIN', () => {
    fc.assert(
      fc.property(
        validGstin,
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 35 }),
        (gstin, position, shift) => {
          const original = ALPHABET.indexOf(gstin[position] as string);
          const replaced = ALPHABET[(original + shift) % 36] as string;
          const corrupted = gstin.slice(0, position) + replaced + gstin.slice(position + 1);
          expect(corrupted).not.toBe(gstin);
          // Whatever the change, it is refused: by the format, or else by the check character.
          expect(gstinProblem(corrupted)).not.toBeNull();
          if (GSTIN_PATTERN.test(corrupted) && corrupted.slice(0, 2) in GST_STATES) {
            expect(gstinProblem(corrupted)).toBe('check');
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('GST carved out of a price that includes it', () => {
  it('splits ₹1,299 at 18%: taxable 1100.85, tax 198.15 (CGST takes the odd paisa)', () => {
    expect(splitGst(129_900, 18, true)).toEqual({ taxable: 110_085, cgst: 9908, sgst: 9907, igst: 0 });
    expect(splitGst(129_900, 18, false)).toEqual({ taxable: 110_085, cgst: 0, sgst: 0, igst: 19_815 });
    expect(splitGst(11_800, 18, true)).toEqual({ taxable: 10_000, cgst: 900, sgst: 900, igst: 0 });
    expect(splitGst(0, 18, true)).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    expect(splitGst(129_900, 0, false)).toEqual({ taxable: 129_900, cgst: 0, sgst: 0, igst: 0 });
    expect(rupees(110_085)).toBe(1100.85);
  });

  it('rounds the taxable value half up, as round(amount × 100 / (100 + rate)) does exactly', () => {
    // 59 paise at 18%: 50.0000… → 50; 1 paisa at 100% would be 0.5 → 1.
    expect(splitGst(59, 18, false).taxable).toBe(50);
    expect(splitGst(1, 100, false).taxable).toBe(1);
    expect(splitGst(3, 100, false).taxable).toBe(2);
  });

  it('adds up to the amount to the paisa for every price 0..₹10,000 and rate in {5, 12, 18, 28}', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(5, 12, 18, 28),
        fc.boolean(),
        (amount, rate, intraState) => {
          const { taxable, cgst, sgst, igst } = splitGst(amount, rate, intraState);
          for (const part of [taxable, cgst, sgst, igst]) {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          expect(taxable + cgst + sgst + igst).toBe(amount);
          // The taxable value is the nearest paisa to amount / (1 + rate): off by at most half a paisa.
          expect(Math.abs(taxable * (100 + rate) - amount * 100)).toBeLessThanOrEqual((100 + rate) / 2);
          if (intraState) {
            expect(igst).toBe(0);
            expect(cgst - sgst === 0 || cgst - sgst === 1).toBe(true);
          } else {
            expect(cgst + sgst).toBe(0);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('adds up exactly for every one of those prices, checked exhaustively', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const rate of [5, 12, 18, 28]) {
      for (let amount = 0; amount <= 1_000_000; amount++) {
        const { taxable, cgst, sgst, igst } = splitGst(amount, rate, amount % 2 === 0);
        const whole = [taxable, cgst, sgst, igst].every((p) => Number.isInteger(p) && p >= 0);
        if (!whole || taxable + cgst + sgst + igst !== amount) wrong.push(`${amount} paise at ${rate}%`);
        checked++;
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBe(4 * 1_000_001);
  });

  it('is exact for rates with two decimals too (0.25%, 1.5%)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0.25, 1.5, 3), (amount, rate) => {
        const { taxable, cgst, sgst } = splitGst(amount, rate, true);
        expect(taxable + cgst + sgst).toBe(amount);
        expect(Math.abs(taxable * (10_000 + rate * 100) - amount * 10_000)).toBeLessThanOrEqual(
          (10_000 + rate * 100) / 2,
        );
      }),
    );
  });
});
