import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row whose `version` is bumped by database triggers (migration 0005) in the same transaction
 * as any write that changes what learners see: courses, lectures, sections, quizzes, captions,
 * reviews, enrolments and user names/photos; lecture resources too (migration 0017). Cached read models are keyed by it.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);
