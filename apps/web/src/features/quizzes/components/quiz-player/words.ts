import type { Quiz } from '@kaksha/contracts';
import { translate } from '@/i18n';

export const attemptsWord = (n: number) => translate('quiz.attempts', { count: n });

/** Attempts still open: null for unlimited. */
export const attemptsLeftOf = (quiz: Quiz) =>
  quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - quiz.attemptsUsed);

/** 'A', 'B', … for option letters. */
export const letter = (i: number) => String.fromCharCode(65 + i);
