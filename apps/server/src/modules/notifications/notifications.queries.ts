import type { Locale, MarkReadRequest, Notification, NotificationPage } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { badRequest, PAGE_LINK_STALE } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { type StoredText, wordNotification } from './notifications.text.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The bell's number: the user's unread notifications (a partial index holds exactly those). */
export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`),
  );
  return Number(row?.n ?? 0);
}

interface Row extends StoredText {
  id: string;
  link: string;
  course_id: string | null;
  read_at: string | null;
  created_at: string;
  /** `created_at` as the database writes it (microseconds), for the cursor. */
  at: string;
}

/** `title` and `body` are worded in the reader's language (clients show them as they are). */
const presentNotification = (locale: Locale, r: Row): Notification => ({
  _id: r.id,
  kind: r.kind,
  ...wordNotification(locale, r),
  link: r.link,
  courseId: r.course_id,
  read: r.read_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Cursors: base64url of the last row's time (database text) and id. */
const cursorOf = (r: Row) => Buffer.from(`${r.at}|${r.id}`).toString('base64url');
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
function decodeCursor(cursor: string): [string, string] {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length > 0 || !DATABASE_TIMESTAMP.test(at ?? '') || !isUuid(id ?? '')) {
    throw badRequest(PAGE_LINK_STALE, { cursor: 'Invalid cursor' });
  }
  return [at, id];
}

/** The user's notifications, newest first, one page after `cursor`, with the unread count, worded in `locale`. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  locale: Locale,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<NotificationPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select id, kind, params, title, body, link, course_id, read_at, created_at, created_at::text as at
      from notifications
      where user_id = ${userId}
        ${after ? sql`and (created_at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by created_at desc, id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  return {
    notifications: page.map((r) => presentNotification(locale, r)),
    nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]) : null,
    unreadCount: await unreadCount(db, userId),
  };
}

/** Marks the user's own notifications read (others' ids, and ids that are none, change nothing). */
export async function markRead(db: DbOrTx, userId: string, request: MarkReadRequest): Promise<number> {
  if ('all' in request) {
    await db.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`);
  } else {
    const ids = request.ids.filter(isUuid);
    if (ids.length > 0) {
      await db.execute(sql`
        update notifications set read_at = now()
        where user_id = ${userId} and read_at is null and id = any(${`{${ids.join(',')}}`}::uuid[])`);
    }
  }
  return unreadCount(db, userId);
}
