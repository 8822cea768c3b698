import {
  ANALYTICS_MAX_RANGE_DAYS,
  type AnalyticsDay,
  type AnalyticsRangeQuery,
  type AnalyticsReport,
  type LectureRetention,
} from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { analyticsRollupState, type users } from '../../core/db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { AnswerMemo, perDatabase } from '../../core/snapshots.ts';
import { addDays, daysBetween, indiaDay } from './analytics.privacy.ts';
import {
  courseOwner,
  type DayFigures,
  dailyFigures,
  lectureViewers,
  lectureWithOwner,
  type QuizFigures,
  quizFigures,
  type Scope,
  sourceFigures,
} from './analytics.queries.ts';

type User = Pick<typeof users.$inferSelect, 'id' | 'role'>;

/** Sources and quizzes a report lists at most. */
const SOURCES_SHOWN = 20;
const QUIZZES_SHOWN = 50;
const HARDEST_SHOWN = 3;

const OWN_COURSES_ONLY = 'You can only see the analytics of your own courses';

/**
 * A report kept at most this long: besides the rollup's tables it reads titles, lengths and owners,
 * which change without the rollup moving.
 */
const REPORT_KEPT_MS = 60_000;
const reportAnswers = perDatabase(() => new AnswerMemo<unknown>(500, REPORT_KEPT_MS));

/**
 * A report's figures change when the rollup counts something (each such run moves its state):
 * answers are kept per scope and range until then, so the next look at the same report (a reload, a
 * CSV of what is on screen, another admin) is not counted again. Who may read it is checked before.
 */
async function kept<T>(db: DbOrTx, key: string, count: () => Promise<T>): Promise<T> {
  const [state] = await db
    .select({ lastId: analyticsRollupState.lastId, rolledAt: analyticsRollupState.rolledAt })
    .from(analyticsRollupState)
    .where(eq(analyticsRollupState.id, 1));
  const version = Number(state?.lastId ?? 0);
  const rolled = state?.rolledAt?.getTime() ?? 0;
  return reportAnswers(db).answer(version, `${rolled}|${key}`, count) as Promise<T>;
}

/**
 * The report's days: `to` defaults to today (India), `from` to the 30 days up to `to`. Refused with
 * 400: `from` after `to`, `to` after tomorrow (a reader a few hours ahead of India may ask for
 * their today), more than ANALYTICS_MAX_RANGE_DAYS days.
 */
