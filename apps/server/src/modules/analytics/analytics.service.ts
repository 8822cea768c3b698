import fp from 'fastify-plugin';
import type { DbOrTx } from '../../core/db/client.ts';
import { every } from '../../core/every.ts';
import { loadAnalyticsSecret } from './analytics.privacy.ts';
import { AnalyticsRecorder, requestScope, type ServerEvent } from './analytics.recorder.ts';
import { rollup, sweep } from './analytics.rollup.ts';

/**
 * Course analytics (issue #33), the public face of the analytics module. Other modules record
 * what the server knows itself through `recordEvent`:
 *
 * ```ts
 * import { recordEvent } from '../analytics/analytics.service.ts';
 * // In the transaction that enrols (written with it, or not at all):
 * await recordEvent({ type: 'enrolment', courseId }, { tx });
 * // Outside a transaction (buffered, written within a second; never waits for the database):
 * await recordEvent({ type: 'search', payload: { query, results: hits.length } });
 * ```
 *
 * An event is recorded in the name of the request being answered (found through an
 * AsyncLocalStorage the plugin sets up): its signed-in user becomes a learner pseudonym (or name the
 * learner with `userId` when it is someone else, e.g. a webhook's buyer), its IP and user agent
 * the day's visitor hash (only when the event is about that request's own user), and a request
 * with `DNT: 1` or `Sec-GPC: 1` records nothing. Outside a request (jobs, scripts) nothing is
 * recorded unless `recorder` (`app.analytics`) is given. The events' fields: `ServerEvent`.
 */

export { reportCsv, retentionCsv } from './analytics.presenter.ts';
export { AnalyticsRecorder, type ServerEvent } from './analytics.recorder.ts';
export { analyticsReport, courseScope, lectureRetention, overviewScope, reportRange } from './analytics.reports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics event buffer of this app (modules/analytics). */
    analytics: AnalyticsRecorder;
    /** Brings the daily rollup tables up to date now (the job does it every ANALYTICS_ROLLUP_SECONDS). */
    analyticsRollup: () => Promise<void>;
  }
}

/**
 * Records one event (see above). Answers whether it was recorded: false for an opted-out request,
 * outside a request without `recorder`, or when the buffer is full (the drop is counted). With `tx`
 * the row is inserted in that transaction.
 */
export async function recordEvent(
  event: ServerEvent,
  opts: { tx?: DbOrTx; recorder?: AnalyticsRecorder } = {},
): Promise<boolean> {
  const scope = requestScope.getStore();
  const recorder = opts.recorder ?? scope?.recorder;
  if (!recorder) return false;
  return recorder.record(event, scope?.request ?? null, opts.tx);
}

/** Events waiting in memory are written at least this often. */
const FLUSH_INTERVAL_MS = 1000;
/** Rows per insert. */
const BATCH_SIZE = 500;
/** Raw events older than the retention are swept this often. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Makes the recorder (`app.analytics`) with the HMAC key, puts every request in scope for
 * `recordEvent`, and runs the background work: writing buffered events every second, the rollup
 * every ANALYTICS_ROLLUP_SECONDS and the retention sweep hourly (one instance at a time, by an
 * advisory lock); on close the buffer is written out.
 */
export const analyticsPlugin = fp(
  async (app) => {
    const config = app.config.analytics;
    const secret = await loadAnalyticsSecret(app.db, config.secret);
    const recorder = new AnalyticsRecorder(app.db, secret, {
      capacity: config.bufferEvents,
      batchSize: BATCH_SIZE,
      ownHost: new URL(app.config.publicUrl).hostname,
      log: app.log,
    });
    const drops = app.metrics.counter({
      name: 'kaksha_analytics_events_dropped_total',
      help: 'Analytics events dropped: the buffer was full, or writing them failed',
      labelNames: ['reason'] as const,
    });
    recorder.onDrop = (reason, events) => drops.inc({ reason }, events);
    app.metrics.gauge({
      name: 'kaksha_analytics_events_buffered',
      help: 'Analytics events waiting in memory for the next write',
      value: () => recorder.pending,
    });
    app.decorate('analytics', recorder);
    app.decorate('analyticsRollup', async () => {
      await recorder.flush();
      await rollup(app.db);
    });
    app.addHook('onRequest', (request, _reply, done) => {
      requestScope.run({ request, recorder }, done);
    });

    const stops = [
      every(app.log, 'analytics', 'writing events', FLUSH_INTERVAL_MS, () => recorder.flush()),
      every(app.log, 'analytics', 'rollup', config.rollupSeconds * 1000, () => app.analyticsRollup()),
      every(app.log, 'analytics', 'retention sweep', SWEEP_INTERVAL_MS, () =>
        sweep(app.db, config.retentionDays, recorder.now()),
      ),
    ];
    app.addHook('onClose', async () => {
      for (const stop of stops) await stop();
      await recorder.flush();
    });
  },
  { name: 'analytics', dependencies: ['db', 'metrics'] },
);

export { sweep as sweepAnalytics } from './analytics.rollup.ts';
