import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

/**
 * Courses a learner saved for later (modules/wishlist). The primary key (user, course) is what
 * makes adding idempotent, also when two requests add the same course at once: the second insert
 * finds the row (`on conflict do nothing`). Removing a course or a user removes its rows; a course
 * that is unpublished keeps them and is left out of the list until it is published again.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** When it was added: the list is newest-added first. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'wishlist_items_pkey', columns: [t.userId, t.courseId] }),
    index('wishlist_items_user_newest_idx').on(t.userId, t.createdAt.desc()),
    index('wishlist_items_course_idx').on(t.courseId),
  ],
);
