import { describe, expect, it } from 'vitest';
import { createAppIntl } from '@/i18n';
import { setCurrentIntl } from '@/i18n/current';
import hi from '@/i18n/hi.json';
import {
  formatAmount,
  formatDate,
  formatFileSize,
  formatLongDate,
  formatNumber,
  formatPaise,
  formatPrice,
  formatRupees,
  initial,
  shortLabel,
} from './format';

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

  it('in Hindi: Indian grouping, मुफ़्त, Hindi month names and plurals where 0 and 1 are one', () => {
    setCurrentIntl('hi', createAppIntl('hi', hi));
    expect(formatPrice(123456)).toBe('₹ 1,23,456');
    expect(formatPrice(0)).toBe('मुफ़्त');
    expect(formatPrice(null)).toBe('कीमत उपलब्ध नहीं');
    expect(formatPaise(1169.1)).toBe('₹ 1,169.10');
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatDate('2026-03-04T10:00:00Z')).toBe('4 मार्च 2026');
    expect(formatLongDate('2026-08-15T10:00:00Z')).toBe('15 अगस्त 2026');
    expect(formatFileSize(1)).toBe('1 बाइट');
    expect(formatFileSize(0)).toBe('0 बाइट');
  });

  it('in English: dates and sizes as before', () => {
    expect(formatDate('2026-03-04T10:00:00Z')).toBe('4 Mar 2026');
    expect(formatLongDate('2026-08-15T10:00:00Z')).toBe('15 August 2026');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
