import { bigint, boolean, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';

export const lectures = pgTable(
  'lectures',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureTitle: text('lecture_title').notNull(),
    /** Order within the course, ascending. */
    position: integer('position').notNull(),
    /** Private storage key of the video, null until uploaded. */
    videoKey: text('video_key'),
    videoMime: text('video_mime'),
    videoSize: bigint('video_size', { mode: 'number' }),
    durationSeconds: real('duration_seconds'),
    isPreviewFree: boolean('is_preview_free').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lectures_course_position_idx').on(t.courseId, t.position)],
);
