import { z } from 'zod';
import { requiredText, schema, text } from './define.ts';

export const SECTION_TITLE_MAX = 120;

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

/** `POST /api/course/createsection/:courseId`: a new section at the end of the course. */
export const createSectionRequestSchema = schema(() =>
  z.object({ title: requiredText('Section title', SECTION_TITLE_MAX) }),
);
export type CreateSectionRequest = z.infer<typeof createSectionRequestSchema>;

/**
 * `POST /api/course/editsection/:sectionId`: fields not sent stay unchanged. `position` moves the
 * section to that place among the course's sections (0 = first; past the end = last).
 */
export const editSectionRequestSchema = schema(() =>
  z.object({
    title: requiredText('Section title', SECTION_TITLE_MAX).optional(),
    position: z
      .number({ error: 'Position must be a whole number' })
      .int('Position must be a whole number')
      .min(0, 'Position must be 0 or more')
      .optional(),
  }),
);
export type EditSectionRequest = z.infer<typeof editSectionRequestSchema>;

/** What createsection and editsection answer: the section with `message` beside its fields. */
export const sectionAnswerSchema = schema(() => courseSectionSchema.extend({ message: z.string() }));
export type SectionAnswer = z.infer<typeof sectionAnswerSchema>;

/**
 * `POST /api/course/reorderlectures/:courseId`: the whole curriculum. Every lecture of the course
 * exactly once; `_id` is one of the course's sections, or null for the implicit first group.
 * Sections keep their order (editsection moves them); a section left out ends up empty.
 */
export const reorderLecturesRequestSchema = schema(() =>
  z.object({
    sections: z.array(
      z.object({
        _id: text('Section id').nullable(),
        lectureIds: z.array(text('Lecture id')),
      }),
      { error: 'sections must list the course’s sections with their lectures' },
    ),
  }),
);
export type ReorderLecturesRequest = z.infer<typeof reorderLecturesRequestSchema>;
