import { z } from 'zod';
import { ROLES } from './auth.ts';
import { requiredText, schema, text } from './define.ts';
import { PROGRESS_SECONDS_MAX } from './progress.ts';

/*
 * Q&A of a course (issue #30), mounted at /api/qa. Who may read and write: the course's enrolled
 * learners and its educator; a signed-in user who is neither gets 403, a visitor 401. Titles,
 * bodies and answers are plain text: stored as typed (line breaks and code blocks kept), never
 * HTML; clients render them as text.
 */

export const QA_TITLE_MAX = 150;
export const QA_BODY_MAX = 5000;
export const QA_ANSWER_MAX = 5000;
export const QA_REPORT_REASON_MAX = 500;
/** A `q=` search as long as a question's title and some more. */
export const QA_SEARCH_MAX = 200;
export const QA_PAGE_SIZE = 20;
export const QA_PAGE_MAX = 50;

export const QA_STATUSES = ['all', 'unanswered', 'answered'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];
export const QA_SORTS = ['recent', 'votes'] as const;
export type QaSort = (typeof QA_SORTS)[number];

/**
 * Per-user limits (fixed windows, shared by every instance through Redis when it is set); past
 * one the answer is 429 with `Retry-After` and a message saying when to try again.
 */
export const QA_LIMITS = {
  ask: { max: 10, windowMs: 60 * 60_000 },
  answer: { max: 60, windowMs: 60 * 60_000 },
  report: { max: 20, windowMs: 60 * 60_000 },
} as const;

/** Who wrote a question or an answer. `role` is their account's role. */
export const qaAuthorSchema = schema(() =>
  z.object({ _id: z.string(), name: z.string(), photoUrl: z.string().nullable(), role: z.enum(ROLES) }),
);
export type QaAuthor = z.infer<typeof qaAuthorSchema>;

/**
 * A question as lists and the detail present it. `answered`: it has an answer by the course's
 * educator or an accepted answer (what the `status` filter and the educator's inbox go by).
 * `timestampSec`: the second of the lecture it is about (with `lectureId`), or null.
 * `reportCount` is there for the course's educator only.
 */
export const questionSchema = schema(() =>
  z.object({
    _id: z.string(),
    courseId: z.string(),
    courseTitle: z.string(),
    lectureId: z.string().nullable(),
    lectureTitle: z.string().nullable(),
    timestampSec: z.number().int().nullable(),
    title: z.string(),
    body: z.string(),
    author: qaAuthorSchema,
    answerCount: z.number().int(),
    votes: z.number().int(),
    votedByMe: z.boolean(),
    /** An answer is marked accepted. */
    accepted: z.boolean(),
    answered: z.boolean(),
    featured: z.boolean(),
    /** Locked: no new answers. */
    locked: z.boolean(),
    createdAt: z.string(),
    reportCount: z.number().int().optional(),
  }),
);
export type Question = z.infer<typeof questionSchema>;

/** An answer; `byEducator` marks the course's educator's answers. */
export const answerSchema = schema(() =>
  z.object({
    _id: z.string(),
    questionId: z.string(),
    body: z.string(),
    author: qaAuthorSchema,
    byEducator: z.boolean(),
    accepted: z.boolean(),
    createdAt: z.string(),
    reportCount: z.number().int().optional(),
  }),
);
export type Answer = z.infer<typeof answerSchema>;

/**
 * What the signed-in viewer is to the course: its `educator` (may feature, lock, accept, delete
 * anything) or an enrolled `learner` (may accept answers to their own questions, delete their own).
 */
export const qaViewerSchema = schema(() => z.object({ role: z.enum(['educator', 'learner']), userId: z.string() }));
export type QaViewer = z.infer<typeof qaViewerSchema>;

const timestampMessage = `timestampSec must be a whole number of seconds from 0 to ${PROGRESS_SECONDS_MAX}`;

/** `POST /api/qa/ask` → 201 {@link questionSchema}. `timestampSec` needs `lectureId`. */
export const askQuestionRequestSchema = schema(() =>
  z.object({
    courseId: text('courseId', { error: 'courseId is required' }),
    lectureId: text('lectureId').nullish(),
    timestampSec: z
      .number({ error: timestampMessage })
      .int({ error: timestampMessage })
      .min(0, { error: timestampMessage })
      .max(PROGRESS_SECONDS_MAX, { error: timestampMessage })
      .nullish(),
    title: requiredText('Title', QA_TITLE_MAX),
    body: requiredText('Question', QA_BODY_MAX, { multiline: true }),
  }),
);
export type AskQuestionRequest = z.infer<typeof askQuestionRequestSchema>;

/**
 * `GET /api/qa/course/{courseId}?lectureId=&status=&sort=&q=&cursor=&limit=`: featured questions
 * first, then newest (`recent`) or most voted (`votes`); with `q` the questions that match it
 * best first (the AI search's engine: words, typos, Hinglish). Keyset paged: `nextCursor`.
 */
