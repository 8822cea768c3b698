import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from './db/client.ts';
import { jobMetrics } from './metrics.ts';

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: DbOrTx;
  /** Retries after a failure (default 5), waiting `retryDelaySeconds` (default 5), doubling each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job running longer than this is failed and retried (default 5 minutes). */
  expireInSeconds?: number;
  /** A job still waiting (created, or retrying) this long after it was queued is dropped unworked (default 14 days). */
  retentionSeconds?: number;
  /** At most one queued job with this key (e.g. re-embedding one course). */
  singletonKey?: string;
}

export interface JobInfo {
  id: string;
  retryCount: number;
  /** Retries this job may have in all: the attempt with `retryCount === retryLimit` is its last. */
  retryLimit: number;
  /**
   * Aborted when the queue stops (the app closes): a long job should give up at once — it is
   * retried later, here or by another instance — rather than hold up the shutdown.
   */
  signal: AbortSignal;
}

export interface WorkOptions {
  /** Workers for this queue in this process (default `JOBS_CONCURRENCY`): e.g. 1 for CPU-heavy jobs. */
  concurrency?: number;
}

/**
 * A durable job queue (pg-boss, on the same PostgreSQL or embedded PGlite database as the
 * data): jobs survive restarts, are retried with back-off, and are worked by every instance.
 * Queues used today: `mail`, `video-processing`. Later: re-embedding.
 */
export interface Jobs {
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Works the queue with `JOBS_CONCURRENCY` (or `options.concurrency`) workers in this process; a thrown error retries the job. */
  work<T extends object>(
    queue: string,
    handler: (data: T, job: JobInfo) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Jobs not yet completed (created, retry or active) in a queue. */
  pending(queue: string): Promise<number>;
  /**
   * A job in `queue` at each tick of `cron` (5 fields, UTC), made once per tick whatever the number
   * of instances; replaces the queue's earlier schedule. Needs `scheduling` (JobsOptions).
   */
  schedule(queue: string, cron: string, options?: ScheduleOptions): Promise<void>;
  /** Removes the queue's schedule, if any (it is kept in the database between starts). */
  unschedule(queue: string): Promise<void>;
}

export interface ScheduleOptions {
  /** `stately`: at most one job waiting and one running, across instances (a slow job is not piled up). */
  policy?: 'standard' | 'stately';
  /** A job running longer than this is failed (default 5 minutes). */
  expireInSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** `$1 … $n` text with values as a Drizzle SQL object, so a job can join an open transaction. */
export function toSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]));
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks);
}

/** pg-boss's database adapter over a transaction (or the Drizzle handle). */
const txExecutor = (tx: DbOrTx) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const res = (await tx.execute(toSql(text, values))) as unknown as { rows: unknown[] };
    return { rows: res.rows };
  },
});

/** Told of each attempt at a job (core/metrics.ts counts them per queue). */
export interface JobObserver {
  /** A job ran for `seconds`: completed, or failed (`final`: its last attempt, it will not be retried). */
  finished(queue: string, outcome: { seconds: number; failed: boolean; final: boolean; retry: boolean }): void;
}

