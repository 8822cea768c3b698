import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_OPTION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_PROMPT_MAX,
  QUIZ_TITLE_MAX,
  type Quiz,
  type QuizKind,
  type QuizRequest,
  type QuizShowAnswers,
} from '@kaksha/contracts';
import { type MessageKey, translate } from '@/i18n';

export const KIND_LABELS: Record<QuizKind, MessageKey> = {
  single: 'quizEditor.kind.single',
  multiple: 'quizEditor.kind.multiple',
  truefalse: 'quizEditor.kind.truefalse',
};

/** A question as the form holds it; `key` tells questions apart while they are added and removed. */
export interface DraftQuestion {
  key: number;
  prompt: string;
  kind: QuizKind;
  options: string[];
  correct: number[];
  explanation: string;
}

/** The quiz as the form holds it: numbers as typed, '' for none. */
export interface Draft {
  title: string;
  passPercent: string;
  maxAttempts: string;
  sectionId: string;
  /** What a graded attempt reveals (correct options, explanations). */
  showAnswers: QuizShowAnswers;
  questions: DraftQuestion[];
}

let nextKey = 1;
export const blankQuestion = (): DraftQuestion => ({
  key: nextKey++,
  prompt: '',
  kind: 'single',
  options: ['', ''],
  correct: [],
  explanation: '',
});

export const draftOf = (quiz?: Quiz): Draft =>
  quiz
    ? {
        title: quiz.title,
        passPercent: String(quiz.passPercent),
        maxAttempts: quiz.maxAttempts === null ? '' : String(quiz.maxAttempts),
        sectionId: quiz.sectionId ?? '',
        showAnswers: quiz.showAnswers,
        questions: quiz.questions.map((q) => ({
          key: nextKey++,
          prompt: q.prompt,
          kind: q.kind,
          options: [...q.options],
          correct: [...(q.correct ?? [])],
          explanation: q.explanation ?? '',
        })),
      }
    : {
        title: '',
        passPercent: '70',
        maxAttempts: '',
        sectionId: '',
        showAnswers: 'after-pass',
        questions: [blankQuestion()],
      };

/** The first problem of one question, in the server's words (it checks again), or null. */
function questionProblem(q: DraftQuestion): string | null {
  const prompt = q.prompt.trim();
  if (!prompt) return translate('quizEditor.problem.questionRequired');
  if (prompt.length > QUIZ_PROMPT_MAX) return translate('quizEditor.problem.questionLong', { max: QUIZ_PROMPT_MAX });
  if (q.options.length < QUIZ_OPTIONS_MIN) return translate('quizEditor.problem.fewOptions', { min: QUIZ_OPTIONS_MIN });
  if (q.options.length > QUIZ_OPTIONS_MAX)
    return translate('quizEditor.problem.manyOptions', { max: QUIZ_OPTIONS_MAX });
  if (q.options.some((o) => !o.trim())) return translate('quizEditor.problem.optionRequired');
  if (q.options.some((o) => o.trim().length > QUIZ_OPTION_MAX))
    return translate('quizEditor.problem.optionLong', { max: QUIZ_OPTION_MAX });
  if (q.kind === 'truefalse' && q.options.length !== 2) return translate('quizEditor.problem.trueFalse');
  if (q.kind === 'multiple' && q.correct.length === 0) return translate('quizEditor.problem.markOne');
  if (q.kind !== 'multiple' && q.correct.length !== 1) return translate('quizEditor.problem.markExactlyOne');
  if (q.explanation.trim().length > QUIZ_EXPLANATION_MAX) {
    return translate('quizEditor.problem.explanationLong', { max: QUIZ_EXPLANATION_MAX });
  }
  return null;
}

/**
 * The request the server takes, or the first problem as a sentence naming the question. The
 * contract's rules checked by hand: the zod schema would add its weight to this page's code.
 */
export function toRequest(draft: Draft): { quiz: QuizRequest } | { problem: string } {
  const title = draft.title.trim();
  if (!title) return { problem: translate('quizEditor.problem.titleRequired') };
  if (title.length > QUIZ_TITLE_MAX)
    return { problem: translate('quizEditor.problem.titleLong', { max: QUIZ_TITLE_MAX }) };
  const passPercent = Number(draft.passPercent);
  if (draft.passPercent.trim() === '' || !Number.isInteger(passPercent) || passPercent < 0 || passPercent > 100) {
    return { problem: translate('quizEditor.problem.passMark') };
  }
  const attempts = draft.maxAttempts.trim();
  const maxAttempts = attempts === '' ? null : Number(attempts);
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
    return { problem: translate('quizEditor.problem.attempts') };
  }
  if (maxAttempts !== null && maxAttempts > 1000) return { problem: translate('quizEditor.problem.attemptsMax') };
  if (draft.questions.length === 0) return { problem: translate('quizEditor.problem.noQuestions') };
  for (const [i, q] of draft.questions.entries()) {
    const problem = questionProblem(q);
    if (problem) return { problem: translate('quizEditor.problem.inQuestion', { number: i + 1, problem }) };
  }
  return {
    quiz: {
      title,
      passPercent,
      maxAttempts,
      sectionId: draft.sectionId || null,
      showAnswers: draft.showAnswers,
      questions: draft.questions.map((q) => ({
        prompt: q.prompt.trim(),
        kind: q.kind,
        options: q.options.map((o) => o.trim()),
        correct: [...q.correct].sort((a, b) => a - b),
        ...(q.explanation.trim() ? { explanation: q.explanation.trim() } : {}),
      })),
    },
  };
}
