import type { QaSort, QaStatus } from '@kaksha/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { badRequest, type ErrorText, PAGE_LINK_STALE } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { recordMatcher } from '../search/search.service.ts';
import type { AnswerRow, QuestionRow } from './qa.presenter.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A question with everything its presentation needs; `viewerId` for `votedByMe`, report counts for the educator. */
const questionColumns = (viewerId: string, forEducator: boolean) => sql`
  q.id, q.course_id, c.title as course_title, c.creator_id, q.lecture_id, l.lecture_title, q.timestamp_sec,
  q.title, q.body, q.user_id, u.name as author_name, u.photo_key as author_photo_key, u.role as author_role,
  q.answer_count, q.votes,
  exists(select 1 from qa_votes v where v.question_id = q.id and v.user_id = ${viewerId}) as voted_by_me,
  q.accepted, q.answered, q.featured, q.locked, q.created_at, q.created_at::text as at,
  ${forEducator ? sql`(select count(*) from qa_reports r where r.question_id = q.id)::int` : sql`null::int`} as report_count`;

const questionFrom = sql`
  from qa_questions q
  join courses c on c.id = q.course_id
  join users u on u.id = q.user_id
  left join lectures l on l.id = q.lecture_id`;

type ListedRow = QuestionRow & { at: string; score?: string };

export async function findQuestion(db: DbOrTx, questionId: string, viewerId: string, forEducator: boolean) {
  const [row] = rowsOf<ListedRow>(
    await db.execute(sql`select ${questionColumns(viewerId, forEducator)} ${questionFrom} where q.id = ${questionId}`),
  );
  return row;
}

/** A question's answers: the accepted one first, then oldest first. */
export async function findAnswers(db: DbOrTx, questionId: string, forEducator: boolean) {
  return rowsOf<AnswerRow>(
    await db.execute(sql`
      select a.id, a.question_id, a.body, a.user_id, u.name as author_name, u.photo_key as author_photo_key,
        u.role as author_role, a.user_id = c.creator_id as by_educator, a.accepted, a.created_at,
        ${forEducator ? sql`(select count(*) from qa_reports r where r.answer_id = a.id)::int` : sql`null::int`} as report_count
      from qa_answers a
      join qa_questions q on q.id = a.question_id
      join courses c on c.id = q.course_id
      join users u on u.id = a.user_id
      where a.question_id = ${questionId}
      order by a.accepted desc, a.created_at, a.id`),
  );
}

/*
 * Cursors: base64url of the order's name and the last row's keys, joined by '|'. A cursor of one
 * order (or one search) is refused by another.
 */
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const KEY_CHECKS = {
  featured: (v: string) => v === 't' || v === 'f',
  time: (v: string) => DATABASE_TIMESTAMP.test(v),
  int: (v: string) => /^-?\d{1,10}$/.test(v),
  score: (v: string) => /^\d{1,3}(\.\d{1,6})?$/.test(v),
  id: isUuid,
};
type KeyType = keyof typeof KEY_CHECKS;
const ORDER_KEYS: Record<QaSort | 'search' | 'inbox', KeyType[]> = {
  recent: ['featured', 'time', 'id'],
  votes: ['featured', 'int', 'time', 'id'],
  search: ['score', 'id'],
  inbox: ['time', 'id'],
};

/** A lectureId that is not one of the course's lectures (listing, asking). */
export const LECTURE_NOT_IN_COURSE: ErrorText = {
  id: 'qa_lecture_not_in_course',
  message: 'lectureId must be a lecture of this course',
};

const encodeCursor = (order: keyof typeof ORDER_KEYS, values: string[]) =>
  Buffer.from([order, ...values].join('|')).toString('base64url');

function decodeCursor(order: keyof typeof ORDER_KEYS, cursor: string): string[] {
  const [name, ...values] = Buffer.from(cursor, 'base64url').toString().split('|');
  const keys = ORDER_KEYS[order];
  if (name !== order || values.length !== keys.length || !keys.every((k, i) => KEY_CHECKS[k](values[i]))) {
    throw badRequest(PAGE_LINK_STALE, { cursor: 'Invalid cursor' });
  }
  return values;
}

const statusFilter = (status: QaStatus) =>
  status === 'answered' ? sql`and q.answered` : status === 'unanswered' ? sql`and not q.answered` : sql``;

export interface ListOptions {
  lectureId?: string;
  status: QaStatus;
  sort: QaSort;
  q?: string;
  cursor?: string;
  limit: number;
}

/**
 * One page of a course's questions. Without `q`: featured first, then newest or most voted, read
 * in an index's order from the keyset cursor. With `q`: the questions it matches best first (the
 * AI search's language handling, modules/search), keyset on (score, id); none when it has no topic word.
 */