export const questionListQuerySchema = schema(() =>
  z.object({
    lectureId: text('lectureId').optional(),
    status: z.enum(QA_STATUSES, { error: `status must be one of ${QA_STATUSES.join(', ')}` }).default('all'),
    sort: z.enum(QA_SORTS, { error: `sort must be one of ${QA_SORTS.join(', ')}` }).default('recent'),
    q: text('q', { trim: true })
      .max(QA_SEARCH_MAX, { error: `Search text is too long (at most ${QA_SEARCH_MAX} characters)` })
      .optional(),
    cursor: text('cursor').max(300).optional(),
    limit: z.coerce.number().int().min(1).max(QA_PAGE_MAX).default(QA_PAGE_SIZE),
  }),
);
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const questionPageSchema = schema(() =>
  z.object({
    questions: z.array(questionSchema),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    viewer: qaViewerSchema,
  }),
);
export type QuestionPage = z.infer<typeof questionPageSchema>;

/** `GET /api/qa/question/{id}`: the question with its answers, the accepted one first, then oldest first. */
export const questionDetailSchema = schema(() =>
  z.object({ question: questionSchema, answers: z.array(answerSchema), viewer: qaViewerSchema }),
);
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

/** `POST /api/qa/answer/{questionId}` → 201 {@link answerSchema}; 409 when the question is locked. */
export const postAnswerRequestSchema = schema(() =>
  z.object({ body: requiredText('Answer', QA_ANSWER_MAX, { multiline: true }) }),
);
export type PostAnswerRequest = z.infer<typeof postAnswerRequestSchema>;

/**
 * `POST /api/qa/accept/{answerId}` (the asker or the course's educator): marks it the accepted
 * answer, replacing another; `{accepted: false}` takes the mark off. Answers the question's detail.
 */
export const acceptAnswerRequestSchema = schema(() =>
  z.object({ accepted: z.boolean({ error: 'accepted must be true or false' }).default(true) }).default({
    accepted: true,
  }),
);

/**
 * `POST /api/qa/vote/{questionId}`: without a body toggles the viewer's vote; `{voted}` sets it.
 * One vote per user and question, whatever the number of requests at once.
 */
export const voteRequestSchema = schema(() =>
  z.object({ voted: z.boolean({ error: 'voted must be true or false' }).optional() }).default({}),
);
export const voteResponseSchema = schema(() =>
  z.object({ questionId: z.string(), votes: z.number().int(), votedByMe: z.boolean() }),
);
export type VoteResponse = z.infer<typeof voteResponseSchema>;

/** `POST /api/qa/feature/{questionId}` (educator): toggles, or sets `{featured}`. Answers the question. */
export const featureRequestSchema = schema(() =>
  z.object({ featured: z.boolean({ error: 'featured must be true or false' }).optional() }).default({}),
);
/** `POST /api/qa/lock/{questionId}` (educator): toggles, or sets `{locked}`. Answers the question. */
export const lockRequestSchema = schema(() =>
  z.object({ locked: z.boolean({ error: 'locked must be true or false' }).optional() }).default({}),
);

/** `POST /api/qa/report/{id}` (a question's or an answer's id): one report per user and post. */
export const reportRequestSchema = schema(() =>
  z.object({ reason: requiredText('Reason', QA_REPORT_REASON_MAX, { multiline: true }) }),
);

/**
 * `GET /api/qa/inbox?status=unanswered&courseId=&cursor=&limit=` (educators): questions on their
 * courses, oldest first; `unansweredCount` counts every unanswered one across their courses.
 */
export const inboxQuerySchema = schema(() =>
  z.object({
    status: z.enum(QA_STATUSES, { error: `status must be one of ${QA_STATUSES.join(', ')}` }).default('unanswered'),
    courseId: text('courseId').optional(),
    cursor: text('cursor').max(300).optional(),
    limit: z.coerce.number().int().min(1).max(QA_PAGE_MAX).default(QA_PAGE_SIZE),
  }),
);
export const inboxPageSchema = schema(() =>
  z.object({
    questions: z.array(questionSchema),
    nextCursor: z.string().nullable(),
    unansweredCount: z.number().int(),
  }),
);
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Days the course page's response time looks back. */
export const QA_RESPONSE_WINDOW_DAYS = 90;

/**
 * `GET /api/qa/stats/{courseId}` (anyone who may see the course): the median time from a question
 * to the educator's first answer, over the questions asked in the last 90 days that have one;
 * null when none has. `unansweredCount`: for the course's educator only.
 */
export const qaStatsSchema = schema(() =>
  z.object({
    courseId: z.string(),
    medianFirstAnswerSeconds: z.number().int().nullable(),
    answeredQuestions: z.number().int(),
    windowDays: z.number().int(),
    unansweredCount: z.number().int().optional(),
  }),
);
export type QaStats = z.infer<typeof qaStatsSchema>;
