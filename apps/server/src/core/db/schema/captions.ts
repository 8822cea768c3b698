import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { lectures } from './lectures.ts';

/** WebVTT captions of a lecture, one per language. */
export const lectureCaptions = pgTable(
  'lecture_captions',
  {
    id: id(),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    /** BCP-47 language tag, e.g. `hi-IN`. */
    lang: text('lang').notNull(),
    label: text('label').notNull(),
    /** Private storage key of the .vtt file. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lecture_captions_lecture_lang_key').on(t.lectureId, t.lang)],
);
