import type { Quiz, QuizAttempts, QuizRequest, QuizResult } from '@kaksha/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courseSections, courses, quizAttempts, quizzes } from '../../core/db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { assertCreator, isEnrolled, loadOwnedCourse } from '../courses/courses.service.ts';
import { grade, resolveAnswers } from './quizzes.grading.ts';
import { newOptionIds } from './quizzes.options.ts';
import { NO_ATTEMPTS, presentAttempt, presentQuiz, type QuizRow, type QuizStanding } from './quizzes.presenter.ts';

/*
 * The quizzes module's public face. Creators write quizzes; enrolled learners (and the creator,
 * to try them out) read and submit them. Grading happens here only: answers never leave the
 * server before a submit. Certificates ask `unpassedQuizzes`.
 */

export const NOT_ENROLLED_MESSAGE = 'Only learners enrolled in this course can take its quizzes';

type CourseAccess = { id: string; creatorId: string; isPublished: boolean };

/**
 * Readers: the creator, or an enrolled learner (who keeps access after an unpublish, as with
 * lectures). Anyone else: 404 when the course is not visible to them (as on getcourse), else 403.
 */
async function assertCanTake(db: DbOrTx, course: CourseAccess | undefined, userId: string, what: 'Quiz' | 'Course') {
  if (course && (course.creatorId === userId || (await isEnrolled(db, userId, course.id)))) return course;
  if (!course?.isPublished)
    throw notFound({ id: what === 'Quiz' ? 'quiz_not_found' : 'course_not_found', message: `${what} not found` });
  throw forbidden({ id: 'quiz_not_enrolled', message: NOT_ENROLLED_MESSAGE });
}

const courseAccess = { id: courses.id, creatorId: courses.creatorId, isPublished: courses.isPublished };

async function loadQuizWithCourse(db: DbOrTx, quizId: string) {
  if (!isUuid(quizId)) return undefined;
  const [row] = await db
    .select({ quiz: quizzes, course: courseAccess })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return row;
}

/** The quiz for its creator (after `requireEducator`), with the lectures' 404/403 rules. */
async function loadOwnedQuiz(db: DbOrTx, quizId: string, userId: string) {
  const row = await loadQuizWithCourse(db, quizId);
  assertCreator(row?.course, userId, 'Quiz');
  return row!.quiz;
}

/** A quiz someone may take: creator or enrolled learner; `isCreator` decides what they see. */
async function loadQuizToTake(db: DbOrTx, quizId: string, userId: string) {
  const row = await loadQuizWithCourse(db, quizId);
  const course = await assertCanTake(db, row?.course, userId, 'Quiz');
  return { quiz: row!.quiz, isCreator: course.creatorId === userId };
}

/** A placement after a section must name a section of this very course (400 otherwise). */
async function assertSectionOf(db: DbOrTx, courseId: string, sectionId: string | null | undefined) {
  if (!sectionId) return null;
  const [section] = isUuid(sectionId)
    ? await db
        .select({ id: courseSections.id })
        .from(courseSections)
        .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
        .limit(1)
    : [];
  if (!section)
    throw badRequest(
      { id: 'quiz_section_not_in_course', message: 'That section is not part of this course' },
      { sectionId: 'Unknown section' },
    );
  return section.id;
}

/** The row's fields from a request; every save gives the options new ids (answers to an older version fail). */
const storedFields = (input: QuizRequest, sectionId: string | null) => ({
  title: input.title,
  passPercent: input.passPercent,
  maxAttempts: input.maxAttempts ?? null,
  ...(input.showAnswers ? { showAnswers: input.showAnswers } : {}),
  sectionId,
  questions: input.questions.map((q) => ({
    prompt: q.prompt,
    kind: q.kind,
    options: q.options,
    optionIds: newOptionIds(q.options.length),
    correct: q.correct,
    ...(q.explanation ? { explanation: q.explanation } : {}),
  })),
});

