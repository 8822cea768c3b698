import type { Quiz, QuizAttempt } from '@kaksha/contracts';
import type { quizAttempts, quizzes } from '../../core/db/schema/index.ts';

export type QuizRow = typeof quizzes.$inferSelect;
export type AttemptRow = typeof quizAttempts.$inferSelect;
/** The viewer's own record on one quiz. */
export interface QuizStanding {
  attemptsUsed: number;
  bestScorePercent: number | null;
  passed: boolean;
}

export const NO_ATTEMPTS: QuizStanding = { attemptsUsed: 0, bestScorePercent: null, passed: false };

/**
 * A quiz as its viewer may see it. Learners never get `correct` or `explanation` (the keys are
 * absent, not empty): answers only come back from a submit. The creator sees everything.
 */
export function presentQuiz(row: QuizRow, standing: QuizStanding, withAnswers: boolean): Quiz {
  return {
    _id: row.id,
    courseId: row.courseId,
    sectionId: row.sectionId,
    title: row.title,
    passPercent: row.passPercent,
    maxAttempts: row.maxAttempts,
    questions: row.questions.map((q) =>
      withAnswers
        ? { prompt: q.prompt, kind: q.kind, options: q.options, correct: q.correct, explanation: q.explanation ?? null }
        : { prompt: q.prompt, kind: q.kind, options: q.options },
    ),
    ...standing,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentAttempt = (a: AttemptRow): QuizAttempt => ({
  attempt: a.attempt,
  scorePercent: a.scorePercent,
  passed: a.passed,
  createdAt: a.createdAt.toISOString(),
});
