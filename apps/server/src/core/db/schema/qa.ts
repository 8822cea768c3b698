import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { courses } from './courses.ts';
import { lectures } from './lectures.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A learner's (or the educator's) question on a course (modules/qa), optionally about a lecture
 * and the second of it. Title and body are plain text as typed. `votes`, `answer_count`,
 * `answered` (an answer by the course's educator, or an accepted one), `accepted` and
 * `first_educator_answer_at` are kept by the transactions that change votes and answers, so lists
 * filter and order on them without counting.
 */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The lecture it is about; a deleted lecture leaves the question on the course. */
    lectureId: uuid('lecture_id').references(() => lectures.id, { onDelete: 'set null' }),
    timestampSec: integer('timestamp_sec'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    featured: boolean('featured').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    votes: integer('votes').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    answered: boolean('answered').notNull().default(false),
    accepted: boolean('accepted').notNull().default(false),
    firstEducatorAnswerAt: timestamp('first_educator_answer_at', { withTimezone: true }),
    /** Title (A) and body (B) for `q=` (modules/search's record search). */
    searchTsv: tsvector('search_tsv').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A course's (or lecture's) page of questions, featured first, newest or most voted: index order.
    index('qa_questions_course_recent_idx').on(t.courseId, t.featured, t.createdAt, t.id),
    index('qa_questions_course_votes_idx').on(t.courseId, t.featured, t.votes, t.createdAt, t.id),
    index('qa_questions_lecture_recent_idx').on(t.lectureId, t.featured, t.createdAt, t.id),
    // The educator's inbox and the dashboard's counts: the unanswered ones, oldest first.
    index('qa_questions_unanswered_idx').on(t.courseId, t.createdAt, t.id).where(sql`${t.answered} = false`),
    index('qa_questions_user_idx').on(t.userId),
    index('qa_questions_search_idx').using('gin', t.searchTsv).with({ fastupdate: false }),
    check('qa_questions_timestamp_check', sql`${t.timestampSec} is null or ${t.timestampSec} >= 0`),
  ],
);

export const qaAnswers = pgTable(
  'qa_answers',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('qa_answers_question_created_idx').on(t.questionId, t.createdAt, t.id),
    // One accepted answer per question, whatever two requests do at once.
    uniqueIndex('qa_answers_one_accepted_key').on(t.questionId).where(sql`${t.accepted}`),
    index('qa_answers_user_idx').on(t.userId),
  ],
);

/** One vote per user and question: the primary key holds it under any number of requests at once. */
export const qaVotes = pgTable(
  'qa_votes',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => qaQuestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'qa_votes_pkey', columns: [t.questionId, t.userId] }),
    index('qa_votes_user_idx').on(t.userId),
  ],
);

/** A report of a question or an answer (exactly one), one per user and post. */
export const qaReports = pgTable(
  'qa_reports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => qaQuestions.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').references(() => qaAnswers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qa_reports_user_question_key').on(t.userId, t.questionId),
    uniqueIndex('qa_reports_user_answer_key').on(t.userId, t.answerId),
    index('qa_reports_question_idx').on(t.questionId),
    index('qa_reports_answer_idx').on(t.answerId),
    check('qa_reports_target_check', sql`num_nonnulls(${t.questionId}, ${t.answerId}) = 1`),
  ],
);

/**
 * The words of each course's questions with how many questions have them (and their phonetic
 * keys, `#snd:` rows): what `q=` corrects a typo against, by primary-key look-ups.
 */
export const qaTerms = pgTable(
  'qa_terms',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [
    primaryKey({ name: 'qa_terms_pkey', columns: [t.courseId, t.term] }),
    // Ranges of a course's words by their bytes (same first letter, a phonetic key's rows).
    index('qa_terms_prefix_idx').using('btree', t.courseId, sql`${t.term} text_pattern_ops`),
  ],
);
