import {
  type AskQuestionRequest,
  QA_RESPONSE_WINDOW_DAYS,
  type QaStats,
  type QaViewer,
  type QuestionDetail,
} from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { badRequest, conflict, type ErrorText, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Storage } from '../../core/storage.ts';
import { notifyAccepted, notifyAnswer, notifyNewQuestion } from '../notifications/notifications.service.ts';
import { recordTerms, recordTsvector } from '../search/search.service.ts';
import { presentAnswer, presentQuestion } from './qa.presenter.ts';
import {
  findAnswers,
  findQuestion,
  inboxQuestions,
  LECTURE_NOT_IN_COURSE,
  type ListOptions,
  listQuestions,
  responseTime,
  unansweredByCourse,
} from './qa.queries.ts';

/*
 * Q&A of a course: its enrolled learners and its educator read and write; anyone else signed in
 * is refused (403), a draft course does not exist for them (404). Texts are stored as typed and
 * answered as text. Every change to a question's votes or answers locks the question's row
 * first, so the counts kept on it are recounted by one transaction at a time.
 */

export { unansweredByCourse } from './qa.queries.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Refusals with their ids (contracts' ERROR_IDS: the web shows each in the reader's language).
export const NOT_A_MEMBER: ErrorText = {
  id: 'qa_members_only',
  message: 'Only learners enrolled in this course and its educator can use its Q&A',
};
const EDUCATOR_ONLY: ErrorText = { id: 'qa_educator_only', message: 'Only the course’s educator can do this' };
const COURSE_NOT_FOUND: ErrorText = { id: 'course_not_found', message: 'Course not found' };
const QUESTION_NOT_FOUND: ErrorText = { id: 'qa_question_not_found', message: 'Question not found' };
const ANSWER_NOT_FOUND: ErrorText = { id: 'qa_answer_not_found', message: 'Answer not found' };
const POST_NOT_FOUND: ErrorText = { id: 'qa_post_not_found', message: 'Question or answer not found' };

interface Access {
  viewer: QaViewer;
  courseId: string;
  creatorId: string;
}

/** What the user is to the course: its educator or an enrolled learner; 404/403 otherwise. */
export async function courseAccess(db: DbOrTx, courseId: string, userId: string): Promise<Access> {
  if (!isUuid(courseId)) throw notFound(COURSE_NOT_FOUND);
  const [row] = rowsOf<{ creator_id: string; is_published: boolean; enrolled: boolean }>(
    await db.execute(sql`
      select c.creator_id, c.is_published,
        exists(select 1 from enrollments e where e.course_id = c.id and e.user_id = ${userId}) as enrolled
      from courses c where c.id = ${courseId}`),
  );
  if (!row) throw notFound(COURSE_NOT_FOUND);
  const access = (role: QaViewer['role']) => ({ viewer: { role, userId }, courseId, creatorId: row.creator_id });
  if (row.creator_id === userId) return access('educator');
  if (row.enrolled) return access('learner');
  // A draft is invisible to others, as everywhere else.
  if (!row.is_published) throw notFound(COURSE_NOT_FOUND);
  throw forbidden(NOT_A_MEMBER);
}

/** The question's course, and the user's access to it; 404 for an unknown question. */
async function questionAccess(db: DbOrTx, questionId: string, userId: string) {
  if (!isUuid(questionId)) throw notFound(QUESTION_NOT_FOUND);
  const [q] = rowsOf<{ course_id: string; user_id: string; locked: boolean }>(
    await db.execute(sql`select course_id, user_id, locked from qa_questions where id = ${questionId}`),
  );
  if (!q) throw notFound(QUESTION_NOT_FOUND);
  return { ...(await courseAccess(db, q.course_id, userId)), askerId: q.user_id, locked: q.locked };
}

async function answerAccess(db: DbOrTx, answerId: string, userId: string) {
  if (!isUuid(answerId)) throw notFound(ANSWER_NOT_FOUND);
  const [a] = rowsOf<{ question_id: string; user_id: string }>(
    await db.execute(sql`select question_id, user_id from qa_answers where id = ${answerId}`),
  );
  if (!a) throw notFound(ANSWER_NOT_FOUND);
  return { ...(await questionAccess(db, a.question_id, userId)), questionId: a.question_id, authorId: a.user_id };
}

const lockQuestion = (tx: Tx, questionId: string) =>
  tx.execute(sql`select id from qa_questions where id = ${questionId} for update`);

