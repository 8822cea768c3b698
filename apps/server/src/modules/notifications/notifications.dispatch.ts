import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind, type NotificationMode } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { Jobs } from '../../core/jobs.ts';

/*
 * Dispatching recorded events (an outbox): every instance looks for events no one has dispatched
 * yet — every second, and at once after a request of its own recorded one — and claims a batch
 * with `for update skip locked`, so each event is dispatched by exactly one instance. In the
 * claiming transaction it decides each notification's e-mail by the recipient's preference of
 * that moment and queues the instant ones on the job queue; after the commit the recipients'
 * bells ring. An instance that dies mid-batch rolls back: another claims the events again.
 */

/** The job queue of instant notification e-mails ({eventId, userId}). */
export const NOTIFICATION_MAIL_QUEUE = 'notification-mail';
/** Events one transaction dispatches. */
const BATCH = 100;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Dispatches one batch of waiting events; answers how many and whose bells to ring. */
export async function dispatchBatch(db: Db, jobs: Jobs): Promise<{ events: number; users: string[] }> {
  return db.transaction(async (tx) => {
    const events = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from notification_events where dispatched_at is null
        order by created_at limit ${BATCH} for update skip locked`),
    ).map((r) => r.id);
    if (events.length === 0) return { events: 0, users: [] };
    const rows = rowsOf<{
      id: string;
      event_id: string;
      user_id: string;
      kind: NotificationKind;
      mode: NotificationMode | null;
    }>(
      await tx.execute(sql`
        select n.id, n.event_id, n.user_id, n.kind, p.mode
        from notifications n
        left join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
        where n.event_id = any(${uuids(events)}) and n.mail = 'pending'`),
    );
    const byMode: Record<'instant' | 'daily' | 'none', string[]> = { instant: [], daily: [], none: [] };
    for (const r of rows) {
      const mode = r.mode ?? DEFAULT_NOTIFICATION_PREFERENCES[r.kind];
      byMode[mode === 'off' ? 'none' : mode].push(r.id);
      if (mode === 'instant') {
        await jobs.send(
          NOTIFICATION_MAIL_QUEUE,
          { eventId: r.event_id, userId: r.user_id },
          { tx, retryLimit: 8, retryDelaySeconds: 5 },
        );
      }
    }
    for (const [mail, ids] of Object.entries(byMode)) {
      if (ids.length > 0) await tx.execute(sql`update notifications set mail = ${mail} where id = any(${uuids(ids)})`);
    }
    await tx.execute(sql`update notification_events set dispatched_at = now() where id = any(${uuids(events)})`);
    return { events: events.length, users: [...new Set(rows.map((r) => r.user_id))] };
  });
}
