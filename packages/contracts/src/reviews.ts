import { z } from 'zod';
import { USER_ROLES } from './auth.ts';
import { limitQuery, schema, text } from './define.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;
/** Most reviews one `allReview` call answers. */
export const REVIEWS_LIST_MAX = 500;

export const reviewSchema = schema(() =>
  z.object({
    _id: z.string(),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
    comment: z.string(),
    course: z.string(),
    courseTitle: z.string().optional(),
    user: z.object({ _id: z.string(), name: z.string(), photoUrl: z.string().nullable(), role: z.enum(USER_ROLES) }),
    createdAt: z.string(),
  }),
);
export type Review = z.infer<typeof reviewSchema>;

const ratingMessage = `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars`;

/** `POST /api/review/givereview` */
export const giveReviewRequestSchema = schema(() =>
  z.object({
    rating: z
      .number({ error: ratingMessage })
      .int({ error: ratingMessage })
      .min(RATING_MIN, { error: ratingMessage })
      .max(RATING_MAX, { error: ratingMessage }),
    comment: text('Comment', { error: 'Please write a comment', trim: true, multiline: true })
      .min(1, { error: 'Please write a comment' })
      .max(REVIEW_COMMENT_MAX, { error: `Comments can be at most ${REVIEW_COMMENT_MAX} characters` }),
    courseId: text('courseId', { error: 'courseId is required' }),
  }),
);
export type GiveReviewRequest = z.infer<typeof giveReviewRequestSchema>;

export const giveReviewResponseSchema = schema(() => z.object({ message: z.string(), review: reviewSchema }));

/** `GET /api/review/allReview?limit=` */
export const listReviewsQuerySchema = schema(() => limitQuery(REVIEWS_LIST_MAX));
