import { describe, expect, it } from 'vitest';
import { formatAmount, formatPaise, formatPrice, formatRupees, initial, shortLabel } from './format';

describe('format', () => {
  it('shows prices in rupees with Indian grouping, Free for 0, and ₹ NA when missing', () => {
    expect(formatPrice(1299)).toBe('₹ 1,299');
    expect(formatPrice(150000)).toBe('₹ 1,50,000');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBe('₹ NA');
  });

  it('formats earnings with lakh grouping', () => {
    expect(formatRupees(1234567)).toBe('₹ 12,34,567');
  });

  it('shows paise as two decimals in a breakdown, and only when there are some in an amount', () => {
    expect(formatPaise(1169.1)).toBe('₹ 1,169.10');
    expect(formatPaise(123456)).toBe('₹ 1,23,456.00');
    expect(formatAmount(1299)).toBe('₹ 1,299');
    expect(formatAmount(449.1)).toBe('₹ 449.10');
  });

  it('cuts chart labels at 10 characters plus ...', () => {
    expect(shortLabel('Full Stack Web Development')).toBe('Full Stack...');
    expect(shortLabel('React')).toBe('React');
  });

  it('takes the uppercase first letter of a name', () => {
    expect(initial('ananya')).toBe('A');
    expect(initial('')).toBe('?');
  });
});
