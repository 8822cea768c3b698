import type { NotificationKind } from '@kaksha/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import type { NotificationParams } from './notifications.text.ts';

/*
 * Recording what happened, inside the transaction of the change itself: one event row (named by
 * a key, so recording it again is a no-op) and one notification per recipient, never the person
 * who caused it. Nothing else happens here: the bell's live update and the e-mails follow once an
 * instance dispatches the event (notifications.dispatch.ts), after the transaction committed.
 * Each helper needs only the transaction, so the modules that call it (lectures, certificates,
 * refunds, qa) add one line and pass nothing else around.
 */

type EventRecord = {
  [K in NotificationKind]: EventFields & {
    kind: K;
    /** The values its title and body are worded with when read (notifications.text.ts). */
    params: NotificationParams[K];
  };
}[NotificationKind];

interface EventFields {
  /** Names the event (`answer:<id>` …): a second record of it does nothing. */
  key: string;
  /** Who caused it (never notified); null when no one did (the platform issued it). */
  actorId: string | null;
  /** A path in the web app. */
  link: string;
  courseId: string | null;
  /** A statement selecting the recipients' ids as `user_id`. */
  recipients: SQL;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Plain text cut at a word boundary to about `max` characters, on one line. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Records the event and its notifications; false when it was recorded before (or no one is told). */
async function record(db: DbOrTx, e: EventRecord): Promise<boolean> {
  // A savepoint inside the caller's transaction, or a transaction of its own: both rows or neither.
  return db.transaction(async (tx) => {
    const [event] = rowsOf<{ id: string }>(
      await tx.execute(sql`
      insert into notification_events (kind, dedupe_key, actor_id) values (${e.kind}, ${e.key}, ${e.actorId})
      on conflict (dedupe_key) do nothing
      returning id`),
    );
    if (!event) return false;
    await tx.execute(sql`
      insert into notifications (user_id, event_id, kind, params, link, course_id)
      select distinct r.user_id, ${event.id}::uuid, ${e.kind}, ${JSON.stringify(e.params)}::jsonb, ${e.link}, ${e.courseId}::uuid
      from (${e.recipients}) r
      where r.user_id is not null and r.user_id is distinct from ${e.actorId}::uuid
      on conflict (event_id, user_id) do nothing`);
    return true;
  });
}

/** Where a Q&A notification leads: the course's lecture viewer with the question open. */
const questionLink = (courseId: string, questionId: string, lectureId: string | null) =>
  `/viewlecture/${courseId}?${lectureId ? `lecture=${lectureId}&` : ''}question=${questionId}`;

/** A new lecture, to the learners enrolled in its (published) course; the educator added it. */
export async function notifyNewLecture(tx: DbOrTx, lectureId: string) {
  const [row] = rowsOf<{ course_id: string; lecture_title: string; title: string; creator_id: string }>(
    await tx.execute(sql`
      select l.course_id, l.lecture_title, c.title, c.creator_id
      from lectures l join courses c on c.id = l.course_id
      where l.id = ${lectureId} and c.is_published`),
  );
  if (!row) return false;
  return record(tx, {
    kind: 'lecture',
    key: `lecture:${lectureId}`,
    actorId: row.creator_id,
    params: { course: row.title, lecture: row.lecture_title },
    link: `/viewlecture/${row.course_id}?lecture=${lectureId}`,
    courseId: row.course_id,
    recipients: sql`select user_id from enrollments where course_id = ${row.course_id}`,
  });
}

/** A certificate issued, to its learner (the platform issues it: no actor). */
export async function notifyCertificateIssued(tx: DbOrTx, certificateId: string) {
  const [row] = rowsOf<{ user_id: string; course_id: string | null; course_title: string }>(
    await tx.execute(sql`select user_id, course_id, course_title from certificates where id = ${certificateId}`),
  );
  if (!row) return false;
  return record(tx, {
    kind: 'certificate',
    key: `certificate:${certificateId}`,
    actorId: null,
    params: { course: row.course_title },
    link: `/certificate/${certificateId}`,
    courseId: row.course_id,
    recipients: sql`select ${row.user_id}::uuid as user_id`,
  });
}

/** A refund processed, to the learner it pays back; recorded once however often it is reported. */
export async function notifyRefundProcessed(tx: DbOrTx, refundId: string) {
  const [row] = rowsOf<{ user_id: string; course_id: string; amount: number; title: string }>(
    await tx.execute(sql`
      select r.user_id, r.course_id, r.amount, c.title
      from refunds r join courses c on c.id = r.course_id
      where r.id = ${refundId} and r.status = 'processed'`),
  );
  if (!row) return false;
  return record(tx, {
    kind: 'refund',
    key: `refund:${refundId}`,
    actorId: null,
    params: { course: row.title, amountPaise: Number(row.amount) },
    link: '/purchases',
    courseId: row.course_id,
    recipients: sql`select ${row.user_id}::uuid as user_id`,
  });
}

interface QuestionRow {
  id: string;
  course_id: string;
  lecture_id: string | null;
  title: string;
  user_id: string;
  course_title: string;
  creator_id: string;
}

const questionRow = async (tx: DbOrTx, questionId: string) =>
  rowsOf<QuestionRow>(
    await tx.execute(sql`
      select q.id, q.course_id, q.lecture_id, q.title, q.user_id, c.title as course_title, c.creator_id
      from qa_questions q join courses c on c.id = q.course_id
      where q.id = ${questionId}`),
  )[0];

/** A new question, to the course's educator (the asker is the actor). */
export async function notifyNewQuestion(tx: DbOrTx, questionId: string) {
  const q = await questionRow(tx, questionId);
  if (!q) return false;
  return record(tx, {
    kind: 'question',
    key: `question:${questionId}`,
    actorId: q.user_id,
    params: { course: q.course_title, question: q.title },
    link: questionLink(q.course_id, q.id, q.lecture_id),
    courseId: q.course_id,
    recipients: sql`select ${q.creator_id}::uuid as user_id`,
  });
}

const answerRow = async (tx: DbOrTx, answerId: string) =>
  rowsOf<{ question_id: string; user_id: string; body: string; name: string }>(
    await tx.execute(sql`
      select a.question_id, a.user_id, a.body, u.name
      from qa_answers a join users u on u.id = a.user_id
      where a.id = ${answerId}`),
  )[0];

/** A new answer, to the question's asker (the answerer is the actor). */
export async function notifyAnswer(tx: DbOrTx, answerId: string) {
  const a = await answerRow(tx, answerId);
  const q = a && (await questionRow(tx, a.question_id));
  if (!a || !q) return false;
  return record(tx, {
    kind: 'answer',
    key: `answer:${answerId}`,
    actorId: a.user_id,
    params: { question: excerpt(q.title, 80), name: a.name, answer: excerpt(a.body) },
    link: questionLink(q.course_id, q.id, q.lecture_id),
    courseId: q.course_id,
    recipients: sql`select ${q.user_id}::uuid as user_id`,
  });
}

/** An answer accepted, to its author (`actorId` accepted it); once per answer, even if accepted again. */
export async function notifyAccepted(tx: DbOrTx, answerId: string, actorId: string) {
  const a = await answerRow(tx, answerId);
  const q = a && (await questionRow(tx, a.question_id));
  if (!a || !q) return false;
  return record(tx, {
    kind: 'accepted',
    key: `accepted:${answerId}`,
    actorId,
    params: { question: excerpt(q.title, 120) },
    link: questionLink(q.course_id, q.id, q.lecture_id),
    courseId: q.course_id,
    recipients: sql`select ${a.user_id}::uuid as user_id`,
  });
}