/** The counts and states kept on the question, from its answers (its row locked by the caller). */
const recount = (tx: Tx, questionId: string) =>
  tx.execute(sql`
    update qa_questions q set
      answer_count = (select count(*) from qa_answers a where a.question_id = q.id),
      accepted = exists(select 1 from qa_answers a where a.question_id = q.id and a.accepted),
      answered = exists(select 1 from qa_answers a where a.question_id = q.id and (a.accepted or a.user_id = c.creator_id)),
      first_educator_answer_at = (select min(a.created_at) from qa_answers a where a.question_id = q.id and a.user_id = c.creator_id)
    from courses c where c.id = q.course_id and q.id = ${questionId}`);

/** Adds (+1) or removes (-1) a question's words from its course's vocabulary. */
async function countTerms(tx: Tx, courseId: string, terms: string[], by: 1 | -1) {
  if (terms.length === 0) return;
  const list = JSON.stringify(terms);
  if (by === 1) {
    await tx.execute(sql`
      insert into qa_terms (course_id, term, df)
      select ${courseId}::uuid, t, 1 from json_array_elements_text(${list}::json) as x(t)
      on conflict (course_id, term) do update set df = qa_terms.df + 1`);
  } else {
    await tx.execute(sql`
      update qa_terms set df = df - 1
      where course_id = ${courseId} and term = any(array(select json_array_elements_text(${list}::json)))`);
    await tx.execute(sql`delete from qa_terms where course_id = ${courseId} and df <= 0`);
  }
}

/** The question as the viewer sees it. */
async function question(db: DbOrTx, storage: Storage, questionId: string, access: Access) {
  const educator = access.viewer.role === 'educator';
  const row = await findQuestion(db, questionId, access.viewer.userId, educator);
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return presentQuestion(storage, row, educator);
}

