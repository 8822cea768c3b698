import { z } from 'zod';
import { CATEGORIES, LANGUAGE_CODES, LEVELS } from './courses.ts';
import { schema, text } from './define.ts';

/*
 * Browsing the catalogue (issue #27): the keyword, filters, orders and facets of
 * `GET /api/course/catalog`, added to its query and answer in catalog.ts.
 */

/** The catalogue's orders; `newest` is the default (and the spec's). */
export const CATALOG_SORTS = ['newest', 'popular', 'rating', 'price-asc', 'price-desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/**
 * Price bands in whole rupees. Ranges include their lower end and exclude their upper one
 * (`0-500` is ₹0 to ₹499, free courses included); `paid` is any price above 0. A course without
 * a price is in none of them.
 */
export const PRICE_BANDS = ['free', 'paid', '0-500', '500-1000', '1000-'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** Hours of processed lecture video, lower end included (`0-2` is under two hours). */
export const DURATION_BANDS = ['0-2', '2-6', '6-'] as const;
export type DurationBand = (typeof DURATION_BANDS)[number];

/** The rating facet's bands: courses rated at least this (the average shown on cards, one decimal). */
export const RATING_BANDS = [4.5, 4, 3.5, 3] as const;

/** The longest keyword accepted, and the most words of it that count. */
export const CATALOG_QUERY_MAX = 100;

/** A repeatable query parameter: absent → [], once → [value], several → all of them. */
const many = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max));

const ratingMessage = 'minRating must be a number from 0 to 5 with at most one decimal, e.g. 4.5';

/** The query parameters browsing adds to `GET /api/course/catalog`. */
export const catalogBrowseFields = schema(() => ({
  /** Keyword over title, subtitle and the educator's name; tolerates typos. */
  q: text('q', { trim: true })
    .max(CATALOG_QUERY_MAX, `q must be ${CATALOG_QUERY_MAX} characters or fewer`)
    .optional()
    .transform((v) => v || undefined),
  /** Several mean any of them. */
  level: many(z.enum(LEVELS, { error: 'level must be Beginner, Intermediate or Advanced' }), LEVELS.length),
  /** The course's language (issue #29); several mean any of them. */
  language: many(
    z.enum(LANGUAGE_CODES, { error: `language must be one of ${LANGUAGE_CODES.join(', ')}` }),
    LANGUAGE_CODES.length,
  ),
  price: z.enum(PRICE_BANDS, { error: `price must be one of ${PRICE_BANDS.join(', ')}` }).optional(),
  /** At least this average rating (as cards show it, rounded to one decimal). */
  minRating: z.coerce
    .number({ error: ratingMessage })
    .min(0, ratingMessage)
    .max(5, ratingMessage)
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, ratingMessage)
    .optional(),
  /** Several mean any of them. */
  duration: many(
    z.enum(DURATION_BANDS, { error: `duration must be one of ${DURATION_BANDS.join(', ')} (hours)` }),
    DURATION_BANDS.length,
  ),
  sort: z.enum(CATALOG_SORTS, { error: `sort must be one of ${CATALOG_SORTS.join(', ')}` }).default('newest'),
}));

const facetCounts = <T extends z.ZodType>(value: T) => z.array(z.object({ value, count: z.number().int() }));

/**
 * Counts per filter value for the current filters. Each facet is counted with every OTHER filter
 * applied (and the keyword and creator), but not its own, so that its counts say what choosing
 * another value there would give (the usual faceted-search convention). Every value is listed, in
 * a fixed order, zeros included. Bands may overlap (`free` is also in `0-500`); `rating` counts are
 * cumulative ("4 and up"); a course without a level, price or known duration is in no value of
 * that facet.
 */
export const catalogFacetsSchema = schema(() =>
  z.object({
    category: facetCounts(z.enum(CATEGORIES)),
    level: facetCounts(z.enum(LEVELS)),
    language: facetCounts(z.enum(LANGUAGE_CODES)),
    price: facetCounts(z.enum(PRICE_BANDS)),
    rating: facetCounts(z.number()),
    duration: facetCounts(z.enum(DURATION_BANDS)),
  }),
);
export type CatalogFacets = z.infer<typeof catalogFacetsSchema>;
