import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { lectures } from './lectures.ts';

/**
 * Files an educator attaches to a lecture (notes, slides, code; modules/lecture-resources). The
 * file itself is private storage (`key`), downloaded only after the same access check as the
 * lecture's video. The rows go with their lecture (cascade); the service removes the files.
 */
export const lectureResources = pgTable(
  'lecture_resources',
  {
    id: id(),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The uploaded file's name, sanitised: what the download is saved as. */
    fileName: text('file_name').notNull(),
    /** The type its content was recognised as (never the one the browser claimed). */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Private storage key. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lecture_resources_lecture_idx').on(t.lectureId, t.createdAt)],
);
