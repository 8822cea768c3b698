import { z } from 'zod';
import { schema } from './define.ts';

/**
 * A course-completion certificate (`POST /api/certificate/claim/:courseId`, `GET /mine`,
 * public `GET /verify/:id`). Names and title are frozen when it is issued; `courseId` is null
 * once the course was deleted. No learner email, ever: the verify page is public.
 */
export const certificateSchema = schema(() =>
  z.object({
    _id: z.string(),
    courseId: z.string().nullable(),
    learnerName: z.string(),
    courseTitle: z.string(),
    educatorName: z.string(),
    issuedAt: z.string(),
    /** The public page that shows the certificate (the web app). */
    verifyUrl: z.string(),
    pdfUrl: z.string(),
    /**
     * When it was revoked (the learner erased their account, issue #32): the names are gone and the
     * public page says it was revoked; null (or absent, from older servers) while it is valid.
     */
    revokedAt: z.string().nullable().optional(),
  }),
);
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * `GET /api/certificate/dashboard` (educators): one row per own course. `quizPassRate` is the
 * share (0–100) of learner-and-quiz pairs with an attempt that passed; null before any attempt.
 * `unansweredQuestions`: Q&A questions with neither an answer of the educator's nor an accepted one.
 */
export const courseOutcomeSchema = schema(() =>
  z.object({
    courseId: z.string(),
    quizPassRate: z.number().int().nullable(),
    certificatesIssued: z.number().int(),
    unansweredQuestions: z.number().int(),
  }),
);
export type CourseOutcome = z.infer<typeof courseOutcomeSchema>;
