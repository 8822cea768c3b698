import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many listed courses have each combination of the catalogue's filter buckets (issue #27):
 * the facet cube of the whole catalogue, a few thousand rows, kept exact by a statement-level
 * trigger on course_rank in the writing transaction (migration 0016), so the catalogue's facets
 * and totals are added up from it without reading the courses. Buckets are the SQL functions
 * catalog_price_band, catalog_rating10 and catalog_duration_band; '' and -1 stand for none (no
 * level, price, review or known duration), as a primary key cannot hold nulls.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    category: text('category').notNull(),
    level: text('level').notNull(),
    /** The course's language (issue #29, migration 0022). */
    language: text('language').notNull(),
    priceBand: integer('price_band').notNull(),
    rating10: integer('rating10').notNull(),
    durationBand: integer('duration_band').notNull(),
    n: integer('n').notNull(),
    /**
     * The facets version whose change last set this cell (migration 0035): a server that keeps the
     * cube reads only the cells changed since its copy's version instead of every cell again.
     * Cells are never deleted (a count of 0 stays), so a changed cell is always there to read.
     */
    changedAt: bigint('changed_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'catalog_facet_counts_pkey',
      columns: [t.category, t.level, t.language, t.priceBand, t.rating10, t.durationBand],
    }),
    index('catalog_facet_counts_changed_idx').on(t.changedAt),
  ],
);

/**
 * The words of the listed courses (course_rank's `words`: title, subtitle and educator's name) and
 * in how many courses each is, kept by a statement-level trigger on course_rank (migration 0017).
 * The catalogue's keyword asks it which of a word's possible typo corrections exist (primary-key
 * look-ups) and whether a word is known at all, or as the start of one (the prefix index).
 */
export const catalogVocabulary = pgTable(
  'catalog_vocabulary',
  {
    word: text('word').primaryKey(),
    n: integer('n').notNull(),
  },
  (t) => [index('catalog_vocabulary_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`)],
);

/**
 * One row whose `version` moves only when a facet cube could change: a listed course entering,
 * leaving or changing cell in catalog_facet_counts, or its words changing in catalog_vocabulary
 * (their triggers bump it, migration 0020). Enrolments and other writes that move the catalogue
 * version change neither, so the cubes of courses.browse.ts, kept per this version, survive them.
 */
export const catalogFacetsVersion = pgTable(
  'catalog_facets_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalog_facets_version_single_row', sql`${t.id} = 1`)],
);
