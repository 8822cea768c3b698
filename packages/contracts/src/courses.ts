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

/**
 * The languages a course is taught in (issue #29): ISO 639-1 codes of English, Hindi and the
 * other major Indian languages; a course is in English unless its educator says otherwise.
 * Adding one is an entry here (the filter, facet and edit form follow from the list).
 */
export const LANGUAGE_CODES = ['en', 'hi', 'bn', 'ta', 'te', 'mr', 'gu', 'kn', 'ml', 'pa', 'or', 'as', 'ur'] as const;
export type CourseLanguage = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: CourseLanguage = 'en';

/** Each language's own name (as its readers write it, for labels) and its English name. */
export const LANGUAGES: Record<CourseLanguage, { name: string; english: string }> = {
  en: { name: 'English', english: 'English' },
  hi: { name: 'हिन्दी', english: 'Hindi' },
  bn: { name: 'বাংলা', english: 'Bengali' },
  ta: { name: 'தமிழ்', english: 'Tamil' },
  te: { name: 'తెలుగు', english: 'Telugu' },
  mr: { name: 'मराठी', english: 'Marathi' },
  gu: { name: 'ગુજરાતી', english: 'Gujarati' },
  kn: { name: 'ಕನ್ನಡ', english: 'Kannada' },
  ml: { name: 'മലയാളം', english: 'Malayalam' },
  pa: { name: 'ਪੰਜਾਬੀ', english: 'Punjabi' },
  or: { name: 'ଓଡ଼ିଆ', english: 'Odia' },
  as: { name: 'অসমীয়া', english: 'Assamese' },
  ur: { name: 'اردو', english: 'Urdu' },
};

/** A language as lists and chips name it: "हिन्दी · Hindi"; English as "English". */
export const languageLabel = (code: CourseLanguage) =>
  code === 'en' ? LANGUAGES.en.name : `${LANGUAGES[code].name} · ${LANGUAGES[code].english}`;

/** Why a language is refused (400): names the codes accepted. */
export const LANGUAGE_MESSAGE = `Language must be one of ${LANGUAGE_CODES.join(', ')} (ISO 639-1 codes)`;

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
    /** The language the course is taught in (LANGUAGE_CODES); `en` unless the educator chose another. */
    language: z.enum(LANGUAGE_CODES),
    /** Whole rupees; null when the educator has not set one (shown '₹ NA'). */
    price: z.number().int().nullable(),
    /**
     * The educator's own list price (whole rupees), always above `price`; null when none. The course
     * page strikes it through next to the price — never an invented reference price (issue #27).
     */
    listPrice: z.number().int().nullable(),
    /** Seconds of video among the lectures whose duration is known (measured when processed); null while none is. */
    totalDurationSeconds: z.number().nullable(),
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
    /** Only for the course's creator: how many quizzes it has (the publish checklist counts them as content). */
    quizCount: z.number().int().optional(),
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
const languageSchema = schema(() => z.enum(LANGUAGE_CODES, { error: LANGUAGE_MESSAGE }));

const priceMessage = `Price must be a whole number of rupees from 0 to ${MAX_PRICE_INR}`;
const priceSchema = schema(() =>
  z
    .union([z.number(), text('Price', { trim: true }).regex(/^\d+$/, priceMessage).transform(Number)], {
      error: priceMessage,
    })
    .pipe(z.number().int(priceMessage).min(0, priceMessage).max(MAX_PRICE_INR, priceMessage)),
);

const listPriceMessage = `List price must be a whole number of rupees from 1 to ${MAX_PRICE_INR}`;
const listPriceSchema = schema(() =>
  z
    .union([z.number(), text('List price', { trim: true }).regex(/^\d+$/, listPriceMessage).transform(Number)], {
      error: listPriceMessage,
    })
    .pipe(z.number().int(listPriceMessage).min(1, listPriceMessage).max(MAX_PRICE_INR, listPriceMessage))
    .nullish(),
);

/** Why a list price is refused against the course's price (400, field `listPrice`). */
export const LIST_PRICE_MESSAGES = {
  notAbovePrice: (price: number) =>
    `List price must be higher than the price (₹${price}); leave it empty to show no list price`,
  free: 'A free course has no list price; leave List price empty',
  noPrice: 'Set the price before a list price',
} as const;