export interface JobsOptions {
  concurrency: number;
  observer?: JobObserver;
  /** Seconds between polls of an idle queue (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** This instance turns schedules into jobs (pg-boss's cron monitor); off, schedules are only stored. */
  scheduling?: boolean;
  /** Seconds between the cron monitor's looks at the schedules (pg-boss's default 30; 1..45). */
  scheduleCheckSeconds?: number;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Starts pg-boss on the app's database (its own `pgboss` schema, created on first start). */
export async function startJobs(database: Database, opts: JobsOptions) {
  const statements = trackStatements(database);
  const boss = await startBoss(statements.executeSql, opts);
  const stopping = new AbortController();
  const ensureQueue = queueCreator(boss);
  /** A caller of the queue after it stopped (a request still running at shutdown) is told so. */
  const open = () => {
    if (statements.closed()) throw new Error('The job queue has stopped');
  };

  const jobs: Jobs = {
    async send(queue, data, options = {}) {
      if (!options.tx) open();
      await ensureQueue(queue);
      return boss.send(queue, data, {
        retryLimit: options.retryLimit ?? 5,
        retryDelay: options.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 300,
        singletonKey: options.singletonKey,
        ...(options.retentionSeconds ? { retentionSeconds: options.retentionSeconds } : {}),
        ...(options.tx ? { db: txExecutor(options.tx) } : {}),
      } as PgBoss.SendOptions);
    },
    async schedule(queue, cron, options = {}) {
      open();
      await ensureQueue(queue, options.policy);
      // No retry: the next tick is the retry, and a failure is the job's to log.
      await boss.schedule(
        queue,
        cron,
        {},
        { tz: 'UTC', retryLimit: 0, expireInSeconds: options.expireInSeconds ?? 300 },
      );
    },
    async unschedule(queue) {
      open();
      await boss.unschedule(queue);
    },
    async work(queue, handler, workOptions = {}) {
      open();
      await ensureQueue(queue);
      const workers = workOptions.concurrency ?? opts.concurrency;
      const run = jobRunner(queue, handler as JobHandler, stopping.signal, opts.log, opts.observer);
      for (let i = 0; i < workers; i++) {
        await boss.work<object>(
          queue,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, includeMetadata: true, batchSize: 1 },
          run,
        );
      }
    },
    async pending(queue) {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [queue],
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
  return {
    jobs,
    /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then returns. */
    stop: async (timeoutMs = 8_000) => {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await statements.settled();
    },
  };
}

/**
 * pg-boss's statements, tracked: it marks a job complete or failed without waiting for that
 * statement (a promise it leaves floating), so its stop can resolve while the statement still
 * needs the database; stopping waits for these too before the database closes. A statement can
 * lead to another (a fetch in flight as the queue stopped answers a job, which is then failed so
 * it runs again): settling waits until a turn of the event loop starts none. After that the
 * database may close at any moment, so pg-boss's own loops get an answer that never comes
 * instead of a rejection nobody handles (the job stays active and runs again when it expires,
 * as any job cut off by a shutdown does); the Jobs methods refuse before they get here.
 */
function trackStatements(database: Database) {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const executeSql: Database['executeSql'] = (text, values) => {
    if (closed) return new Promise(() => {});
    const statement = database.executeSql(text, values);
    running.add(statement);
    const done = () => running.delete(statement);
    statement.then(done, done);
    return statement;
  };
  const settled = async () => {
    do {
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (running.size > 0);
    closed = true;
  };
  return { executeSql, settled, closed: () => closed };
}

function newBoss(executeSql: Database['executeSql'], opts: JobsOptions) {
  const { log } = opts;
  const boss = new PgBoss({
    // pg-boss runs its SQL through our connection (node-postgres pool or PGlite), no pool of its own.
    db: { executeSql },
    schedule: opts.scheduling ?? false,
    // A due tick becomes a job within this (pg-boss's default 5 s; the tests' polling is faster).
    cronWorkerIntervalSeconds: Math.max(1, Math.ceil(opts.pollingIntervalSeconds ?? 5)),
    cronMonitorIntervalSeconds: opts.scheduleCheckSeconds ?? 30,
    // Job payloads may carry mail (a reset code): finished jobs, completed or failed, move to
    // the archive after a minute and are deleted from it a minute later.
    archiveCompletedAfterSeconds: 60,
    archiveFailedAfterSeconds: 60,
    deleteAfterSeconds: 60,
    maintenanceIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  return boss;
}

/**
 * Instances starting together race to create the pgboss schema: the loser retries with a new
 * pg-boss (by then the winner's schema is committed and is found).
 */
async function startBoss(executeSql: Database['executeSql'], opts: JobsOptions) {
  const { log } = opts;
  let boss = newBoss(executeSql, opts);
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 10 || (code !== '23505' && code !== '42P06' && code !== '40P01')) throw error;
      log.warn({ attempt }, 'another instance is installing the job queue; retrying');
      await new Promise((r) => setTimeout(r, 250 * attempt));
      boss = newBoss(executeSql, opts);
    }
  }
}

/** Creates a queue the first time this process uses it. */
function queueCreator(boss: PgBoss) {
  const created = new Set<string>();
  return async (queue: string, policy?: ScheduleOptions['policy']) => {
    if (created.has(queue)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(queue, policy ? { name: queue, policy } : undefined);
        break;
      } catch (error) {
        // Another instance created it at the same moment, or deadlocked with us doing so
        // (instances starting together create the same queues): then try again.
        if (await boss.getQueue(queue)) break;
        if (attempt >= 5 || (error as { code?: string }).code !== '40P01') throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
    created.add(queue);
  };
}

type JobHandler = (data: object, job: JobInfo) => Promise<void>;

/** pg-boss's handler of one fetched job: runs `handler`; a failure is logged and thrown, so the job is retried. */
function jobRunner(
  queue: string,
  handler: JobHandler,
  signal: AbortSignal,
  log: JobsOptions['log'],
  observer: JobObserver | undefined,
) {
  return async ([job]: PgBoss.JobWithMetadata<object>[]) => {
    const started = performance.now();
    const finished = (failed: boolean) =>
      observer?.finished(queue, {
        seconds: (performance.now() - started) / 1000,
        failed,
        final: failed && job.retryCount >= job.retryLimit,
        retry: job.retryCount > 0,
      });
    try {
      // Fetched as the queue stopped: not run now (the database is about to close); failed, it runs again.
      if (signal.aborted) throw new Error('The job queue is stopping; the job will run again');
      await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal });
    } catch (err) {
      finished(true);
      log.warn({ err, queue, jobId: job.id, retryCount: job.retryCount }, 'job failed; it will be retried');
      throw err;
    }
    finished(false);
  };
}

/** Jobs waiting or running, per queue and state (the metrics' queue depth); every known queue, zeros included. */
export async function queueDepths(database: Database): Promise<Array<{ queue: string; state: string; jobs: number }>> {
  const { rows } = await database.executeSql(
    `select q.name as queue, s.state, count(j.id)::int as jobs
       from pgboss.queue q
       cross join (values ('created'), ('retry'), ('active')) as s(state)
       left join pgboss.job j on j.name = q.name and j.state::text = s.state
      group by q.name, s.state`,
  );
  return rows.map((r) => ({ queue: String(r.queue), state: String(r.state), jobs: Number(r.jobs) }));
}

/** The app's job queue on its database; stopped (running jobs finished) before the database closes. */
export const jobsPlugin = fp(
  async (app) => {
    const { jobs, stop } = await startJobs(app.database, {
      concurrency: app.config.jobsConcurrency,
      observer: jobMetrics(app.metrics, () => queueDepths(app.database)),
      pollingIntervalSeconds: app.config.env === 'test' ? 0.5 : 2,
      // Schedules (today only BACKUP_SCHEDULE) are turned into jobs by the instances that have one.
      scheduling: Boolean(app.config.backup.schedule),
      // The first look after start finds no schedule yet (they are set after): tests need not wait 30 s for the next.
      scheduleCheckSeconds: app.config.env === 'test' ? 1 : 30,
      log: app.log,
    });
    app.decorate('jobs', jobs);
    // Before anything closes (the mail transport, the database): stop fetching and let running jobs finish.
    app.addHook('preClose', async () => {
      await stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
