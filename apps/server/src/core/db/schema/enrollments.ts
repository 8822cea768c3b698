import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Paise actually paid (the order's amount; 0 for a free course). Earnings add these, so a
     * later price change does not rewrite what a learner paid. No default: every enrolment says.
     */
    amountPaid: integer('amount_paid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_course_id_idx').on(t.courseId),
    check('enrollments_amount_paid_check', sql`${t.amountPaid} >= 0`),
  ],
);
