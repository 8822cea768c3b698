import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';

/** Ordered chapters of a course. A course without any has one implicit section holding every lecture. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Order within the course, ascending. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_sections_course_position_idx').on(t.courseId, t.position)],
);
