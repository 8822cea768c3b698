import { z } from 'zod';
import { schema } from './define.ts';

/** A chapter of a course, as `getcourse`, `getcourselecture` and the creator view list them. */
export const courseSectionSchema = schema(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    position: z.number().int(),
    /** The section's lectures in order (ids into the course's flat `lectures`). */
    lectureIds: z.array(z.string()),
  }),
);
export type CourseSection = z.infer<typeof courseSectionSchema>;
