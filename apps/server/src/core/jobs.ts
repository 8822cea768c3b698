import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from './db/client.ts';

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

export interface JobsOptions {
  concurrency: number;
  /** Seconds between polls of an idle queue (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Starts pg-boss on the app's database (its own `pgboss` schema, created on first start). */
export async function startJobs(database: Database, opts: JobsOptions) {
  const boss = await startBoss(database, opts.log);
  const stopping = new AbortController();
  const ensureQueue = queueCreator(boss);

  const jobs: Jobs = {
    async send(queue, data, options = {}) {
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
    async work(queue, handler, workOptions = {}) {
      await ensureQueue(queue);
      const workers = workOptions.concurrency ?? opts.concurrency;
      const run = jobRunner(queue, handler as JobHandler, stopping.signal, opts.log);
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
    stop: (timeoutMs = 8_000) => {
      stopping.abort();
      return boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

function newBoss(database: Database, log: JobsOptions['log']) {
  const boss = new PgBoss({
    // pg-boss runs its SQL through our connection (node-postgres pool or PGlite), no pool of its own.
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schedule: false,
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
async function startBoss(database: Database, log: JobsOptions['log']) {
  let boss = newBoss(database, log);
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 10 || (code !== '23505' && code !== '42P06' && code !== '40P01')) throw error;
      log.warn({ attempt }, 'another instance is installing the job queue; retrying');
      await new Promise((r) => setTimeout(r, 250 * attempt));
      boss = newBoss(database, log);
    }
  }
}

/** Creates a queue the first time this process uses it. */
function queueCreator(boss: PgBoss) {
  const created = new Set<string>();
  return async (queue: string) => {
    if (created.has(queue)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(queue);
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
function jobRunner(queue: string, handler: JobHandler, signal: AbortSignal, log: JobsOptions['log']) {
  return async ([job]: PgBoss.JobWithMetadata<object>[]) => {
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal });
    } catch (err) {
      log.warn({ err, queue, jobId: job.id, retryCount: job.retryCount }, 'job failed; it will be retried');
      throw err;
    }
  };
}

/** The app's job queue on its database; stopped (running jobs finished) before the database closes. */
export const jobsPlugin = fp(
  async (app) => {
    const { jobs, stop } = await startJobs(app.database, {
      concurrency: app.config.jobsConcurrency,
      pollingIntervalSeconds: app.config.env === 'test' ? 0.5 : 2,
      log: app.log,
    });
    app.decorate('jobs', jobs);
    // Before anything closes (the mail transport, the database): stop fetching and let running jobs finish.
    app.addHook('preClose', async () => {
      await stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
