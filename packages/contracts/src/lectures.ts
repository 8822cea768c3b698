import { z } from 'zod';
import { boolField, requiredText, schema } from './define.ts';

export const LECTURE_TITLE_MAX = 120;

export const lectureSchema = schema(() =>
  z.object({
    _id: z.string(),
    lectureTitle: z.string(),
    /** Streaming URL; null until a video is uploaded. Access is checked when it is fetched. */
    videoUrl: z.string().nullable(),
    isPreviewFree: z.boolean(),
    /** Seconds, when known. */
    duration: z.number().nullable().optional(),
  }),
);
export type Lecture = z.infer<typeof lectureSchema>;

/** `POST /api/course/createlecture/:courseId` */
export const createLectureRequestSchema = schema(() =>
  z.object({ lectureTitle: requiredText('Lecture title', LECTURE_TITLE_MAX) }),
);
export type CreateLectureRequest = z.infer<typeof createLectureRequestSchema>;

/**
 * `POST /api/course/editlecture/:lectureId` (multipart with a `videoUrl` file, or JSON): fields
 * not sent stay unchanged; the video comes as a file part, not a field.
 */
export const editLectureRequestSchema = schema(() =>
  z.object({
    lectureTitle: requiredText('Lecture title', LECTURE_TITLE_MAX).optional(),
    isPreviewFree: z.preprocess((v) => (v === '' ? undefined : v), boolField('isPreviewFree').optional()),
  }),
);
export type EditLectureRequest = z.infer<typeof editLectureRequestSchema>;

/** What createlecture and editlecture answer. */
export const lectureAnswerSchema = schema(() => z.object({ lecture: lectureSchema, message: z.string() }));

/** editlecture: the lecture's own fields (what outside clients read) plus `lecture` and `message`. */
export const editLectureResponseSchema = schema(() => lectureSchema.extend(lectureAnswerSchema.shape));
