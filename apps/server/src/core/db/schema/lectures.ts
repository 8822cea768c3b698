import { bigint, boolean, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { courseSections } from './sections.ts';

export const lectures = pgTable(
  'lectures',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lectureTitle: text('lecture_title').notNull(),
    /** Null: in the course's implicit (first) section. */
    sectionId: uuid('section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    /** Order within the course, ascending (sections order lectures first, then this). */
    position: integer('position').notNull(),
    /** Private storage key of the video, null until uploaded. */
    videoKey: text('video_key'),
    videoMime: text('video_mime'),
    videoSize: bigint('video_size', { mode: 'number' }),
    durationSeconds: real('duration_seconds'),
    /** Video processing state: null before any video, then queued → processing → ready | failed. */
    processing: text('processing', { enum: ['queued', 'processing', 'ready', 'failed'] }),
    processingError: text('processing_error'),
    /** Storage prefix of the HLS renditions (master playlist at `<prefix>/master.m3u8`), when ready. */
    hlsKey: text('hls_key'),
    posterKey: text('poster_key'),
    videoWidth: integer('video_width'),
    videoHeight: integer('video_height'),
    isPreviewFree: boolean('is_preview_free').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lectures_course_position_idx').on(t.courseId, t.position),
    index('lectures_section_idx').on(t.sectionId),
  ],
);
