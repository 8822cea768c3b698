import { z } from 'zod';
import { schema } from './define.ts';

/** Longest position or duration accepted, in seconds (a day). */
export const PROGRESS_SECONDS_MAX = 24 * 3600;

export const lectureProgressSchema = schema(() =>
  z.object({
    lectureId: z.string(),
    positionSeconds: z.number(),
    completed: z.boolean(),
    updatedAt: z.string(),
  }),
);
export type LectureProgress = z.infer<typeof lectureProgressSchema>;

/** `GET /api/progress`: one row per enrolled course. */
export const progressSummarySchema = schema(() =>
  z.object({
    courseId: z.string(),
    completedCount: z.number().int(),
    totalLectures: z.number().int(),
    /** Whole percent of the course's lectures completed. */
    percent: z.number().int(),
    /** The lecture watched most recently, where "Continue" resumes; null before the first. */
    lastLectureId: z.string().nullable(),
  }),
);
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/** `GET /api/progress/:courseId` */
export const courseProgressSchema = schema(() =>
  progressSummarySchema.extend({ lectures: z.array(lectureProgressSchema) }),
);
export type CourseProgress = z.infer<typeof courseProgressSchema>;

const seconds = (name: string) => `${name} must be a number of seconds`;
/**
 * Kept to the millisecond: they are stored as `real`, and PostgreSQL refuses a value as tiny as
 * 1e-300 (underflow) instead of rounding it, which was a 500.
 */
const toMilliseconds = (value: number) => Math.round(value * 1000) / 1000;

/** `POST /api/progress/:lectureId`: completed at 90% watched or when marked. */
export const saveProgressRequestSchema = schema(() =>
  z.object({
    positionSeconds: z
      .number({ error: seconds('positionSeconds') })
      .min(0, { error: seconds('positionSeconds') })
      .max(PROGRESS_SECONDS_MAX, { error: seconds('positionSeconds') })
      .transform(toMilliseconds),
    /** The video's length as the player knows it, to judge the 90% rule. */
    duration: z
      .number({ error: seconds('duration') })
      .positive({ error: seconds('duration') })
      .max(PROGRESS_SECONDS_MAX, { error: seconds('duration') })
      .transform(toMilliseconds)
      .optional(),
    /** true marks the lecture completed, false un-marks it; absent keeps it (or completes it at 90%). */
    completed: z.boolean({ error: 'completed must be true or false' }).optional(),
  }),
);
export type SaveProgressRequest = z.infer<typeof saveProgressRequestSchema>;

export const savedProgressSchema = schema(() => lectureProgressSchema.extend({ courseId: z.string() }));