/** Asks a question on a course, optionally about a lecture of it and a second of that lecture. */
export async function askQuestion(db: DbOrTx, storage: Storage, userId: string, input: AskQuestionRequest) {
  const access = await courseAccess(db, input.courseId, userId);
  const lectureId = input.lectureId ?? null;
  const timestampSec = input.timestampSec ?? null;
  if (timestampSec !== null && lectureId === null) {
    throw badRequest(
      { id: 'qa_moment_needs_lecture', message: 'A moment (timestampSec) needs the lecture it is in (lectureId)' },
      { timestampSec: 'Needs lectureId' },
    );
  }
  if (lectureId !== null) {
    const [lecture] = isUuid(lectureId)
      ? rowsOf<{ duration_seconds: number | null }>(
          await db.execute(
            sql`select duration_seconds from lectures where id = ${lectureId} and course_id = ${access.courseId}`,
          ),
        )
      : [];
    if (!lecture) throw badRequest(LECTURE_NOT_IN_COURSE, { lectureId: 'Not a lecture of this course' });
    if (
      timestampSec !== null &&
      lecture.duration_seconds !== null &&
      timestampSec > Math.ceil(lecture.duration_seconds)
    ) {
      throw badRequest(
        { id: 'qa_moment_past_end', message: 'timestampSec is past the end of the lecture' },
        { timestampSec: 'Past the end of the lecture' },
      );
    }
  }
  const id = await db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into qa_questions (course_id, lecture_id, timestamp_sec, user_id, title, body, search_tsv)
        values (${access.courseId}, ${lectureId}, ${timestampSec}, ${userId}, ${input.title}, ${input.body},
          ${recordTsvector(input.title, input.body)})
        returning id`),
    );
    await countTerms(tx, access.courseId, recordTerms(input.title, input.body), 1);
    await notifyNewQuestion(tx, row.id);
    return row.id;
  });
  return question(db, storage, id, access);
}

export async function listCourseQuestions(
  db: DbOrTx,
  storage: Storage,
  userId: string,
  courseId: string,
  options: ListOptions,
) {
  const access = await courseAccess(db, courseId, userId);
  const educator = access.viewer.role === 'educator';
  const { rows, nextCursor } = await listQuestions(db, access.courseId, userId, educator, options);
  return { questions: rows.map((r) => presentQuestion(storage, r, educator)), nextCursor, viewer: access.viewer };
}

export async function questionDetail(
  db: DbOrTx,
  storage: Storage,
  userId: string,
  questionId: string,
): Promise<QuestionDetail> {
  const access = await questionAccess(db, questionId, userId);
  const educator = access.viewer.role === 'educator';
  const [q, answers] = await Promise.all([
    question(db, storage, questionId, access),
    findAnswers(db, questionId, educator),
  ]);
  return { question: q, answers: answers.map((a) => presentAnswer(storage, a, educator)), viewer: access.viewer };
}

export async function postAnswer(db: DbOrTx, storage: Storage, userId: string, questionId: string, body: string) {
  const access = await questionAccess(db, questionId, userId);
  const id = await db.transaction(async (tx) => {
    await lockQuestion(tx, questionId);
    const [{ locked }] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select locked from qa_questions where id = ${questionId}`),
    );
    if (locked)
      throw conflict({ id: 'qa_question_locked', message: 'This question is locked: it takes no new answers' });
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into qa_answers (question_id, user_id, body) values (${questionId}, ${userId}, ${body}) returning id`),
    );
    await recount(tx, questionId);
    await notifyAnswer(tx, row.id);
    return row.id;
  });
  const answers = await findAnswers(db, questionId, access.viewer.role === 'educator');
  const answer = answers.find((a) => a.id === id);
  if (!answer) throw notFound(ANSWER_NOT_FOUND);
  return presentAnswer(storage, answer, access.viewer.role === 'educator');
}

/** Marks (or unmarks) the accepted answer: the asker or the course's educator. */
export async function acceptAnswer(db: DbOrTx, storage: Storage, userId: string, answerId: string, accepted: boolean) {
  const access = await answerAccess(db, answerId, userId);
  if (access.viewer.role !== 'educator' && access.askerId !== userId) {
    throw forbidden({
      id: 'qa_accept_not_allowed',
      message: 'Only the person who asked and the course’s educator can accept an answer',
    });
  }
  await db.transaction(async (tx) => {
    await lockQuestion(tx, access.questionId);
    // Off first: the one-accepted index is checked row by row.
    await tx.execute(sql`update qa_answers set accepted = false where question_id = ${access.questionId} and accepted`);
    if (accepted) {
      await tx.execute(sql`update qa_answers set accepted = true where id = ${answerId}`);
      await notifyAccepted(tx, answerId, userId);
    }
    await recount(tx, access.questionId);
  });
  return questionDetail(db, storage, userId, access.questionId);
}

/** Sets or toggles the viewer's vote; one per user, the count recounted under the question's lock. */
export async function voteQuestion(db: DbOrTx, userId: string, questionId: string, voted: boolean | undefined) {
  await questionAccess(db, questionId, userId);
  return db.transaction(async (tx) => {
    await lockQuestion(tx, questionId);
    const [had] = rowsOf<{ user_id: string }>(
      await tx.execute(sql`select user_id from qa_votes where question_id = ${questionId} and user_id = ${userId}`),
    );
    const want = voted ?? !had;
    if (want && !had) {
      await tx.execute(
        sql`insert into qa_votes (question_id, user_id) values (${questionId}, ${userId}) on conflict do nothing`,
      );
    } else if (!want && had) {
      await tx.execute(sql`delete from qa_votes where question_id = ${questionId} and user_id = ${userId}`);
    }
    const [{ votes }] = rowsOf<{ votes: number }>(
      await tx.execute(sql`
        update qa_questions set votes = (select count(*) from qa_votes where question_id = ${questionId})
        where id = ${questionId} returning votes`),
    );
    return { questionId, votes: Number(votes), votedByMe: want };
  });
}

/** Featuring and locking: the course's educator only. Toggles unless `value` says. */
export async function setQuestionFlag(
  db: DbOrTx,
  storage: Storage,
  userId: string,
  questionId: string,
  flag: 'featured' | 'locked',
  value: boolean | undefined,
) {
  const access = await questionAccess(db, questionId, userId);
  if (access.viewer.role !== 'educator') throw forbidden(EDUCATOR_ONLY);
  const column = sql.raw(flag);
  await db.execute(
    sql`update qa_questions set ${column} = ${value === undefined ? sql`not ${column}` : sql`${value}`} where id = ${questionId}`,
  );
  return question(db, storage, questionId, access);
}

/** The author or the course's educator deletes a question, with its answers, votes and reports. */
export async function deleteQuestion(db: DbOrTx, userId: string, questionId: string) {
  const access = await questionAccess(db, questionId, userId);
  if (access.viewer.role !== 'educator' && access.askerId !== userId) {
    throw forbidden({
      id: 'qa_delete_question_not_allowed',
      message: 'Only the person who asked and the course’s educator can delete a question',
    });
  }
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ title: string; body: string }>(
      await tx.execute(sql`delete from qa_questions where id = ${questionId} returning title, body`),
    );
    if (row) await countTerms(tx, access.courseId, recordTerms(row.title, row.body), -1);
  });
}

export async function deleteAnswer(db: DbOrTx, userId: string, answerId: string) {
  const access = await answerAccess(db, answerId, userId);
  if (access.viewer.role !== 'educator' && access.authorId !== userId) {
    throw forbidden({
      id: 'qa_delete_answer_not_allowed',
      message: 'Only the person who answered and the course’s educator can delete an answer',
    });
  }
  await db.transaction(async (tx) => {
    await lockQuestion(tx, access.questionId);
    await tx.execute(sql`delete from qa_answers where id = ${answerId}`);
    await recount(tx, access.questionId);
  });
}

/** Reports a question or an answer (by its id) to the course's educator; answers whether it is new. */
export async function reportPost(db: DbOrTx, userId: string, id: string, reason: string) {
  if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
  const [target] = rowsOf<{ kind: 'question' | 'answer' }>(
    await db.execute(sql`
      select 'question' as kind from qa_questions where id = ${id}
      union all select 'answer' from qa_answers where id = ${id}`),
  );
  if (!target) throw notFound(POST_NOT_FOUND);
  const isQuestion = target.kind === 'question';
  const authorId = isQuestion
    ? (await questionAccess(db, id, userId)).askerId
    : (await answerAccess(db, id, userId)).authorId;
  if (authorId === userId) throw badRequest({ id: 'qa_report_own_post', message: 'You cannot report your own post' });
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into qa_reports (user_id, question_id, answer_id, reason)
      values (${userId}, ${isQuestion ? id : null}, ${isQuestion ? null : id}, ${reason})
      on conflict do nothing returning id`),
  );
  return !!row;
}

