/*
 * The course page's figures, from the course itself (issue #27): no invented social proof, no
 * reference price the educator never charged, no video length nobody measured.
 */

const count = new Intl.NumberFormat('en-IN');

/** "(1 review)", "(1,204 reviews)"; null without reviews (nothing to show). */
export const reviewCountText = (reviews: number) =>
  reviews > 0 ? `(${count.format(reviews)} ${reviews === 1 ? 'review' : 'reviews'})` : null;

/**
 * "12 hours of video content" (whole hours, rounded down: never more than there is), "45 minutes
 * of video content" below an hour; null while no lecture's length is known (or it is under a minute).
 */
export function videoContentText(seconds: number | null | undefined) {
  if (!seconds || seconds < 60) return null;
  const hours = Math.floor(seconds / 3600);
  if (hours >= 1) return `${count.format(hours)} ${hours === 1 ? 'hour' : 'hours'} of video content`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} of video content`;
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
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`)
    .join(' ');
}
