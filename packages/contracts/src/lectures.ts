import { z } from 'zod';
import { boolField, requiredText, schema, text } from './define.ts';
import { lectureResourceSchema } from './lecture-resources.ts';

export const LECTURE_TITLE_MAX = 120;

export const lectureCaptionSchema = schema(() =>
  z.object({
    /** BCP-47 language tag. */
    lang: z.string(),
    label: z.string(),
    /** WebVTT file; access checked like the video. */
    url: z.string(),
  }),
);
export type LectureCaption = z.infer<typeof lectureCaptionSchema>;

export const lectureSchema = schema(() =>
  z.object({
    _id: z.string(),
    lectureTitle: z.string(),
    /** Streaming URL; null until a video is uploaded. Access is checked when it is fetched. */
    videoUrl: z.string().nullable(),
    isPreviewFree: z.boolean(),
    /** Seconds, when known. */
    duration: z.number().nullable().optional(),
    /** The section holding it; null: the course's implicit section. */
    sectionId: z.string().nullable().optional(),
    /** Video processing: null before any video; `hlsUrl` and `posterUrl` once `ready`. */
    processing: z.enum(['queued', 'processing', 'ready', 'failed']).nullable().optional(),
    /** Why processing failed: present only while `processing` is 'failed'. */
    processingError: z.string().optional(),
    /** HLS master playlist (adaptive 240p-720p); access checked like `videoUrl`. */
    hlsUrl: z.string().nullable().optional(),
    posterUrl: z.string().nullable().optional(),
    captions: z.array(lectureCaptionSchema).optional(),
    /** Files attached to the lecture (in course answers); downloaded with the video's access check. */
    resources: z.array(lectureResourceSchema).optional(),
  }),
);
export type Lecture = z.infer<typeof lectureSchema>;

/** `POST /api/course/createlecture/:courseId` */
/**
 * `sectionId`: the section it is appended to (null: the implicit first group); without it the
 * lecture goes at the end of the course (into its last section, if it has any).
 */
export const createLectureRequestSchema = schema(() =>
  z.object({
    lectureTitle: requiredText('Lecture title', LECTURE_TITLE_MAX),
    sectionId: text('sectionId').nullable().optional(),
  }),
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
    /** Moves the lecture to the end of this section; null (or "" in a form): the implicit first group. */
    sectionId: z.preprocess((v) => (v === '' ? null : v), text('sectionId').nullable().optional()),
  }),
);
export type EditLectureRequest = z.infer<typeof editLectureRequestSchema>;

/** What createlecture and editlecture answer. */
export const lectureAnswerSchema = schema(() => z.object({ lecture: lectureSchema, message: z.string() }));

/** editlecture: the lecture's own fields (what outside clients read) plus `lecture` and `message`. */
export const editLectureResponseSchema = schema(() => lectureSchema.extend(lectureAnswerSchema.shape));

/** Largest captions file accepted (`lecturecaptions`). */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const CAPTIONS_LABEL_MAX = 60;
const languageTag = () =>
  text('Language', { error: 'Language is required', trim: true })
    .min(1, 'Language is required')
    .max(35, 'Language must be a code such as en or hi-IN')
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'Language must be a code such as en or hi-IN');

/**
 * `POST /api/course/lecturecaptions/:lectureId`, multipart: `captions` (a .vtt or .srt file, up to
 * CAPTIONS_MAX_BYTES, stored as WebVTT), `lang` (BCP-47 tag), `label` (shown in the player's menu).
 * Replaces the lecture's captions in that language.
 */
export const lectureCaptionsRequestSchema = schema(() =>
  z.object({ lang: languageTag(), label: requiredText('Label', CAPTIONS_LABEL_MAX) }),
);
export type LectureCaptionsRequest = z.infer<typeof lectureCaptionsRequestSchema>;

/** `DELETE /api/course/lecturecaptions/:lectureId?lang=` */
export const removeLectureCaptionsQuerySchema = schema(() => z.object({ lang: languageTag() }));

/** What the captions endpoints answer: the lecture's captions after the change. */
export const lectureCaptionsAnswerSchema = schema(() => z.object({ captions: z.array(lectureCaptionSchema) }));
