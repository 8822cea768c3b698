import { z } from 'zod';
import { boolField, emptyToUndefined, limitQuery, requiredText, schema, text } from './define.ts';
import { lectureSchema } from './lectures.ts';
import { reviewSchema } from './reviews.ts';
import { courseSectionSchema } from './sections.ts';

/** The fixed course categories, in the order the catalogue's filter sidebar lists them (spec §2). */
export const CATEGORIES = [
  'App Development',
  'AI/ML',
  'AI Tools',
  'Data Science',
  'Data Analytics',
  'Ethical Hacking',
  'UI UX Designing',
  'Web Development',
  'Others',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const COURSE_TITLE_MAX = 120;
export const COURSE_SUBTITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 10_000;
/** Highest course price we accept, in whole rupees. */
export const MAX_PRICE_INR = 500_000;

/** A course as every endpoint presents it (spec §3). */
export const courseSchema = schema(() =>
  z.object({
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
    /**
     * Ordered sections grouping `lectures`. A course without sections lists none; lectures whose
     * `sectionId` is null belong to the implicit first section.
     */
    sections: z.array(courseSectionSchema).optional(),
    lectureCount: z.number().int(),
    reviews: z.array(reviewSchema),
    avgRating: z.number(),
    reviewCount: z.number().int(),
    /** Learner ids; only for the course's creator. */
    enrolledStudents: z.array(z.string()).optional(),
    enrolledCount: z.number().int().optional(),
    /**
     * Only for the course's creator: whole rupees its learners actually paid (spec §3's price ×
     * enrolled learners while the price never changed).
     */
    earnings: z.number().int().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Course = z.infer<typeof courseSchema>;

/** Most courses one `getpublishedcoures?limit=` asks for; without `limit` the list is complete (spec §7). */
export const PUBLISHED_COURSES_LIMIT_MAX = 500;

/** `GET /api/course/getpublishedcoures?limit=`: the newest `limit` published courses. */
export const listPublishedCoursesQuerySchema = schema(() => limitQuery(PUBLISHED_COURSES_LIMIT_MAX));

/** What a user's `enrolledCourses` lists: enough for a course card (spec §2 /enrolledcourses). */
export const enrolledCourseSchema = schema(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    thumbnail: z.string().nullable(),
    category: z.enum(CATEGORIES),
    level: z.enum(LEVELS).nullable(),
  }),
);
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;

const categorySchema = schema(() => z.enum(CATEGORIES, { error: 'Choose a category from the list' }));
const levelSchema = schema(() => z.enum(LEVELS, { error: 'Choose a level: Beginner, Intermediate or Advanced' }));

const priceMessage = `Price must be a whole number of rupees from 0 to ${MAX_PRICE_INR}`;
const priceSchema = schema(() =>
  z
    .union([z.number(), text('Price', { trim: true }).regex(/^\d+$/, priceMessage).transform(Number)], {
      error: priceMessage,
    })
    .pipe(z.number().int(priceMessage).min(0, priceMessage).max(MAX_PRICE_INR, priceMessage)),
);

/** `POST /api/course/create` */
export const createCourseRequestSchema = schema(() =>
  z.object({
    title: requiredText('Title', COURSE_TITLE_MAX),
    category: categorySchema,
  }),
);
export type CreateCourseRequest = z.infer<typeof createCourseRequestSchema>;

/**
 * `POST /api/course/editcourse/:courseId` (multipart with a `thumbnail` file, or JSON): every
 * field optional; fields not sent (or sent empty, for the choice fields) stay unchanged.
 */
export const editCourseRequestSchema = schema(() =>
  z.object({
    title: requiredText('Title', COURSE_TITLE_MAX).optional(),
    subTitle: text('Subtitle', { trim: true })
      .max(COURSE_SUBTITLE_MAX, `Subtitle must be ${COURSE_SUBTITLE_MAX} characters or fewer`)
      .optional(),
    description: text('Description', { trim: true, multiline: true })
      .max(COURSE_DESCRIPTION_MAX, 'Description must be 10,000 characters or fewer')
      .optional(),
    category: z.preprocess(emptyToUndefined, categorySchema.optional()),
    level: z.preprocess(emptyToUndefined, levelSchema.optional()),
    price: z.preprocess(emptyToUndefined, priceSchema.optional()),
    isPublished: z.preprocess(emptyToUndefined, boolField('isPublished').optional()),
  }),
);
export type EditCourseRequest = z.infer<typeof editCourseRequestSchema>;
