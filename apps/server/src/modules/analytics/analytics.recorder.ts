import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnalyticsEventType } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { analyticsEvents } from '../../core/db/schema/index.ts';
import { learnerPseudonym, optedOut, referrerHost, visitorHash } from './analytics.privacy.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;

/**
 * An event as a module hands it to analytics. Nothing in it may say who someone is: `userId` is
 * turned into a pseudonym, the request's IP and user agent into the day's visitor hash, and neither
 * is stored.
 */
export interface ServerEvent {
  type: AnalyticsEventType;
  courseId?: string | null;
  lectureId?: string | null;
  /** Seconds into a lecture (heartbeat), or a search result's rank (search_open, 1 = first). */
  position?: number | null;
  /** Seconds of playback since the previous heartbeat. */
  duration?: number | null;
  /** A referrer URL or host: only the host is kept (and none for this site itself). */
  referrer?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  /** The HLS rendition playing (heartbeat). */
  rendition?: string | null;
  /** purchase / refund: paise. */
  amount?: number | null;
  /**
   * A small JSON object of what else the type carries: quiz_attempt `{quizId, passed, scorePercent,
   * wrong: [question index, …]}`; search `{query, results, …}` (modules/search decides its fields).
   * Never a name, e-mail, id of a user or anything else that identifies someone.
   */
  payload?: Record<string, unknown> | null;
  /**
   * The learner the event is about, when not the request's signed-in user (a webhook's payment);
   * stored as their pseudonym only. Default: the request's user, if any.
   */
  userId?: string | null;
}

/** The request being answered and its app's recorder (analyticsPlugin's onRequest hook). */
export interface RequestScope {
  request: FastifyRequest;
  recorder: AnalyticsRecorder;
}

/**
 * Carries the request being answered through the async calls it makes, so a service deep in them
 * (an enrolment inside payments) records in the request's name — its visitor, its user, its
 * opt-out — without every signature on the way passing the request along. Only a context carrier:
 * each request's store names its own app's recorder.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Buffers events in memory and writes them in batches, so recording one never waits for the
 * database: `push` is synchronous and a full buffer drops the event (counted) instead of growing or
 * blocking. Decorated on the app as `app.analytics` (analyticsPlugin).
 */
export class AnalyticsRecorder {
  private buffer: EventRow[] = [];
  private flushing: Promise<void> | null = null;
  /** Events dropped because the buffer was full, and batches whose write failed (their events). */
  dropped = { bufferFull: 0, writeFailed: 0 };
  /** The clock (tests move it across days). */
  now: () => Date = () => new Date();
  /** Called with each dropped count (the metrics counter). */
  onDrop: (reason: 'buffer_full' | 'write_failed', events: number) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly opts: { capacity: number; batchSize: number; ownHost: string; log: FastifyBaseLogger },
  ) {}

  /** Events waiting for the next write. */
  get pending() {
    return this.buffer.length;
  }

  /**
   * The stored row of an event, or null when nothing may be recorded (`DNT: 1` / `Sec-GPC: 1` on
   * the request). A request's IP and user agent become the visitor hash only when the event is
   * about the request's own user (or a visitor): a webhook's enrolment is not Razorpay's visit.
   */
  row(event: ServerEvent, request: FastifyRequest | null | undefined): EventRow | null {
    if (request && optedOut(request)) return null;
    const at = this.now();
    const requestUser = request?.user?.id ?? null;
    const userId = event.userId === undefined ? requestUser : event.userId;
    const ownVisit = request && (event.userId === undefined || event.userId === requestUser);
    return {
      at,
      type: event.type,
      visitor: ownVisit ? visitorHash(this.secret, request.ip, request.headers['user-agent'] ?? '', at) : null,
      learner: userId ? learnerPseudonym(this.secret, userId) : null,
      courseId: event.courseId ?? null,
      lectureId: event.lectureId ?? null,
      position: event.position ?? null,
      duration: event.duration ?? null,
      referrerHost: referrerHost(event.referrer ?? undefined, this.opts.ownHost),
      utmSource: event.utmSource?.toLowerCase() || null,
      utmMedium: event.utmMedium?.toLowerCase() || null,
      utmCampaign: event.utmCampaign || null,
      rendition: event.rendition ?? null,
      amount: event.amount ?? null,
      payload: event.payload ?? null,
    };
  }

  /** Queues rows for the next write; answers how many were taken (the rest were dropped). */
  push(rows: EventRow[]): number {
    const room = Math.max(0, this.opts.capacity - this.buffer.length);
    const taken = rows.length <= room ? rows : rows.slice(0, room);
    if (taken.length > 0) this.buffer.push(...taken);
    const lost = rows.length - taken.length;
    if (lost > 0) {
      this.dropped.bufferFull += lost;
      this.onDrop('buffer_full', lost);
    }
    if (this.buffer.length >= this.opts.batchSize) void this.flush();
    return taken.length;
  }

  /** Writes everything buffered (one write at a time, in batches); resolves when it is written. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async writeAll() {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.opts.batchSize);
      try {
        await this.db.execute(insertBatch(batch));
      } catch (error) {
        // Analytics must not take the site down with the database: the batch is lost, and counted.
        this.dropped.writeFailed += batch.length;
        this.onDrop('write_failed', batch.length);
        this.opts.log.warn({ err: error, events: batch.length }, 'analytics: writing events failed, dropped');
      }
    }
  }

  /** Records an event in the name of `request` (if any): buffered, or in `tx` at once. */
  async record(event: ServerEvent, request: FastifyRequest | null, tx?: DbOrTx): Promise<boolean> {
    const row = this.row(event, request);
    if (!row) return false;
    if (tx) {
      await tx.insert(analyticsEvents).values(row);
      return true;
    }
    return this.push([row]) === 1;
  }
}

/**
 * One INSERT of a batch with the rows as one JSON parameter. Built by the query builder, a 500-row
 * insert is ~7,500 parameters and took ~100 ms of the server's one thread to build (measured): at
 * 2,000 events a second that was most of the cost of recording them.
 */
function insertBatch(batch: EventRow[]) {
  const rows = batch.map((r) => ({
    at: r.at,
    type: r.type,
    visitor: r.visitor,
    learner: r.learner,
    course_id: r.courseId,
    lecture_id: r.lectureId,
    position: r.position,
    duration: r.duration,
    referrer_host: r.referrerHost,
    utm_source: r.utmSource,
    utm_medium: r.utmMedium,
    utm_campaign: r.utmCampaign,
    rendition: r.rendition,
    amount: r.amount,
    payload: r.payload,
  }));
  return sql`
    insert into analytics_events (at, type, visitor, learner, course_id, lecture_id, position, duration,
      referrer_host, utm_source, utm_medium, utm_campaign, rendition, amount, payload)
    select at, type, visitor, learner, course_id, lecture_id, position, duration, referrer_host, utm_source,
      utm_medium, utm_campaign, rendition, amount, payload
    from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (at timestamptz, type text, visitor text,
      learner text, course_id uuid, lecture_id uuid, position real, duration real, referrer_host text,
      utm_source text, utm_medium text, utm_campaign text, rendition text, amount bigint, payload jsonb))
      with ordinality as x(at, type, visitor, learner, course_id, lecture_id, position, duration, referrer_host,
        utm_source, utm_medium, utm_campaign, rendition, amount, payload, n)
    -- Ids in the order sent: views of one batch, stamped in one millisecond, count in that order.
    order by n`;
}
