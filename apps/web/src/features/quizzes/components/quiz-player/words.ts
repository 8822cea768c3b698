import type { Quiz } from '@kaksha/contracts';

export const attemptsWord = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Attempts still open: null for unlimited. */
export const attemptsLeftOf = (quiz: Quiz) =>
  quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - quiz.attemptsUsed);

/** 'A', 'B', … for option letters. */
export const letter = (i: number) => String.fromCharCode(65 + i);
