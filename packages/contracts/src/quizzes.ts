import { z } from 'zod';
import { requiredText, schema, text } from './define.ts';

export const QUIZ_KINDS = ['single', 'multiple', 'truefalse'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];
export const QUIZ_TITLE_MAX = 200;
export const QUIZ_PROMPT_MAX = 2000;
export const QUIZ_OPTION_MAX = 500;
export const QUIZ_EXPLANATION_MAX = 2000;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 8;
export const QUIZ_QUESTIONS_MAX = 100;

/**
 * What a graded attempt reveals to a learner (correct options and explanations, and which
 * questions were right): on every attempt, once they have passed, or never (the score only).
 */
export const QUIZ_SHOW_ANSWERS = ['always', 'after-pass', 'never'] as const;
export type QuizShowAnswers = (typeof QUIZ_SHOW_ANSWERS)[number];

export const QUIZ_MESSAGES = {
  created: 'Quiz created',
  updated: 'Quiz updated',
  removed: 'Quiz removed',
} as const;

/** One question as the creator writes it; `correct` holds option indices (from 0). */
export const quizQuestionInputSchema = schema(() =>
  z
    .object({
      prompt: requiredText('Question', QUIZ_PROMPT_MAX, { multiline: true }),
      kind: z.enum(QUIZ_KINDS, { error: 'Question type must be single, multiple or truefalse' }),
      options: z
        .array(requiredText('Option', QUIZ_OPTION_MAX), { error: 'Options must be a list of texts' })
        .min(QUIZ_OPTIONS_MIN, { error: `A question needs at least ${QUIZ_OPTIONS_MIN} options` })
        .max(QUIZ_OPTIONS_MAX, { error: `A question can have at most ${QUIZ_OPTIONS_MAX} options` }),
      correct: z.array(z.number().int({ error: 'Correct answers are option numbers' }), {
        error: 'Correct answers must be a list of option numbers',
      }),
      explanation: text('Explanation', { trim: true, multiline: true })
        .max(QUIZ_EXPLANATION_MAX, { error: `Explanations can be at most ${QUIZ_EXPLANATION_MAX} characters` })
        .optional(),
    })
    // Rules that need several fields at once; each issue names the field to fix.
    .superRefine((q, ctx) => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (q.kind === 'truefalse' && q.options.length !== 2)
        fail('options', 'A true/false question has exactly 2 options');
      if (q.correct.some((i) => i < 0 || i >= q.options.length)) {
        return fail('correct', "Each correct answer must be one of the question's options");
      }
      if (new Set(q.correct).size !== q.correct.length) return fail('correct', 'A correct answer is listed twice');
      if (q.kind === 'multiple' && q.correct.length === 0) fail('correct', 'Mark at least one correct option');
      if (q.kind !== 'multiple' && q.correct.length !== 1) fail('correct', 'Mark exactly one correct option');
    }),
);
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

/** `POST /api/quiz/create/:courseId` and `POST /api/quiz/edit/:quizId` (the whole quiz each time). */
export const quizRequestSchema = schema(() =>
  z.object({
    title: requiredText('Title', QUIZ_TITLE_MAX),
    passPercent: z
      .number({ error: 'Pass mark must be a percentage from 0 to 100' })
      .int({ error: 'Pass mark must be a whole percentage' })
      .min(0, { error: 'Pass mark must be a percentage from 0 to 100' })
      .max(100, { error: 'Pass mark must be a percentage from 0 to 100' }),
    /** Shown after this section of the course; absent or null: at the end. */
    sectionId: text('sectionId').nullish(),
    /** Absent or null: unlimited attempts. */
    maxAttempts: z
      .number({ error: 'Attempts must be a whole number of at least 1' })
      .int({ error: 'Attempts must be a whole number of at least 1' })
      .min(1, { error: 'Attempts must be a whole number of at least 1' })
      .max(1000, { error: 'Attempts can be at most 1000' })
      .nullish(),
    /** Absent: 'after-pass' for a new quiz, unchanged on an edit. */
    showAnswers: z.enum(QUIZ_SHOW_ANSWERS, { error: 'Show answers must be always, after-pass or never' }).optional(),
    questions: z
      .array(quizQuestionInputSchema, { error: 'Questions must be a list' })
      .min(1, { error: 'A quiz needs at least one question' })
      .max(QUIZ_QUESTIONS_MAX, { error: `A quiz can have at most ${QUIZ_QUESTIONS_MAX} questions` }),
  }),
);
export type QuizRequest = z.infer<typeof quizRequestSchema>;

