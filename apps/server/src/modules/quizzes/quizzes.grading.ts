import type { StoredQuizQuestion } from '../../core/db/schema/index.ts';
import { badRequest } from '../../core/errors.ts';

/**
 * Checks a submission against the quiz's shape (400 naming the question otherwise): one answer
 * list per question, known options only, no option twice, exactly one for single and true/false.
 * Every question must be answered.
 */
export function assertValidAnswers(questions: StoredQuizQuestion[], answers: number[][]) {
  if (answers.length !== questions.length) {
    throw badRequest(
      `Answer every question: this quiz has ${questions.length} question${questions.length === 1 ? '' : 's'}, ` +
        `the submission has ${answers.length} answer${answers.length === 1 ? '' : 's'}`,
    );
  }
  questions.forEach((q, i) => {
    const chosen = answers[i];
    const n = i + 1;
    if (chosen.length === 0) throw badRequest(`Please answer question ${n}`);
    if (chosen.some((c) => c < 0 || c >= q.options.length)) {
      throw badRequest(`Question ${n} has options 0 to ${q.options.length - 1} only`);
    }
    if (new Set(chosen).size !== chosen.length) throw badRequest(`Question ${n}: an option is chosen twice`);
    if (q.kind !== 'multiple' && chosen.length !== 1) throw badRequest(`Question ${n} takes exactly one answer`);
  });
}

/**
 * All or nothing per question: the chosen set must equal the correct set. The score is rounded
 * down, so "score >= pass mark" is exactly "share right >= pass mark" (2 of 3 is 66%, not a pass at 67).
 */
export function grade(questions: StoredQuizQuestion[], answers: number[][]) {
  const results = questions.map((q, i) => {
    const chosen = new Set(answers[i]);
    const correct = chosen.size === q.correct.length && q.correct.every((c) => chosen.has(c));
    return { correct, correctAnswer: q.correct, explanation: q.explanation ?? null };
  });
  const right = results.filter((r) => r.correct).length;
  return { results, scorePercent: Math.floor((right / questions.length) * 100) };
}
