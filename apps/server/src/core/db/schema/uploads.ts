import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { lectures } from './lectures.ts';

/**
 * Resumable uploads (modules/uploads) that became their lecture's video: one row per upload,
 * inserted in the transaction that points the lecture at it. Its primary key is what makes
 * finishing an upload happen once, whichever process or attempt (the last PATCH, a HEAD, the
 * recovery after a crash, another instance) gets there first: a second insert finds the row.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    /** The tus upload id (32 hex characters). */
    id: text('id').primaryKey(),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    /** The storage key the upload was stored under (named after the upload, so a retry rewrites the same object). */
    videoKey: text('video_key').notNull(),
    /** When it was attached. */
    createdAt: createdAt(),
  },
  (t) => [index('video_uploads_lecture_idx').on(t.lectureId)],
);
