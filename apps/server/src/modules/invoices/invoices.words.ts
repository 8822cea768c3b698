/**
 * A total in words, as Indian invoices print it (CGST Rule 46 asks for the value in figures and
 * words): Indian numbering (thousand, lakh, crore, each group said on its own), rupees, then paise
 * after "and", ended by "Only" so nothing can be written after it.
 *
 *   110085 paise → "Rupees One Thousand One Hundred and Paise Eighty-Five Only"
 *   85 paise     → "Paise Eighty-Five Only"
 *   0            → "Rupees Zero Only"
 *
 * "and" only ever joins the paise, never the parts of a number ("One Hundred One"), so the one
 * "and" on the line always means the same thing.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1-99: "Seven", "Nineteen", "Forty", "Eighty-Five". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

/** A whole number ≥ 1 in Indian groups; beyond 99 crore the crores are counted the same way. */
function indian(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${indian(crore)} Crore`);
  const lakh = Math.floor(n / 100_000) % 100;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(n / 1000) % 100;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor(n / 100) % 10;
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  const rest = n % 100;
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** An amount in whole paise (a safe, non-negative integer) in words. */
export function totalInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('amount must be whole paise, not negative');
  const rupeePart = Math.floor(paise / 100);
  const paisePart = paise % 100;
  if (paisePart === 0) return `Rupees ${rupeePart === 0 ? 'Zero' : indian(rupeePart)} Only`;
  if (rupeePart === 0) return `Paise ${belowHundred(paisePart)} Only`;
  return `Rupees ${indian(rupeePart)} and Paise ${belowHundred(paisePart)} Only`;
}
