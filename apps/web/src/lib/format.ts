const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** '₹ 1,299', or '₹ NA' when the course has no price (spec §9). */
export const formatPrice = (price: number | null | undefined) =>
  price === null || price === undefined ? '₹ NA' : price === 0 ? 'Free' : `₹ ${inr.format(price)}`;

/** Earnings with Indian digit grouping: ₹ 1,23,456. */
export const formatRupees = (amount: number) => `₹ ${inr.format(amount)}`;

const inrPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees with paise, always two decimals, as a tax breakdown or an invoice shows them: ₹ 1,169.10. */
export const formatPaise = (amount: number) => `₹ ${inrPaise.format(amount)}`;

/** What a learner pays: whole rupees as ₹ 1,299, paise only when there are some (₹ 449.10). */
export const formatAmount = (amount: number) => (Number.isInteger(amount) ? formatRupees(amount) : formatPaise(amount));

/** '2026-03-04T10:00:00Z' → '4 Mar 2026' (the learner's own time zone). */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** Chart axis labels: at most 10 characters, then '...' (spec §9). */
export const shortLabel = (text: string, max = 10) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const initial = (name: string | undefined | null) => (name?.trim()[0] ?? '?').toUpperCase();

/** A file's size for people: '820 bytes', '14 KB', '3.2 MB' (1 KB = 1024 bytes, as file managers show it). */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`;
}
