import { z } from 'zod';
import { CATEGORIES, LEVELS, ROLES } from './catalog.ts';

/**
 * How every endpoint presents each entity (spec §3). Fields the spec names keep its
 * spelling (`_id`, `subTitle`, `photoUrl` …); additions are optional for old clients.
 */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  description: z.string(),
  photoUrl: z.string().nullable(),
  enrolledCourses: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const creatorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  description: z.string(),
  photoUrl: z.string().nullable(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const lectureSchema = z.object({
  _id: z.string(),
  lectureTitle: z.string(),
  /** Streaming URL; null until a video is uploaded. Access is checked when it is fetched. */
  videoUrl: z.string().nullable(),
  isPreviewFree: z.boolean(),
  /** Seconds, when known. */
  duration: z.number().nullable().optional(),
});
export type Lecture = z.infer<typeof lectureSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  course: z.string(),
  courseTitle: z.string().optional(),
  user: z.object({ _id: z.string(), name: z.string(), photoUrl: z.string().nullable(), role: z.enum(ROLES) }),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subTitle: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  level: z.enum(LEVELS).nullable(),
  /** Whole rupees; null when the educator has not set one (shown '₹ NA'). */
  price: z.number().int().nullable(),
  /** Largest thumbnail URL; `thumbnailSrcSet` lists every width for responsive images. */
  thumbnail: z.string().nullable(),
  thumbnailSrcSet: z.string().nullable().optional(),
  isPublished: z.boolean(),
  /** The creator's user id (spec §3). */
  creator: z.string(),
  creatorName: z.string().optional(),
  lectures: z.array(lectureSchema),
  lectureCount: z.number().int(),
  reviews: z.array(reviewSchema),
  avgRating: z.number(),
  reviewCount: z.number().int(),
  /** Learner ids; only for the course's creator. */
  enrolledStudents: z.array(z.string()).optional(),
  enrolledCount: z.number().int().optional(),
  /** Only for the course's creator: price × enrolled learners, in whole rupees (spec §3). */
  earnings: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Every error body. `fields` names what failed validation. */
export const errorSchema = z.object({
  message: z.string(),
  id: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;
