import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { StoredQuizQuestion } from '../../core/db/schema/index.ts';

/*
 * Option ids and shuffling. Learners see each question's options in a new random order on every
 * read and answer with the options' ids, so an answer is graded by what was chosen, never by where
 * it stood on screen, and "the second option" means nothing from one attempt to the next.
 */

/** Ids for `count` options: random (they say nothing of the position), distinct within the question. */
export function newOptionIds(count: number): string[] {
  const ids = new Set<string>();
  while (ids.size < count) ids.add(randomBytes(6).toString('base64url'));
  return [...ids];
}

/**
 * The ids of a stored question's options, in stored order. Quizzes written before option ids
 * existed get ids derived from the quiz, question and position: stable across reads, and random
 * ones once the quiz is next saved.
 */
export function optionIdsOf(quizId: string, questionIndex: number, q: StoredQuizQuestion): string[] {
  if (q.optionIds?.length === q.options.length) return q.optionIds;
  return q.options.map((_, i) =>
    createHash('sha256').update(`${quizId}:${questionIndex}:${i}`).digest('base64url').slice(0, 8),
  );
}

/** A new random order of a question's option positions; true/false keeps "True" before "False". */
export function shuffledPositions(q: StoredQuizQuestion): number[] {
  const order = q.options.map((_, i) => i);
  if (q.kind === 'truefalse') return order;
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
