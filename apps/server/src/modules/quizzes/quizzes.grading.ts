import type { StoredQuizQuestion } from '../../core/db/schema/index.ts';
import { badRequest, conflict } from '../../core/errors.ts';
import { optionIdsOf } from './quizzes.options.ts';

export const QUIZ_CHANGED_MESSAGE = 'This quiz has changed since you opened it; reload it and answer again';

/**
 * Turns a submission of option ids into stored option positions, checking it against the quiz's
 * shape (400 naming the question otherwise): one answer list per question, no option twice,
 * exactly one for single and true/false, every question answered. An id the question does not
 * have means the quiz was edited meanwhile (its options get new ids): 409.
 */
export function resolveAnswers(quizId: string, questions: StoredQuizQuestion[], answers: string[][]): number[][] {
  if (answers.length !== questions.length) {
    throw badRequest({
      id: 'quiz_answer_count',
      message:
        `Answer every question: this quiz has ${questions.length} question${questions.length === 1 ? '' : 's'}, ` +
        `the submission has ${answers.length} answer${answers.length === 1 ? '' : 's'}`,
      params: { questions: questions.length, answers: answers.length },
    });
  }
  return questions.map((q, i) => {
    const chosen = answers[i];
    const n = i + 1;
    if (chosen.length === 0)
      throw badRequest({ id: 'quiz_unanswered', message: `Please answer question ${n}`, params: { n } });
    if (new Set(chosen).size !== chosen.length)
      throw badRequest({ id: 'quiz_option_twice', message: `Question ${n}: an option is chosen twice`, params: { n } });
    if (q.kind !== 'multiple' && chosen.length !== 1)
      throw badRequest({ id: 'quiz_one_answer', message: `Question ${n} takes exactly one answer`, params: { n } });
    const ids = optionIdsOf(quizId, i, q);
    return chosen.map((id) => {
      const position = ids.indexOf(id);
      if (position < 0) throw conflict({ id: 'quiz_changed', message: QUIZ_CHANGED_MESSAGE });
      return position;
    });
  });
}

/**
 * All or nothing per question: the chosen set must equal the correct set. The score is rounded
 * down, so "score >= pass mark" is exactly "share right >= pass mark" (2 of 3 is 66%, not a pass at 67).
 * `correctOptionIds` name the right options by id (the learner saw them shuffled).
 */
export function grade(quizId: string, questions: StoredQuizQuestion[], positions: number[][]) {
  const results = questions.map((q, i) => {
    const chosen = new Set(positions[i]);
    const correct = chosen.size === q.correct.length && q.correct.every((c) => chosen.has(c));
    const ids = optionIdsOf(quizId, i, q);
    return { correct, correctOptionIds: q.correct.map((c) => ids[c]), explanation: q.explanation ?? null };
  });
  const right = results.filter((r) => r.correct).length;
  return { results, scorePercent: Math.floor((right / questions.length) * 100) };
}
