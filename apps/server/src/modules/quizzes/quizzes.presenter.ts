import type { Quiz, QuizAttempt } from '@kaksha/contracts';
import type { quizAttempts, quizzes } from '../../core/db/schema/index.ts';
import { optionIdsOf, shuffledPositions } from './quizzes.options.ts';

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
 * absent, not empty): answers only come back from a submit, as the quiz's `showAnswers` allows.
 * They get each question's options in a new random order (an attempt's), with their ids. The
 * creator sees everything, in the order written.
 */
export function presentQuiz(row: QuizRow, standing: QuizStanding, withAnswers: boolean): Quiz {
  return {
    _id: row.id,
    courseId: row.courseId,
    sectionId: row.sectionId,
    title: row.title,
    passPercent: row.passPercent,
    maxAttempts: row.maxAttempts,
    showAnswers: row.showAnswers,
    questions: row.questions.map((q, i) => {
      const ids = optionIdsOf(row.id, i, q);
      if (withAnswers) {
        const { prompt, kind, options, correct } = q;
        return { prompt, kind, options, optionIds: ids, correct, explanation: q.explanation ?? null };
      }
      const order = shuffledPositions(q);
      return {
        prompt: q.prompt,
        kind: q.kind,
        options: order.map((p) => q.options[p]),
        optionIds: order.map((p) => ids[p]),
      };
    }),
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
