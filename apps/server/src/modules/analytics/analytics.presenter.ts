import type { AnalyticsReport, LectureRetention } from '@kaksha/contracts';

/** One CSV line (RFC 4180): fields with a comma, quote or line break quoted, quotes doubled. */
const csvLine = (fields: (string | number)[]) =>
  `${fields.map((f) => (typeof f === 'string' && /[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : String(f))).join(',')}\r\n`;

const FIGURES = [
  'pageViews',
  'uniqueVisitors',
  'checkouts',
  'enrolments',
  'conversion',
  'revenue',
  'refunds',
  'minutesWatched',
  'activeLearners',
  'completions',
] as const;

/** `format=csv` of the overview and course reports: a line per day, then the totals (`date` = total). */
export function reportCsv(report: AnalyticsReport) {
  let csv = csvLine(['date', ...FIGURES]);
  for (const day of report.days) csv += csvLine([day.date, ...FIGURES.map((f) => day[f])]);
  csv += csvLine(['total', ...FIGURES.map((f) => report.totals[f])]);
  return csv;
}

/** `format=csv` of a lecture's retention: a line per 5 %, its retention and rewatched shares. */
export function retentionCsv(retention: LectureRetention) {
  let csv = csvLine(['at', 'retention', 'rewatched']);
  for (const point of retention.retention) {
    const rewatched = retention.rewatched.find((r) => r.at === point.at);
    csv += csvLine([point.at, point.share, rewatched ? rewatched.share : '']);
  }
  return csv;
}
