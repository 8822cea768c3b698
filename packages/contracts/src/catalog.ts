import { z } from 'zod';
import { catalogBrowseFields, catalogFacetsSchema } from './catalog-browse.ts';
import { CATEGORIES, LANGUAGE_CODES, LEVELS } from './courses.ts';
import { schema, text } from './define.ts';

/** Cards per catalogue page unless `limit` says otherwise, and the most one page holds. */
export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_PAGE_MAX = 100;

export * from './catalog-browse.ts';

/**
 * `GET /api/course/catalog?category=…&category=…&cursor=…&limit=24`: published courses newest
 * first, one page at a time. Several categories mean any of them (spec §2's filter); none, all.
 * `creator` narrows to one educator's courses. Browsing (issue #27, catalog-browse.ts) adds a
 * keyword `q`, the filters `level`, `language`, `price`, `minRating`, `duration` and the order `sort`.
 */
export const catalogQuerySchema = schema(() =>
  z.object({
    category: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.enum(CATEGORIES, { error: 'Choose categories from the list' })).max(CATEGORIES.length)),
    /** Only this educator's courses (a course page's "other courses by the educator"). */
    creator: z.guid({ error: 'creator must be a user id' }).optional(),
    /** `nextCursor` of the previous page. */
    cursor: text('cursor').max(200).optional(),
    limit: z.coerce.number().int().min(1).max(CATALOG_PAGE_MAX).default(CATALOG_PAGE_SIZE),
    ...catalogBrowseFields,
  }),
);
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/** A course as a catalogue card shows it: no lecture or review arrays. */
export const courseCardSchema = schema(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    subTitle: z.string(),
    category: z.enum(CATEGORIES),
    level: z.enum(LEVELS).nullable(),
    /** The language the course is taught in; `en` unless the educator chose another. */
    language: z.enum(LANGUAGE_CODES),
    price: z.number().int().nullable(),
    /** The educator's own list price, struck through beside `price` (courses.ts `shownListPrice`); null when none. */
    listPrice: z.number().int().nullable(),
    thumbnail: z.string().nullable(),
    thumbnailSrcSet: z.string().nullable().optional(),
    creator: z.string(),
    creatorName: z.string(),
    lectureCount: z.number().int(),
    avgRating: z.number(),
    reviewCount: z.number().int(),
    /** Seconds of lecture video whose length is known (measured when processed); null while none is. */
    totalDurationSeconds: z.number().int().nullable(),
    createdAt: z.string(),
  }),
);
export type CourseCard = z.infer<typeof courseCardSchema>;

export const catalogPageSchema = schema(() =>
  z.object({
    courses: z.array(courseCardSchema),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    /** Published courses matching the filter, all pages together. */
    total: z.number().int(),
    /** Counts per filter value (catalog-browse.ts); on every page, the same for one set of filters. */
    facets: catalogFacetsSchema,
  }),
);
export type CatalogPage = z.infer<typeof catalogPageSchema>;
