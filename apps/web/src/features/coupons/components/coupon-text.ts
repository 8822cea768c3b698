import type { Coupon } from '@kaksha/contracts';
import { formatDate, formatRupees } from '@/lib/format';

/** '10% off' or '₹ 200 off'. */
export const discountText = (c: Pick<Coupon, 'type' | 'value'>) =>
  c.type === 'percent' ? `${c.value}% off` : `${formatRupees(c.value)} off`;

/** '3 / 50', or '3 (no limit)'. */
export const redemptionsText = (c: Coupon) =>
  c.maxRedemptions === null ? `${c.redemptions} (no limit)` : `${c.redemptions} / ${c.maxRedemptions}`;

export const courseText = (c: Coupon) => c.courseTitle ?? 'All courses';

/** When it stops working: its date, 'Expired' once past, or 'Never'. */
export function expiryText(c: Coupon, now = Date.now()) {
  if (!c.expiresAt) return 'Never';
  return Date.parse(c.expiresAt) <= now ? `Expired ${formatDate(c.expiresAt)}` : formatDate(c.expiresAt);
}

/** The link a learner opens to find the coupon applied at the course's checkout. */
export const shareLink = (courseId: string, code: string, origin = window.location.origin) =>
  `${origin}/viewcourse/${encodeURIComponent(courseId)}?coupon=${encodeURIComponent(code)}`;
