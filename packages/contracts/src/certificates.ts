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
  }),
);
export type Certificate = z.infer<typeof certificateSchema>;
