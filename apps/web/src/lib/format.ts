import { currentLocale, intlLocale, translate } from '@/i18n';

/**
 * Numbers, prices and dates in the interface's language (the I18nProvider sets it as it renders):
 * Indian digit grouping in every language (₹ 1,23,456), month names in the language (4 मार्च 2026).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, make: (locale: string) => T): T {
  const locale = intlLocale(currentLocale());
  const key = `${kind}:${locale}`;
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make(locale);
    formatters.set(key, found);
  }
  return found;
}
const rupees = () => formatter('rupees', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const paise = () =>
  formatter('paise', (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A count or figure with Indian grouping: 12,345. */
export const formatNumber = (value: number) => formatter('number', (l) => new Intl.NumberFormat(l)).format(value);

/** '₹ 1,299', 'Free' (मुफ़्त), or '₹ NA' when the course has no price (spec §9). */
export const formatPrice = (price: number | null | undefined) =>
  price === null || price === undefined
    ? translate('price.notAvailable')
    : price === 0
      ? translate('price.free')
      : `₹ ${rupees().format(price)}`;

/** Earnings with Indian digit grouping: ₹ 1,23,456. */
export const formatRupees = (amount: number) => `₹ ${rupees().format(amount)}`;

/** Rupees with paise, always two decimals, as a tax breakdown or an invoice shows them: ₹ 1,169.10. */
export const formatPaise = (amount: number) => `₹ ${paise().format(amount)}`;

/** What a learner pays: whole rupees as ₹ 1,299, paise only when there are some (₹ 449.10). */
export const formatAmount = (amount: number) => (Number.isInteger(amount) ? formatRupees(amount) : formatPaise(amount));

/** '2026-03-04T10:00:00Z' → '4 Mar 2026' / '4 मार्च 2026' (the learner's own time zone). */
export const formatDate = (iso: string) =>
  formatter('date', (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric' })).format(
    new Date(iso),
  );

/** '4 March 2026' / '4 मार्च 2026': a date written out, as a certificate says it. */
export const formatLongDate = (iso: string) =>
  formatter('long-date', (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'long', year: 'numeric' })).format(
    new Date(iso),
  );

/** Chart axis labels: at most 10 characters, then '...' (spec §9). */
export const shortLabel = (text: string, max = 10) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const initial = (name: string | undefined | null) => (name?.trim()[0] ?? '?').toUpperCase();

/** A file's size for people: '820 bytes', '14 KB', '3.2 MB' (1 KB = 1024 bytes, as file managers show it). */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return translate('format.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${formatNumber(mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb))} MB`;
}
