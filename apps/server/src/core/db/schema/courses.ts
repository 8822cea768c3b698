import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const courses = pgTable(
  'courses',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    level: text('level'),
    /** ISO 639-1 code of the language the course is taught in (@kaksha/contracts LANGUAGE_CODES, issue #29). */
    language: text('language').notNull().default('en'),
    /** Whole rupees; null until the educator sets it. */
    price: integer('price'),
    /**
     * The educator's list price in whole rupees, shown struck through only when above `price`
     * (issue #27: no invented reference prices); null when none.
     */
    listPrice: integer('list_price'),
    /** Storage key prefix of the thumbnail renditions, null when none. */
    thumbnailKey: text('thumbnail_key'),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_creator_id_idx').on(t.creatorId),
    // The catalogue's order (newest first, id as tiebreak) for published courses only: pages and
    // keyset cursors read the index in order, without sorting (issue 16, docs/operations.md#scale).
    index('courses_published_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isPublished}`),
    // The same per category: a filtered catalogue page and its total without reading other categories.
    index('courses_published_category_newest_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isPublished}`),
    check('courses_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('courses_list_price_check', sql`${t.listPrice} is null or ${t.listPrice} > 0`),
  ],
);