/** The viewer's attempts count, best score and pass per quiz, in one query. */
async function standings(db: DbOrTx, quizIds: string[], userId: string) {
  const rows = quizIds.length
    ? await db
        .select({
          quizId: quizAttempts.quizId,
          attemptsUsed: sql<number>`count(*)::int`,
          bestScorePercent: sql<number>`max(${quizAttempts.scorePercent})::int`,
          passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
        })
        .from(quizAttempts)
        .where(and(inArray(quizAttempts.quizId, quizIds), eq(quizAttempts.userId, userId)))
        .groupBy(quizAttempts.quizId)
    : [];
  return new Map<string, QuizStanding>(rows.map(({ quizId, ...s }) => [quizId, s]));
}

async function presentFor(db: DbOrTx, quiz: QuizRow, userId: string, withAnswers: boolean) {
  const standing = (await standings(db, [quiz.id], userId)).get(quiz.id) ?? NO_ATTEMPTS;
  return presentQuiz(quiz, standing, withAnswers);
}

// ---- authoring ----------------------------------------------------------------------------

export async function createQuiz(db: DbOrTx, courseId: string, userId: string, input: QuizRequest): Promise<Quiz> {
  const course = await loadOwnedCourse(db, courseId, userId);
  const sectionId = await assertSectionOf(db, course.id, input.sectionId);
  const [row] = await db
    .insert(quizzes)
    .values({ courseId: course.id, ...storedFields(input, sectionId) })
    .returning();
  return presentQuiz(row, NO_ATTEMPTS, true);
}

/**
 * Replaces the whole quiz. Attempts made so far keep their score and pass: a learner who
 * passed stays passed.
 */
export async function editQuiz(db: DbOrTx, quizId: string, userId: string, input: QuizRequest): Promise<Quiz> {
  const quiz = await loadOwnedQuiz(db, quizId, userId);
  const sectionId = await assertSectionOf(db, quiz.courseId, input.sectionId);
  const [row] = await db
    .update(quizzes)
    .set({ ...storedFields(input, sectionId), updatedAt: new Date() })
    .where(eq(quizzes.id, quiz.id))
    .returning();
  if (!row) throw notFound({ id: 'quiz_not_found', message: 'Quiz not found' });
  return presentFor(db, row, userId, true);
}

/** Removes the quiz and its attempts (cascade); certificates already issued stay. */
export async function deleteQuiz(db: DbOrTx, quizId: string, userId: string) {
  const quiz = await loadOwnedQuiz(db, quizId, userId);
  await db.delete(quizzes).where(eq(quizzes.id, quiz.id));
}

// ---- taking -------------------------------------------------------------------------------

/** Quizzes in course order: after their section (by position), then those placed at the end. */
const courseQuizzes = (db: DbOrTx, courseId: string) =>
  db
    .select({ quiz: quizzes })
    .from(quizzes)
    .leftJoin(courseSections, eq(courseSections.id, quizzes.sectionId))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(sql`${courseSections.position} asc nulls last`, asc(quizzes.createdAt), asc(quizzes.id));

export async function listCourseQuizzes(db: DbOrTx, courseId: string, userId: string): Promise<Quiz[]> {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [found] = await db.select(courseAccess).from(courses).where(eq(courses.id, courseId)).limit(1);
  const course = await assertCanTake(db, found, userId, 'Course');
  const isCreator = course.creatorId === userId;
  const rows = await courseQuizzes(db, courseId);
  const byQuiz = await standings(
    db,
    rows.map((r) => r.quiz.id),
    userId,
  );
  return rows.map(({ quiz }) => presentQuiz(quiz, byQuiz.get(quiz.id) ?? NO_ATTEMPTS, isCreator));
}

const attemptsWord = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/**
 * Whether a graded attempt shows the answers (correct options, explanations, which questions were
 * right): the creator always sees them; learners as the quiz's `showAnswers` says, 'after-pass'
 * from the attempt that passes on (a pass counts for good).
 */
function answersShown(quiz: QuizRow, isCreator: boolean, passed: boolean) {
  if (isCreator || quiz.showAnswers === 'always') return true;
  return quiz.showAnswers === 'after-pass' && passed;
}

/**
 * Grades a submission (option ids) and records it as the viewer's next attempt. One submission per
 * learner and quiz at a time (advisory lock), so the attempt limit and numbering hold under double
 * clicks. The answer carries the results only when `answersShown`; otherwise the score alone.
 */
