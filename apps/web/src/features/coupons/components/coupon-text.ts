import type { Coupon } from '@kaksha/contracts';
import { translate } from '@/i18n';
import { formatDate, formatNumber, formatRupees } from '@/lib/format';

/** '10% off' or '₹ 200 off'. */
export const discountText = (c: Pick<Coupon, 'type' | 'value'>) =>
  c.type === 'percent'
    ? translate('checkout.percentOff', { value: formatNumber(c.value) })
    : translate('checkout.amountOff', { amount: formatRupees(c.value) });

/** '3 / 50', or '3 (no limit)'. */
export const redemptionsText = (c: Coupon) =>
  c.maxRedemptions === null
    ? translate('coupons.noLimit', { count: c.redemptions })
    : `${c.redemptions} / ${c.maxRedemptions}`;

export const courseText = (c: Coupon) => c.courseTitle ?? translate('coupons.allCourses');

/** When it stops working: its date, 'Expired' once past, or 'Never'. */
export function expiryText(c: Coupon, now = Date.now()) {
  if (!c.expiresAt) return translate('coupons.never');
  return Date.parse(c.expiresAt) <= now
    ? translate('coupons.expiredOn', { date: formatDate(c.expiresAt) })
    : formatDate(c.expiresAt);
}

/** The link a learner opens to find the coupon applied at the course's checkout. */
export const shareLink = (courseId: string, code: string, origin = window.location.origin) =>
  `${origin}/viewcourse/${encodeURIComponent(courseId)}?coupon=${encodeURIComponent(code)}`;
