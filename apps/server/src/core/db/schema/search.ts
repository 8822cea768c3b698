import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The AI search index: one row per published course, kept current by
 * `reindexCourse` (modules/search/engine/search.index.ts). No foreign key on purpose: the row of a
 * deleted course must still be there when `reindexCourse` runs after the delete, so that
 * the term statistics can be corrected; searches join `courses` and never return a course
 * that is gone or unpublished.
 */
export const courseSearch = pgTable(
  'course_search',
  {
    courseId: uuid('course_id').primaryKey(),
    /** Weighted text: A title, B subtitle, C category and lecture titles, D description. */
    tsv: tsvector('tsv').notNull(),
    /**
     * The course's mined acronyms (`acrnym…` words, weight C): matched by retrieval, but kept
     * out of `tsv` so that scoring does not read and parse them with every candidate.
     */
    acronyms: tsvector('acronyms').notNull().default(sql`''::tsvector`),
    /** Title (A) and subtitle (B) only: a small index for the first, precise retrieval. */
    tsvHead: tsvector('tsv_head').notNull(),
    /** Distinct canonical words of the course, for the term statistics. */
    terms: text('terms').array().notNull(),
    category: text('category').notNull(),
    level: text('level'),
    price: integer('price'),
    /** int8 unit vector: the course text's mean word vector. */
    embedding: bytea('embedding'),
    /**
     * The vector of an external embedder (modules/search/engine/search.embedder.ts), int8 scaled to its
     * largest component; written by the background re-embedding job, never in an edit's transaction.
     */
    embeddingExt: bytea('embedding_ext'),
    /** Which embedder wrote `embedding_ext`: `openai:<model>:<dims>`. */
    embedder: text('embedder'),
    /** The `updated_at` of the row whose text `embedding_ext` embeds (≠ updated_at: stale). */
    extVersion: timestamp('ext_version', { withTimezone: true }),
    /** When `embedding_ext` was written (incremental loads of the in-process cache). */
    extAt: timestamp('ext_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // fastupdate off: PGlite runs no autovacuum, so a GIN pending list would only grow and
  // slow every search; direct index updates keep reads fast on both databases.
  (t) => [
    index('course_search_tsv_idx').using('gin', t.tsv).with({ fastupdate: false }),
    index('course_search_tsv_head_idx').using('gin', t.tsvHead).with({ fastupdate: false }),
    index('course_search_acronyms_idx').using('gin', t.acronyms).with({ fastupdate: false }),
  ],
);

/**
 * Vocabulary of the indexed courses: each canonical word, its text-search lexeme and the
 * number of indexed courses containing it. Trigram index for typo tolerance, pattern index
 * for prefix look-ups. The row `#docs` counts the indexed courses.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    lexeme: text('lexeme'),
    df: integer('df').notNull().default(0),
  },
  (t) => [
    index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`).with({ fastupdate: false }),
    index('search_terms_prefix_idx').using('btree', sql`${t.term} text_pattern_ops`),
  ],
);

/**
 * What the AI search lists a query without a topic by ("free courses", "most popular"): one narrow
 * row per course with the facts it filters on and the signals it orders by, so that the listing
 * reads an index in order and stops after the courses it answers instead of aggregating reviews
 * and enrolments for every course that fits (issue #34). Kept by database triggers (migration
 * 0011) in the same transaction as the write, whichever module writes; `reindexAll` recounts it.
 */
export const courseRank = pgTable(
  'course_rank',
  {
    courseId: uuid('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The course is published. */
    listed: boolean('listed').notNull().default(false),
    category: text('category'),
    level: text('level'),
    /** The course's language, for the catalogue's filter (issue #29, migration 0022). */
    language: text('language'),
    price: integer('price'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    reviews: integer('reviews').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    enrolled: integer('enrolled').notNull().default(0),
    /** Average rating, 0 without reviews. */
    rating: doublePrecision('rating')
      .notNull()
      .generatedAlwaysAs(sql`case when reviews > 0 then rating_sum::float8 / reviews else 0 end`),
    /**
     * Seconds of the lectures whose duration is known (measured when the video was processed);
     * null while none is. The catalogue's duration filter and its cards (issue #27, migration 0013).
     */
    durationSeconds: real('duration_seconds'),
    /**
     * The words of the title, subtitle and educator's name (catalog_words: lower case, split at
     * anything but letters and digits), for the catalogue's keyword (issue #27, migrations 0015, 0017).
     */
    words: tsvector('words'),
  },
  (t) => [
    // The listing's two orders (best rated first; most enrolled first when asked for), listed courses only.
    index('course_rank_rating_idx')
      .on(t.rating.desc(), t.enrolled.desc(), t.createdAt.desc(), t.courseId)
      .where(sql`${t.listed}`),
    index('course_rank_popular_idx')
      .on(t.enrolled.desc(), t.rating.desc(), t.createdAt.desc(), t.courseId)
      .where(sql`${t.listed}`),
    // The catalogue's other orders over the same rows (issue #27, courses.catalogue.ts): newest
    // first, and by price either way (unpriced courses last in both, newest first among equals),
    // so a filtered page reads its index in order and stops after one page.
    index('course_rank_words_idx').using('gin', t.words).with({ fastupdate: false }).where(sql`${t.listed}`),
    index('course_rank_newest_idx').on(t.createdAt.desc(), t.courseId).where(sql`${t.listed}`),
    // A language's courses (issue #29), newest first: a rare one (a few dozen of 100,000) is found
    // without reading the table, and a common one's newest page without sorting it.
    index('course_rank_language_newest_idx').on(t.language, t.createdAt.desc(), t.courseId).where(sql`${t.listed}`),
    index('course_rank_price_asc_idx')
      .on(sql`coalesce(${t.price}, 2147483647)`, t.createdAt.desc(), t.courseId)
      .where(sql`${t.listed}`),
    index('course_rank_price_desc_idx')
      .on(sql`coalesce(${t.price}, -1) desc`, t.createdAt.desc(), t.courseId)
      .where(sql`${t.listed}`),
  ],
);
