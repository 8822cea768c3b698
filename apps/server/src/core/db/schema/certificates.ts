import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

/**
 * A completion certificate. Names and title are frozen at issue time, so a certificate reads the
 * same forever; the course link is kept only while the course exists (verification never needs it).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    educatorName: text('educator_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Revoked when the learner's account was erased (issue #32): verification says so, without the name. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId),
    index('certificates_course_idx').on(t.courseId),
  ],
);
