import { boolean, index, pgTable, primaryKey, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { lectures } from './lectures.ts';
import { users } from './users.ts';

/** Where a learner is in each lecture they opened. */
export const lectureProgress = pgTable(
  'lecture_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lectureId] }),
    index('lecture_progress_user_course_idx').on(t.userId, t.courseId, t.updatedAt),
  ],
);
