const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** '₹ 1,299', or '₹ NA' when the course has no price (spec §9). */
export const formatPrice = (price: number | null | undefined) =>
  price === null || price === undefined ? '₹ NA' : price === 0 ? 'Free' : `₹ ${inr.format(price)}`;

/** Earnings with Indian digit grouping: ₹ 1,23,456. */
export const formatRupees = (amount: number) => `₹ ${inr.format(amount)}`;

/** Chart axis labels: at most 10 characters, then '...' (spec §9). */
export const shortLabel = (text: string, max = 10) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const initial = (name: string | undefined | null) => (name?.trim()[0] ?? '?').toUpperCase();
