import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { courseSections } from './sections.ts';
import { users } from './users.ts';

/**
 * One question as stored: `correct` holds option indices and never leaves the server before a
 * submit. `optionIds` (random, one per option, made when the quiz is written) are what learners
 * answer with, the options being shuffled; quizzes written before them get ids derived from their
 * position (modules/quizzes/quizzes.options.ts).
 */
export interface StoredQuizQuestion {
  prompt: string;
  kind: 'single' | 'multiple' | 'truefalse';
  options: string[];
  optionIds?: string[];
  correct: number[];
  explanation?: string;
}

export const quizzes = pgTable(
  'quizzes',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Placed after this section; null: at the end of the course. */
    sectionId: uuid('section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    passPercent: integer('pass_percent').notNull(),
    /** Null: unlimited attempts. */
    maxAttempts: integer('max_attempts'),
    /** What a graded attempt reveals (correct options, explanations): always, after a pass, or never. */
    showAnswers: text('show_answers', { enum: ['always', 'after-pass', 'never'] })
      .notNull()
      .default('after-pass'),
    questions: jsonb('questions').$type<StoredQuizQuestion[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quizzes_course_idx').on(t.courseId),
    check('quizzes_pass_percent_check', sql`${t.passPercent} between 0 and 100`),
    check('quizzes_max_attempts_check', sql`${t.maxAttempts} is null or ${t.maxAttempts} >= 1`),
    check('quizzes_show_answers_check', sql`${t.showAnswers} in ('always', 'after-pass', 'never')`),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the learner's first attempt at this quiz. */
    attempt: integer('attempt').notNull(),
    answers: jsonb('answers').$type<number[][]>().notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_attempts_quiz_user_idx').on(t.quizId, t.userId, t.attempt)],
);
