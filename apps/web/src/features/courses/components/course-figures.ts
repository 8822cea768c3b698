import { translate } from '@/i18n';
import { formatNumber } from '@/lib/format';

/*
 * The course page's figures, from the course itself (issue #27): no invented social proof, no
 * reference price the educator never charged, no video length nobody measured.
 */

/** "(1 review)", "(1,204 reviews)"; null without reviews (nothing to show). */
export const reviewCountText = (reviews: number) =>
  reviews > 0 ? translate('courses.card.reviews', { count: reviews, shown: formatNumber(reviews) }) : null;

/**
 * "12 hours of video content" (whole hours, rounded down: never more than there is), "45 minutes
 * of video content" below an hour; null while no lecture's length is known (or it is under a minute).
 */
export function videoContentText(seconds: number | null | undefined) {
  if (!seconds || seconds < 60) return null;
  const hours = Math.floor(seconds / 3600);
  if (hours >= 1) return translate('courses.figures.videoHours', { count: hours, shown: formatNumber(hours) });
  return translate('courses.figures.videoMinutes', { count: Math.floor(seconds / 60) });
}

/** A lecture's length as a clock: "4:05", "1:02:09"; null while unknown. */
export function lectureLength(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same length read out: "4 minutes 5 seconds" (a clock's colons are read badly by screen readers). */
export function lectureLengthSpoken(seconds: number) {
  const total = Math.round(seconds);
  const parts = [
    translate('courses.figures.hours', { count: Math.floor(total / 3600) }),
    translate('courses.figures.minutes', { count: Math.floor((total % 3600) / 60) }),
    translate('courses.figures.seconds', { count: total % 60 }),
  ];
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((n, i) => (n > 0 ? parts[i] : ''))
    .filter(Boolean)
    .join(' ');
}