/** The list price to show struck through: only the educator's own, only above a price that is not free. */
export const shownListPrice = (price: number | null, listPrice: number | null) =>
  price !== null && price > 0 && listPrice !== null && listPrice > price ? listPrice : null;

/** `POST /api/course/create` */
export const createCourseRequestSchema = schema(() =>
  z.object({
    title: requiredText('Title', COURSE_TITLE_MAX),
    category: categorySchema,
    /** Optional: `en` when not sent. */
    language: z.preprocess(emptyToUndefined, languageSchema.optional()),
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
    language: z.preprocess(emptyToUndefined, languageSchema.optional()),
    price: z.preprocess(emptyToUndefined, priceSchema.optional()),
    /** Empty ('' or null): no list price; absent: unchanged. Must be above the price (checked against the course). */
    listPrice: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), listPriceSchema),
    isPublished: z.preprocess(emptyToUndefined, boolField('isPublished').optional()),
  }),
);
export type EditCourseRequest = z.infer<typeof editCourseRequestSchema>;

/** `GET /api/course/stats`: public figures of the catalogue (the landing page's badge). */
export const courseStatsSchema = schema(() => z.object({ publishedCourses: z.number().int() }));
export type CourseStats = z.infer<typeof courseStatsSchema>;

/**
 * What a course needs before it is published (issue #27): the server refuses to publish without
 * every item (unless PUBLISH_CHECKLIST=off), and the edit screen ticks them off live from the same
 * list. `field` is the request field a refusal names; a price of 0 counts (a free course).
 */
export const PUBLISH_CHECKLIST = [
  { key: 'title', field: 'title', label: 'Title', words: 'title' },
  { key: 'subTitle', field: 'subTitle', label: 'Subtitle', words: 'subtitle' },
  { key: 'description', field: 'description', label: 'Description', words: 'description' },
  { key: 'thumbnail', field: 'thumbnail', label: 'Thumbnail', words: 'thumbnail' },
  { key: 'category', field: 'category', label: 'Category', words: 'category' },
  { key: 'level', field: 'level', label: 'Level', words: 'level' },
  { key: 'price', field: 'price', label: 'Price (0 for a free course)', words: 'price' },
  {
    key: 'content',
    field: 'lectures',
    label: 'A lecture with a video, or a quiz',
    words: 'a lecture with a video (or a quiz)',
  },
] as const;
export type PublishChecklistKey = (typeof PUBLISH_CHECKLIST)[number]['key'];

/** The items every published course has had since the start (what PUBLISH_CHECKLIST=off still asks). */
export const PUBLISH_MINIMUM: readonly PublishChecklistKey[] = ['title', 'category', 'level', 'price'];

/** A course (or the edit form's values) as the checklist reads it. */
export interface PublishableCourse {
  title: string | null | undefined;
  subTitle: string | null | undefined;
  description: string | null | undefined;
  hasThumbnail: boolean;
  category: string | null | undefined;
  level: string | null | undefined;
  price: number | null | undefined;
  /** At least one lecture with a video, or a quiz. */
  hasContent: boolean;
}

/** Each checklist item with whether the course has it, in the list's order. */
export function publishChecklist(course: PublishableCourse) {
  const filled = (v: string | null | undefined) => !!v?.trim();
  const done: Record<PublishChecklistKey, boolean> = {
    title: filled(course.title),
    subTitle: filled(course.subTitle),
    description: filled(course.description),
    thumbnail: course.hasThumbnail,
    category: filled(course.category),
    level: filled(course.level),
    price: course.price !== null && course.price !== undefined,
    content: course.hasContent,
  };
  return PUBLISH_CHECKLIST.map((item) => ({ ...item, done: done[item.key] }));
}

const listWords = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * The refusal for the missing items: "Cannot publish yet: add the course's level and price
 * first", "… add the course's thumbnail, and a lecture with a video (or a quiz) first".
 */
export function publishRefusal(missing: readonly { key: PublishChecklistKey; words: string }[]) {
  const fields = missing.filter((m) => m.key !== 'content').map((m) => m.words);
  const parts = [
    ...(fields.length > 0 ? [`the course's ${listWords(fields)}`] : []),
    ...missing.filter((m) => m.key === 'content').map((m) => m.words),
  ];
  return `Cannot publish yet: add ${parts.join(', and ')} first`;
}