export async function submitQuiz(db: DbOrTx, quizId: string, userId: string, answers: string[][]): Promise<QuizResult> {
  return db.transaction(async (tx) => {
    const { quiz, isCreator } = await loadQuizToTake(tx, quizId, userId);
    const positions = resolveAnswers(quiz.id, quiz.questions, answers);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quiz:${quiz.id}:${userId}`}))`);
    const [{ used, best, passedBefore }] = await tx
      .select({
        used: sql<number>`count(*)::int`,
        best: sql<number | null>`max(${quizAttempts.scorePercent})::int`,
        passedBefore: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
      })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, userId)));
    if (quiz.maxAttempts !== null && used >= quiz.maxAttempts) {
      throw conflict({
        id: 'quiz_attempts_used',
        message: `You have used all ${attemptsWord(quiz.maxAttempts)} at this quiz`,
        params: { attempts: quiz.maxAttempts },
      });
    }
    const { results, scorePercent } = grade(quiz.id, quiz.questions, positions);
    const passed = scorePercent >= quiz.passPercent;
    const attempt = used + 1;
    // Stored as positions in the quiz as written: what the attempt chose, whatever order it saw.
    await tx
      .insert(quizAttempts)
      .values({ quizId: quiz.id, userId, attempt, answers: positions, scorePercent, passed });
    // Course analytics' pass rates and hardest questions (issue #33); an educator trying their own
    // quiz is not a learner.
    if (!isCreator)
      await recordEvent(
        {
          type: 'quiz_attempt',
          courseId: quiz.courseId,
          payload: {
            quizId: quiz.id,
            passed,
            scorePercent,
            wrong: results.flatMap((r, index) => (r.correct ? [] : [index])),
          },
        },
        { tx },
      );
    const shown = answersShown(quiz, isCreator, passed || passedBefore);
    return {
      scorePercent,
      passed,
      attempt,
      attemptsLeft: quiz.maxAttempts === null ? null : quiz.maxAttempts - attempt,
      bestScorePercent: Math.max(best ?? 0, scorePercent),
      answersShown: shown,
      results: shown ? results : results.map(() => ({ correct: null, correctOptionIds: null, explanation: null })),
    };
  });
}

/** The viewer's attempts, oldest first; the best (highest score, earliest among equals) counts. */
export async function listAttempts(db: DbOrTx, quizId: string, userId: string): Promise<QuizAttempts> {
  const { quiz } = await loadQuizToTake(db, quizId, userId);
  const rows = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, userId)))
    .orderBy(asc(quizAttempts.attempt));
  const best = rows.reduce<(typeof rows)[number] | null>(
    (b, a) => (!b || a.scorePercent > b.scorePercent ? a : b),
    null,
  );
  return {
    quizId: quiz.id,
    attempts: rows.map(presentAttempt),
    best: best && presentAttempt(best),
    passed: rows.some((a) => a.passed),
    maxAttempts: quiz.maxAttempts,
    attemptsLeft: quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - rows.length),
  };
}

/** For certificates: the course's quizzes the learner has not passed yet, in course order. */
export async function unpassedQuizzes(db: DbOrTx, courseId: string, userId: string) {
  const rows = await courseQuizzes(db, courseId);
  const byQuiz = await standings(
    db,
    rows.map((r) => r.quiz.id),
    userId,
  );
  return rows
    .filter(({ quiz }) => !byQuiz.get(quiz.id)?.passed)
    .map(({ quiz }) => ({ id: quiz.id, title: quiz.title }));
}

/**
 * For the educator dashboard: per course, the share (whole percent) of learner-and-quiz pairs
 * with at least one attempt that passed; courses without any attempt are left out.
 */
export async function quizPassRates(db: DbOrTx, courseIds: string[]) {
  if (courseIds.length === 0) return new Map<string, number>();
  const pairs = db
    .select({
      courseId: quizzes.courseId,
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`.as('passed'),
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(inArray(quizzes.courseId, courseIds))
    .groupBy(quizzes.courseId, quizAttempts.quizId, quizAttempts.userId)
    .as('pairs');
  const rows = await db
    .select({
      courseId: pairs.courseId,
      rate: sql<number>`round(100.0 * count(*) filter (where ${pairs.passed}) / count(*))::int`,
    })
    .from(pairs)
    .groupBy(pairs.courseId);
  return new Map(rows.map((r) => [r.courseId, Number(r.rate)]));
}