/**
 * A question as answered. Learners get the options in a new random order on every read (an
 * attempt; true/false keeps its order) with `optionIds` in the same order, and answer by id. The
 * creator gets them as written, with `correct` (indices into that order) and `explanation`.
 */
export const quizQuestionSchema = schema(() =>
  z.object({
    prompt: z.string(),
    kind: z.enum(QUIZ_KINDS),
    options: z.array(z.string()),
    optionIds: z.array(z.string()),
    correct: z.array(z.number().int()).optional(),
    explanation: z.string().nullable().optional(),
  }),
);
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizSchema = schema(() =>
  z.object({
    _id: z.string(),
    courseId: z.string(),
    sectionId: z.string().nullable(),
    title: z.string(),
    passPercent: z.number().int(),
    maxAttempts: z.number().int().nullable(),
    showAnswers: z.enum(QUIZ_SHOW_ANSWERS),
    questions: z.array(quizQuestionSchema),
    /** The viewer's own record: attempts so far, best score (null before the first), passed. */
    attemptsUsed: z.number().int(),
    bestScorePercent: z.number().int().nullable(),
    passed: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Quiz = z.infer<typeof quizSchema>;

export const quizAnswerSchema = schema(() => quizSchema.extend({ message: z.string() }));

/**
 * `POST /api/quiz/submit/:quizId`: one list of chosen option ids (`optionIds`) per question, in
 * the questions' order. Graded by id, never by position: the options were shuffled.
 */
export const submitQuizRequestSchema = schema(() =>
  z.object({
    answers: z
      .array(
        z
          .array(text('Answer', { error: 'Answers are option ids' }).max(64, { error: 'Answers are option ids' }))
          .max(QUIZ_OPTIONS_MAX, { error: `A question has at most ${QUIZ_OPTIONS_MAX} options` }),
        { error: 'answers must be one list of chosen option ids per question' },
      )
      .max(QUIZ_QUESTIONS_MAX, { error: `A quiz has at most ${QUIZ_QUESTIONS_MAX} questions` }),
  }),
);
export type SubmitQuizRequest = z.infer<typeof submitQuizRequestSchema>;

export const quizResultSchema = schema(() =>
  z.object({
    scorePercent: z.number().int(),
    passed: z.boolean(),
    /** 1 for the first attempt. */
    attempt: z.number().int(),
    /** Null: unlimited. */
    attemptsLeft: z.number().int().nullable(),
    bestScorePercent: z.number().int(),
    /** Whether this answer reveals the questions' results (the quiz's `showAnswers`); else only the score. */
    answersShown: z.boolean(),
    /** Per question, in order; null fields while the answers are not shown. */
    results: z.array(
      z.object({
        correct: z.boolean().nullable(),
        correctOptionIds: z.array(z.string()).nullable(),
        explanation: z.string().nullable(),
      }),
    ),
  }),
);
export type QuizResult = z.infer<typeof quizResultSchema>;

export const quizAttemptSchema = schema(() =>
  z.object({ attempt: z.number().int(), scorePercent: z.number().int(), passed: z.boolean(), createdAt: z.string() }),
);
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/** `GET /api/quiz/attempts/:quizId`: the viewer's attempts, oldest first; the best one counts. */
export const quizAttemptsSchema = schema(() =>
  z.object({
    quizId: z.string(),
    attempts: z.array(quizAttemptSchema),
    best: quizAttemptSchema.nullable(),
    passed: z.boolean(),
    maxAttempts: z.number().int().nullable(),
    attemptsLeft: z.number().int().nullable(),
  }),
);
export type QuizAttempts = z.infer<typeof quizAttemptsSchema>;
