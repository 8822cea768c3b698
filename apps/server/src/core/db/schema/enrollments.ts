import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Restrict: a course with paying learners cannot be deleted, only unpublished. */
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_course_id_idx').on(t.courseId),
  ],
);
