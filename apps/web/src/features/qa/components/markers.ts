import type { Question } from '@kaksha/contracts';

/** A marker on the seek bar: one question, or several asked too close together to tell apart. */
export interface MarkerGroup {
  /** Where it sits, 0–100 % of the lecture. */
  percent: number;
  questions: Question[];
}

/** A marker is a 24 px target (WCAG 2.2's minimum): questions closer than that share one. */
export const MARKER_PX = 24;

/**
 * The questions' markers on a rail `widthPx` wide for a lecture of `duration` seconds, in order:
 * each question joins the group before it when it would sit within one marker's width of it.
 */
export function groupMarkers(questions: Question[], duration: number, widthPx: number): MarkerGroup[] {
  if (duration <= 0) return [];
  const gapSeconds = widthPx > 0 ? (duration * MARKER_PX) / widthPx : 0;
  const sorted = questions
    .filter((q) => q.timestampSec !== null && q.timestampSec <= Math.ceil(duration))
    .sort((a, b) => (a.timestampSec ?? 0) - (b.timestampSec ?? 0));
  const groups: { at: number; questions: Question[] }[] = [];
  for (const q of sorted) {
    const at = Math.min(q.timestampSec ?? 0, duration);
    const last = groups.at(-1);
    if (last && at - last.at < gapSeconds) last.questions.push(q);
    else groups.push({ at, questions: [q] });
  }
  return groups.map((g) => ({ percent: (g.at / duration) * 100, questions: g.questions }));
}
