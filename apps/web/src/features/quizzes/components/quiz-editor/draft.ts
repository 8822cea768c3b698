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

export const KIND_LABELS: Record<QuizKind, string> = {
  single: 'One correct answer',
  multiple: 'Several correct answers',
  truefalse: 'True or false',
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
  if (!prompt) return 'Question is required';
  if (prompt.length > QUIZ_PROMPT_MAX) return `Question must be ${QUIZ_PROMPT_MAX} characters or fewer`;
  if (q.options.length < QUIZ_OPTIONS_MIN) return `A question needs at least ${QUIZ_OPTIONS_MIN} options`;
  if (q.options.length > QUIZ_OPTIONS_MAX) return `A question can have at most ${QUIZ_OPTIONS_MAX} options`;
  if (q.options.some((o) => !o.trim())) return 'Option is required';
  if (q.options.some((o) => o.trim().length > QUIZ_OPTION_MAX))
    return `Option must be ${QUIZ_OPTION_MAX} characters or fewer`;
  if (q.kind === 'truefalse' && q.options.length !== 2) return 'A true/false question has exactly 2 options';
  if (q.kind === 'multiple' && q.correct.length === 0) return 'Mark at least one correct option';
  if (q.kind !== 'multiple' && q.correct.length !== 1) return 'Mark exactly one correct option';
  if (q.explanation.trim().length > QUIZ_EXPLANATION_MAX) {
    return `Explanations can be at most ${QUIZ_EXPLANATION_MAX} characters`;
  }
  return null;
}

/**
 * The request the server takes, or the first problem as a sentence naming the question. The
 * contract's rules checked by hand: the zod schema would add its weight to this page's code.
 */
export function toRequest(draft: Draft): { quiz: QuizRequest } | { problem: string } {
  const title = draft.title.trim();
  if (!title) return { problem: 'Title is required' };
  if (title.length > QUIZ_TITLE_MAX) return { problem: `Title must be ${QUIZ_TITLE_MAX} characters or fewer` };
  const passPercent = Number(draft.passPercent);
  if (draft.passPercent.trim() === '' || !Number.isInteger(passPercent) || passPercent < 0 || passPercent > 100) {
    return { problem: 'Pass mark must be a whole percentage from 0 to 100' };
  }
  const attempts = draft.maxAttempts.trim();
  const maxAttempts = attempts === '' ? null : Number(attempts);
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
    return { problem: 'Attempts must be a whole number of at least 1' };
  }
  if (maxAttempts !== null && maxAttempts > 1000) return { problem: 'Attempts can be at most 1000' };
  if (draft.questions.length === 0) return { problem: 'A quiz needs at least one question' };
  for (const [i, q] of draft.questions.entries()) {
    const problem = questionProblem(q);
    if (problem) return { problem: `Question ${i + 1}: ${problem}` };
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
