import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * A data export made by a job (modules/privacy, issue #32): a large account's ZIP is written to
 * private storage (`private/exports/<user>/<id>.zip`), the owner is mailed a link to
 * `GET /api/user/export/{id}`, which answers it to them only until `expires_at`; an expired one's
 * file is removed by the next export request or sweep. Goes with the user.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_status_check', sql`${t.status} in ('queued', 'ready', 'failed')`),
  ],
);
