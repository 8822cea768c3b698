import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, lectures, type StoredQuizQuestion } from '../../core/db/schema/index.ts';

/**
 * The reports' reads (issue #33): only the rollup tables, never the raw events. A scope is every
 * course (an admin's overview), an educator's courses, or one course.
 */
export type Scope = { kind: 'all' } | { kind: 'educator'; educatorId: string } | { kind: 'course'; courseId: string };

export interface DayFigures {
  day: string;
  pageViews: number;
  uniqueVisitors: number;
  checkouts: number;
  enrolments: number;
  revenue: number;
  refunds: number;
  secondsWatched: number;
  activeLearners: number;
  completions: number;
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
const num = (v: unknown) => Number(v ?? 0);

const sums = sql.raw(`sum(d.page_views) as "pageViews", sum(d.unique_visitors) as "uniqueVisitors",
  sum(d.checkouts) as checkouts, sum(d.enrolments) as enrolments, sum(d.revenue) as revenue,
  sum(d.refunds) as refunds, sum(d.seconds_watched) as "secondsWatched",
  sum(d.active_learners) as "activeLearners", sum(d.completions) as completions`);

/** `d` (a table with course_id) limited to the scope (the quizzes'). */
function scoped(scope: Scope) {
  if (scope.kind === 'course') return sql`d.course_id = ${scope.courseId}`;
  if (scope.kind === 'educator')
    return sql`d.course_id in (select id from courses where creator_id = ${scope.educatorId})`;
  return sql`true`;
}

/** The scope's figures per day that has any (days without are left out). */
export async function dailyFigures(db: DbOrTx, scope: Scope, from: string, to: string): Promise<DayFigures[]> {
  // One row a day in each case: every course together, an educator's courses together, or the course.
  const [table, where] =
    scope.kind === 'all'
      ? [sql`analytics_site_daily`, sql`true`]
      : scope.kind === 'educator'
        ? [sql`analytics_educator_daily`, sql`d.educator_id = ${scope.educatorId}`]
        : [sql`analytics_course_daily`, sql`d.course_id = ${scope.courseId}`];
  const query = sql`select d.day::text as day, ${sums} from ${table} d
    where ${where} and d.day between ${from}::date and ${to}::date group by d.day`;
  return rowsOf<Record<string, unknown>>(await db.execute(query)).map((r) => ({
    day: String(r.day),
    pageViews: num(r.pageViews),
    uniqueVisitors: num(r.uniqueVisitors),
    checkouts: num(r.checkouts),
    enrolments: num(r.enrolments),
    revenue: num(r.revenue),
    refunds: num(r.refunds),
    secondsWatched: num(r.secondsWatched),
    activeLearners: num(r.activeLearners),
    completions: num(r.completions),
  }));
}

/** Page views and enrolments by source, the most views first (at most `limit`). */
export async function sourceFigures(db: DbOrTx, scope: Scope, from: string, to: string, limit: number) {
  const [table, where] =
    scope.kind === 'all'
      ? [sql`analytics_site_source_daily`, sql`true`]
      : scope.kind === 'educator'
        ? [sql`analytics_educator_source_daily`, sql`d.educator_id = ${scope.educatorId}`]
        : [sql`analytics_source_daily`, sql`d.course_id = ${scope.courseId}`];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.source, sum(d.page_views) as "pageViews", sum(d.enrolments) as enrolments
      from ${table} d
      where ${where} and d.day between ${from}::date and ${to}::date
      group by d.source order by 2 desc, 3 desc, 1 limit ${limit}`),
  );
  return rows.map((r) => ({ source: String(r.source), pageViews: num(r.pageViews), enrolments: num(r.enrolments) }));
}

export interface QuizFigures {
  quizId: string;
  title: string;
  courseId: string;
  attempts: number;
  passes: number;
  questions: StoredQuizQuestion[];
  /** Wrong answers per question index. */
  wrong: Map<number, number>;
}

/** Quizzes with attempts in the range, the most attempted first (at most `limit`), with their wrong answers. */
export async function quizFigures(
  db: DbOrTx,
  scope: Scope,
  from: string,
  to: string,
  limit: number,
): Promise<QuizFigures[]> {
  const quizzes = rowsOf<Record<string, unknown>>(
    // Summed per quiz first, then joined to the quizzes: grouping the joined rows carried every quiz's
    // questions through a year's daily rows (an admin's overview: half the time).
    await db.execute(sql`
      select q.id, q.title, q.course_id as "courseId", q.questions, a.attempts, a.passes
      from (
        select d.quiz_id, sum(d.attempts) as attempts, sum(d.passes) as passes from analytics_quiz_daily d
        where ${scoped(scope)} and d.day between ${from}::date and ${to}::date
        group by d.quiz_id
      ) a join quizzes q on q.id = a.quiz_id
      order by a.attempts desc, q.title, q.id limit ${limit}`),
  ).map(
    (r): QuizFigures => ({
      quizId: String(r.id),
      title: String(r.title),
      courseId: String(r.courseId),
      attempts: num(r.attempts),
      passes: num(r.passes),
      questions: (typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions) as StoredQuizQuestion[],
      wrong: new Map(),
    }),
  );
  if (quizzes.length === 0) return quizzes;
  const byId = new Map(quizzes.map((q) => [q.quizId, q]));
  const ids = sql.join(
    quizzes.map((q) => sql`${q.quizId}::uuid`),
    sql`, `,
  );
  const wrong = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select quiz_id, question, sum(wrong) as wrong from analytics_quiz_question_daily
      where quiz_id in (${ids}) and day between ${from}::date and ${to}::date
      group by quiz_id, question`),
  );
  for (const w of wrong) byId.get(String(w.quiz_id))?.wrong.set(num(w.question), num(w.wrong));
  return quizzes;
}

