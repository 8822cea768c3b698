import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../core/db/client.ts';
import { every } from '../../core/every.ts';
import { clickScores } from './engine/search.clicks.ts';
import { DEFAULT_TUNING, type Tuning } from './engine/search.tuning.ts';
import { rollupSearch, searchExposures, sweepSearchAnalytics } from './search.demand.ts';

/**
 * Search learns from learners (issue #33): the job that keeps the search rollup current and
 * recomputes the click signal the engine reads (`search_click_signal`, engine/search.clicks.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Writes buffered analytics events, brings the search rollup up to date and recomputes the click
     * signal now (the job does each on its own clock); tests and the browser tests call it.
     */
    searchLearn: () => Promise<void>;
  }
}

/** Rows per insert when the signal is rewritten. */
const CHUNK = 5000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Recomputes the click signal from the click evidence of the last `windowDays` days and replaces the
 * table whole in one transaction (searches read the old one or the new one, never half). Answers the
 * number of (group, course) scores written.
 */
export async function refreshClickSignal(
  db: Db,
  opts: { windowDays: number; now?: Date; tuning?: Tuning },
): Promise<number> {
  const t = opts.tuning ?? DEFAULT_TUNING;
  const since = new Date((opts.now ?? new Date()).getTime() - opts.windowDays * 86_400_000);
  const scores = clickScores(await searchExposures(db, since, t.clickDepth), t);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_click_signal`);
    for (let i = 0; i < scores.length; i += CHUNK) {
      const json = JSON.stringify(
        scores
          .slice(i, i + CHUNK)
          .map((s) => ({ key: s.key, course: s.course, score: s.score, n: s.learners, c: s.clickers })),
      );
      // Only courses that still exist (a deleted course's evidence stays until the sweep).
      await tx.execute(sql`
        insert into search_click_signal (key, course_id, score, learners, clickers)
        select x.key, x.course, x.score, x.n, x.c
        from json_to_recordset(${json}::json) as x(key text, course uuid, score real, n int, c int)
        join courses c on c.id = x.course`);
    }
  });
  return scores.length;
}

/**
 * The job, per instance: the search rollup every ANALYTICS_ROLLUP_SECONDS (one instance at a time,
 * by its advisory lock), the click signal every SEARCH_CLICKS_REFRESH_MINUTES, and the search
 * rollup's retention sweep hourly (ANALYTICS_RETENTION_DAYS). Stopped with the app.
 */
export const searchLearningPlugin = fp(
  async (app) => {
    const { rollupSeconds, retentionDays } = app.config.analytics;
    const { refreshMinutes, windowDays } = app.config.searchClicks;
    const refresh = () => refreshClickSignal(app.db, { windowDays });
    app.decorate('searchLearn', async () => {
      await app.analytics?.flush();
      await rollupSearch(app.db);
      await refresh();
    });
    const stops = [
      every(app.log, 'search learning', 'search rollup', rollupSeconds * 1000, () => rollupSearch(app.db)),
      every(app.log, 'search learning', 'click signal', refreshMinutes * 60_000, refresh),
      every(app.log, 'search learning', 'retention sweep', SWEEP_INTERVAL_MS, () =>
        sweepSearchAnalytics(app.db, retentionDays),
      ),
    ];
    app.addHook('onClose', async () => {
      for (const stop of stops) await stop();
    });
  },
  { name: 'search-learning', dependencies: ['db'] },
);
