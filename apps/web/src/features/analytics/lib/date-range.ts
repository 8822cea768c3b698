import { ANALYTICS_MAX_RANGE_DAYS } from '@kaksha/contracts';

/** A report's dates, `YYYY-MM-DD`, both included. */
export interface DateRange {
  from: string;
  to: string;
}

/** The ranges offered with one choice (days, ending today). */
export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today as the reports count days: in India time (the server's days), whatever the educator's
 * clock says; a later date is in the future for the server, which refuses it.
 */
export const indiaToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** `YYYY-MM-DD` plus `days` (negative: before). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function lastDays(days: number, now = new Date()): DateRange {
  const to = indiaToday(now);
  return { from: addDays(to, -(days - 1)), to };
}

function valid(text: string | null): text is string {
  if (!text || !DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // 2026-02-30 parses as 2 March: only a real date reads back as itself.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Days from `from` to `to`, both included. */
export const rangeDays = ({ from, to }: DateRange) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The range a URL asks for (`?from=&to=`), else the last 30 days. */
export function rangeFromUrl(params: URLSearchParams, now = new Date()): DateRange {
  const from = params.get('from');
  const to = params.get('to');
  return valid(from) && valid(to) ? { from, to } : lastDays(DEFAULT_DAYS, now);
}

/** What is wrong with a range the educator chose (the server would refuse it), or null. */
export function rangeProblem(range: DateRange, now = new Date()): 'invalid' | 'order' | 'future' | 'tooLong' | null {
  if (!valid(range.from) || !valid(range.to)) return 'invalid';
  if (range.from > range.to) return 'order';
  if (range.to > indiaToday(now)) return 'future';
  if (rangeDays(range) > ANALYTICS_MAX_RANGE_DAYS) return 'tooLong';
  return null;
}