export async function listQuestions(
  db: DbOrTx,
  courseId: string,
  viewerId: string,
  forEducator: boolean,
  o: ListOptions,
): Promise<{ rows: QuestionRow[]; nextCursor: string | null }> {
  if (o.lectureId !== undefined && !isUuid(o.lectureId)) {
    throw badRequest(LECTURE_NOT_IN_COURSE, { lectureId: 'Not a lecture id' });
  }
  const filters = sql`q.course_id = ${courseId} ${o.lectureId ? sql`and q.lecture_id = ${o.lectureId}` : sql``} ${statusFilter(o.status)}`;
  const columns = questionColumns(viewerId, forEducator);
  let rows: ListedRow[];
  let order: keyof typeof ORDER_KEYS;
  if (o.q) {
    order = 'search';
    const matcher = await recordMatcher(
      db,
      o.q,
      { table: sql`qa_terms`, scope: sql`course_id = ${courseId}` },
      sql`q.search_tsv`,
    );
    if (!matcher) return { rows: [], nextCursor: null };
    const after = o.cursor ? decodeCursor(order, o.cursor) : null;
    rows = rowsOf<ListedRow>(
      await db.execute(sql`
        select * from (
          select ${columns}, round((${matcher.score})::numeric, 6)::text as score
          ${questionFrom}
          where ${filters} and ${matcher.where}) x
        ${after ? sql`where (x.score::numeric, x.id) < (${after[0]}::numeric, ${after[1]}::uuid)` : sql``}
        order by x.score::numeric desc, x.id desc
        limit ${o.limit + 1}`),
    );
  } else {
    order = o.sort;
    const after = o.cursor ? decodeCursor(order, o.cursor) : null;
    const keys: SQL =
      o.sort === 'votes' ? sql`(q.featured, q.votes, q.created_at, q.id)` : sql`(q.featured, q.created_at, q.id)`;
    const values: SQL | null = !after
      ? null
      : o.sort === 'votes'
        ? sql`(${after[0] === 't'}::boolean, ${Number(after[1])}::int, ${after[2]}::timestamptz, ${after[3]}::uuid)`
        : sql`(${after[0] === 't'}::boolean, ${after[1]}::timestamptz, ${after[2]}::uuid)`;
    rows = rowsOf<ListedRow>(
      await db.execute(sql`
        select ${columns} ${questionFrom}
        where ${filters} ${values ? sql`and ${keys} < ${values}` : sql``}
        order by q.featured desc, ${o.sort === 'votes' ? sql`q.votes desc,` : sql``} q.created_at desc, q.id desc
        limit ${o.limit + 1}`),
    );
  }
  const page = rows.slice(0, o.limit);
  const last = page.at(-1);
  const cursorValues = (r: ListedRow) =>
    order === 'search'
      ? [String(r.score), r.id]
      : order === 'votes'
        ? [r.featured ? 't' : 'f', String(r.votes), r.at, r.id]
        : [r.featured ? 't' : 'f', r.at, r.id];
  return { rows: page, nextCursor: rows.length > o.limit && last ? encodeCursor(order, cursorValues(last)) : null };
}

/**
 * An educator's inbox: questions on their courses (or one of them), oldest first, and how many
 * are unanswered across all their courses.
 */
export async function inboxQuestions(
  db: DbOrTx,
  educatorId: string,
  o: { status: QaStatus; courseId?: string; cursor?: string; limit: number },
) {
  const after = o.cursor ? decodeCursor('inbox', o.cursor) : null;
  const rows = rowsOf<ListedRow>(
    await db.execute(sql`
      select ${questionColumns(educatorId, true)} ${questionFrom}
      where c.creator_id = ${educatorId} ${o.courseId ? sql`and q.course_id = ${o.courseId}` : sql``} ${statusFilter(o.status)}
        ${after ? sql`and (q.created_at, q.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by q.created_at, q.id
      limit ${o.limit + 1}`),
  );
  const page = rows.slice(0, o.limit);
  const last = page.at(-1);
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from qa_questions q join courses c on c.id = q.course_id
      where c.creator_id = ${educatorId} and not q.answered`),
  );
  return {
    rows: page as QuestionRow[],
    nextCursor: rows.length > o.limit && last ? encodeCursor('inbox', [last.at, last.id]) : null,
    unansweredCount: Number(n),
  };
}

/** Unanswered questions per course of one educator (courses without any are left out). */
export async function unansweredByCourse(db: DbOrTx, educatorId: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ course_id: string; n: number }>(
    await db.execute(sql`
      select q.course_id, count(*)::int as n from qa_questions q join courses c on c.id = q.course_id
      where c.creator_id = ${educatorId} and not q.answered group by q.course_id`),
  );
  return new Map(rows.map((r) => [r.course_id, Number(r.n)]));
}

/**
 * The median time from a question to the educator's first answer, over the course's questions of
 * the last `days` days that have one (the educator's own questions left out).
 */
export async function responseTime(db: DbOrTx, courseId: string, days: number) {
  const [row] = rowsOf<{ median: number | null; n: number }>(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from q.first_educator_answer_at - q.created_at)) as median,
        count(*)::int as n
      from qa_questions q join courses c on c.id = q.course_id
      where q.course_id = ${courseId} and q.first_educator_answer_at is not null and q.user_id <> c.creator_id
        and q.created_at > now() - make_interval(days => ${days})`),
  );
  return {
    medianSeconds: row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median)),
    count: Number(row?.n ?? 0),
  };
}