export function reportRange(query: Pick<AnalyticsRangeQuery, 'from' | 'to'>, now: Date) {
  const today = indiaDay(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from must not be after to', { from: 'Must not be after to' });
  if (to > addDays(today, 1)) throw badRequest('to must not be in the future', { to: 'Must not be in the future' });
  if (daysBetween(from, to) > ANALYTICS_MAX_RANGE_DAYS)
    throw badRequest(`The range must be at most ${ANALYTICS_MAX_RANGE_DAYS} days`, {
      from: `At most ${ANALYTICS_MAX_RANGE_DAYS} days before to`,
    });
  return { from, to };
}

/** Educators and admins read reports; learners are refused (signed out: the route's 401). */
function requireReader(user: User) {
  if (user.role !== 'educator' && user.role !== 'admin')
    throw forbidden({ id: 'educators_only', message: 'Only educators can do this' });
}

/** `GET /api/analytics/overview`: an educator's courses together; an admin's: every course. */
export function overviewScope(user: User): Scope {
  requireReader(user);
  return user.role === 'admin' ? { kind: 'all' } : { kind: 'educator', educatorId: user.id };
}

/** `GET /api/analytics/course/{courseId}`: its educator's or an admin's; 404 for no such course. */
export async function courseScope(db: DbOrTx, user: User, courseId: string): Promise<Scope> {
  requireReader(user);
  const owner = isUuid(courseId) ? await courseOwner(db, courseId) : undefined;
  if (owner === undefined) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  if (owner !== user.id && user.role !== 'admin') throw forbidden(OWN_COURSES_ONLY);
  return { kind: 'course', courseId };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function present(f: Omit<DayFigures, 'day'>): Omit<AnalyticsDay, 'date'> {
  return {
    pageViews: f.pageViews,
    uniqueVisitors: f.uniqueVisitors,
    checkouts: f.checkouts,
    enrolments: f.enrolments,
    conversion: f.uniqueVisitors > 0 ? round(f.enrolments / f.uniqueVisitors, 4) : 0,
    revenue: f.revenue / 100,
    refunds: f.refunds / 100,
    minutesWatched: round(f.secondsWatched / 60, 1),
    activeLearners: f.activeLearners,
    completions: f.completions,
  };
}

const zero: Omit<DayFigures, 'day'> = {
  pageViews: 0,
  uniqueVisitors: 0,
  checkouts: 0,
  enrolments: 0,
  revenue: 0,
  refunds: 0,
  secondsWatched: 0,
  activeLearners: 0,
  completions: 0,
};

function presentQuiz(q: QuizFigures): AnalyticsReport['quizzes'][number] {
  const hardest = [...q.wrong.entries()]
    .filter(([index, wrong]) => wrong > 0 && index >= 0 && index < q.questions.length)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, HARDEST_SHOWN)
    .map(([index, wrong]) => ({
      question: index + 1,
      prompt: q.questions[index]?.prompt ?? '',
      wrongShare: q.attempts > 0 ? round(wrong / q.attempts, 4) : 0,
    }));
  return {
    quizId: q.quizId,
    title: q.title,
    courseId: q.courseId,
    attempts: q.attempts,
    passRate: q.attempts > 0 ? round(q.passes / q.attempts, 4) : 0,
    hardest,
  };
}

/** The overview or course report over the range: every day (zeros where none), totals, sources, quizzes. */
export function analyticsReport(db: DbOrTx, scope: Scope, range: { from: string; to: string }) {
  return kept(db, JSON.stringify([scope, range.from, range.to]), () => countReport(db, scope, range));
}

async function countReport(db: DbOrTx, scope: Scope, range: { from: string; to: string }): Promise<AnalyticsReport> {
  const { from, to } = range;
  const [daily, sources, quizzes] = await Promise.all([
    dailyFigures(db, scope, from, to),
    sourceFigures(db, scope, from, to, SOURCES_SHOWN),
    quizFigures(db, scope, from, to, QUIZZES_SHOWN),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const totals = { ...zero };
  const days: AnalyticsDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const f = byDay.get(date) ?? { ...zero, day: date };
    for (const key of Object.keys(zero) as (keyof typeof zero)[]) totals[key] += f[key];
    days.push({ date, ...present(f) });
  }
  return { from, to, days, totals: present(totals), sources, quizzes: quizzes.map(presentQuiz) };
}

/**
 * `GET /api/analytics/lecture/{lectureId}`: its course's educator's or an admin's; 404 for no such
 * lecture. Shares are of the lecture's viewers, rounded to 4 places.
 */
export async function lectureRetention(db: DbOrTx, user: User, lectureId: string): Promise<LectureRetention> {
  requireReader(user);
  const lecture = isUuid(lectureId) ? await lectureWithOwner(db, lectureId) : undefined;
  if (!lecture) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  if (lecture.creatorId !== user.id && user.role !== 'admin') throw forbidden(OWN_COURSES_ONLY);
  const { durationSeconds } = lecture;
  return kept(db, JSON.stringify([lectureId, durationSeconds]), () => countRetention(db, lectureId, durationSeconds));
}

async function countRetention(db: DbOrTx, lectureId: string, duration: number | null): Promise<LectureRetention> {
  const v = await lectureViewers(db, lectureId, duration);
  const share = (n: number) => (v.viewers > 0 ? round(n / v.viewers, 4) : 0);
  let atOrBeyond = v.viewers;
  const retention = v.reached.map((_, k) => {
    const point = { at: k * 5, share: share(atOrBeyond) };
    atOrBeyond -= v.reached[k] as number;
    return point;
  });
  return {
    lectureId,
    durationSeconds: v.length,
    viewers: v.viewers,
    medianWatchSeconds: round(v.medianWatchSeconds, 1),
    retention,
    rewatched: v.rewound.map((n, k) => ({ at: k * 5, share: share(n) })),
  };
}