/** The educator's inbox across their courses (a course of someone else's: 404). */
export async function educatorInbox(
  db: DbOrTx,
  storage: Storage,
  educatorId: string,
  options: Parameters<typeof inboxQuestions>[2],
) {
  if (options.courseId !== undefined) {
    const access = await courseAccess(db, options.courseId, educatorId).catch(() => null);
    if (access?.viewer.role !== 'educator') throw notFound(COURSE_NOT_FOUND);
  }
  const { rows, nextCursor, unansweredCount } = await inboxQuestions(db, educatorId, options);
  return { questions: rows.map((r) => presentQuestion(storage, r, true)), nextCursor, unansweredCount };
}

/**
 * The course page's response time. Anyone who may see the course (a published one; a draft only
 * its educator); its educator also gets the unanswered count.
 */
export async function courseQaStats(db: DbOrTx, userId: string | null, courseId: string): Promise<QaStats> {
  if (!isUuid(courseId)) throw notFound(COURSE_NOT_FOUND);
  const [course] = rowsOf<{ creator_id: string; is_published: boolean }>(
    await db.execute(sql`select creator_id, is_published from courses where id = ${courseId}`),
  );
  const educator = !!course && course.creator_id === userId;
  if (!course || (!course.is_published && !educator)) throw notFound(COURSE_NOT_FOUND);
  const { medianSeconds, count } = await responseTime(db, courseId, QA_RESPONSE_WINDOW_DAYS);
  const stats: QaStats = {
    courseId,
    medianFirstAnswerSeconds: medianSeconds,
    answeredQuestions: count,
    windowDays: QA_RESPONSE_WINDOW_DAYS,
  };
  if (educator && userId) stats.unansweredCount = (await unansweredByCourse(db, userId)).get(courseId) ?? 0;
  return stats;
}

export interface SeedQuestion {
  courseId: string;
  lectureId: string | null;
  timestampSec: number | null;
  userId: string;
  title: string;
  body: string;
  createdAt: Date;
  featured?: boolean;
  answers: { userId: string; body: string; createdAt: Date; accepted?: boolean }[];
  voterIds: string[];
}

/**
 * Demo content (bootstrap/seed): questions with their answers and votes, stored as asking and
 * answering would store them but at the given times and without notifying anyone.
 */
export async function seedQuestions(tx: Tx, questions: SeedQuestion[]) {
  for (const q of questions) {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into qa_questions (course_id, lecture_id, timestamp_sec, user_id, title, body, featured, search_tsv, created_at)
        values (${q.courseId}, ${q.lectureId}, ${q.timestampSec}, ${q.userId}, ${q.title}, ${q.body}, ${q.featured ?? false},
          ${recordTsvector(q.title, q.body)}, ${q.createdAt.toISOString()}::timestamptz)
        returning id`),
    );
    await countTerms(tx, q.courseId, recordTerms(q.title, q.body), 1);
    for (const a of q.answers) {
      await tx.execute(sql`
        insert into qa_answers (question_id, user_id, body, accepted, created_at)
        values (${row.id}, ${a.userId}, ${a.body}, ${a.accepted ?? false}, ${a.createdAt.toISOString()}::timestamptz)`);
    }
    for (const voter of q.voterIds) {
      await tx.execute(sql`insert into qa_votes (question_id, user_id) values (${row.id}, ${voter})`);
    }
    await tx.execute(sql`update qa_questions set votes = ${q.voterIds.length} where id = ${row.id}`);
    await recount(tx, row.id);
  }
}