/** A course's owner, or undefined for no such course. */
export async function courseOwner(db: DbOrTx, courseId: string) {
  const [row] = await db.select({ creatorId: courses.creatorId }).from(courses).where(eq(courses.id, courseId));
  return row?.creatorId;
}

/** A lecture with its measured length and its course's owner. */
export async function lectureWithOwner(db: DbOrTx, lectureId: string) {
  const [row] = await db
    .select({ id: lectures.id, durationSeconds: lectures.durationSeconds, creatorId: courses.creatorId })
    .from(lectures)
    .innerJoin(courses, and(eq(courses.id, lectures.courseId)))
    .where(eq(lectures.id, lectureId));
  return row;
}

/** The twentieth of the lecture each viewer's furthest position is in (20 = the end), and its count of viewers. */
const REACHED = sql.raw(Array.from({ length: 21 }, (_, k) => `count(*) filter (where part = ${k})`).join(', '));
/** How many viewers skipped back into each twentieth (bit k of `rewatched`). */
const REWOUND = sql.raw(Array.from({ length: 20 }, (_, k) => `sum((rewatched >> ${k}) & 1)`).join(', '));

/**
 * A lecture's viewers from its per-viewer rollup: how many, the median of their watched seconds,
 * the furthest any reached, how many reached each twentieth of its length (index 0..20: the
 * twentieth their furthest position is in, 20 = the end), and how many skipped back into each
 * (0..19). One pass over the viewers (a popular lecture has tens of thousands); the length is the
 * lecture's measured duration, or else the furthest any viewer reached.
 */
export async function lectureViewers(db: DbOrTx, lectureId: string, duration: number | null) {
  const length = duration
    ? sql`${duration}::float8`
    : sql`(select max(furthest)::float8 from analytics_lecture_viewers where lecture_id = ${lectureId})`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as viewers, coalesce(percentile_cont(0.5) within group (order by watched), 0) as median,
        coalesce(max(furthest), 0) as furthest, array[${REACHED}]::int[] as reached,
        array[${REWOUND}]::int[] as rewound
      from (
        -- A small epsilon: a position stored as a float4 at exactly k/20 of the length counts as there.
        select watched, furthest, rewatched,
          least(20, greatest(0, floor(furthest::float8 / nullif(${length}, 0) * 20 + 1e-9)))::int as part
        from analytics_lecture_viewers where lecture_id = ${lectureId}
      ) v`),
  );
  const viewers = num(row?.viewers);
  const measured = duration ?? (num(row?.furthest) || null);
  const counts = (v: unknown) => (v as unknown[]).map(num);
  // No length (no duration, nobody past 0 s): everyone is at the start.
  const reached = measured ? counts(row?.reached) : [viewers, ...new Array<number>(20).fill(0)];
  const rewound = measured ? counts(row?.rewound) : new Array<number>(20).fill(0);
  return { viewers, medianWatchSeconds: num(row?.median), length: measured, reached, rewound };
}
