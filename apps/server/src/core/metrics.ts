/**
 * Prometheus metrics (issue #32), with prom-client: one registry per app, decorated as
 * `app.metrics`. Never prom-client's global registry: tests build many apps in one process, and two
 * apps registering the same name in one registry would throw.
 *
 * Registering a metric of your own (from a plugin, or once when your service starts):
 *
 * ```ts
 * // A counter: something that happened. Name it kaksha_<area>_<what>_total.
 * const failures = app.metrics.counter({
 *   name: 'kaksha_backup_failures_total',
 *   help: 'Scheduled backups that failed',
 * });
 * failures.inc();
 *
 * // A gauge read at scrape time: `value` is called on every scrape (it may be async; null leaves
 * // the series out). Name seconds _seconds, bytes _bytes.
 * app.metrics.gauge({
 *   name: 'kaksha_backup_age_seconds',
 *   help: 'Seconds since the last backup that succeeded',
 *   value: () => (lastSuccess ? (Date.now() - lastSuccess) / 1000 : null),
 * });
 *
 * // Labels (keep their values few and fixed: never ids, URLs or user input, each distinct
 * // value is a series kept for ever).
 * const drops = app.metrics.counter({
 *   name: 'kaksha_analytics_events_dropped_total',
 *   help: 'Analytics events dropped because the buffer was full',
 *   labelNames: ['reason'] as const,
 * });
 * drops.inc({ reason: 'buffer_full' });
 *
 * // A labelled gauge read at scrape time: `values` answers [labels, value] pairs (vanished ones go).
 * app.metrics.gauge({
 *   name: 'kaksha_backup_files', help: 'Backups kept, by kind', labelNames: ['kind'] as const,
 *   values: async () => [[{ kind: 'scheduled' }, await countBackups()]],
 * });
 *
 * // A gauge you set yourself: `const g = app.metrics.gauge({ name, help }); g.set(3); g.inc();`.
 *
 * // A histogram of durations in seconds: `startTimer()` returns a function that records the time.
 * const took = app.metrics.histogram({ name: 'kaksha_backup_duration_seconds', help: '…', buckets: [1, 10, 60, 600] });
 * const done = took.startTimer();
 * … ; done();
 * ```
 *
 * `counter`, `gauge` and `histogram` are get-or-create by name: asking twice for the same name
 * answers the same metric (asking with another kind throws), so a plugin registered in two places
 * cannot break start-up. The metrics of this file (HTTP requests) and of the core plugins (database,
 * jobs, snapshots) and modules (search, media) are listed in docs/operations.md ("Metrics").
 *
 * Scraped at `/metrics` (modules/metrics): with METRICS_TOKEN as a Bearer token, and/or on
 * METRICS_PORT bound to 127.0.0.1; with neither, `/metrics` answers 404 and requests are not timed.
 */
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { Database } from './db/client.ts';

export interface CounterOptions<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
}

export interface GaugeOptions<L extends string> extends CounterOptions<L> {
  /** Read at every scrape (a gauge without labels); null or undefined leaves the value unset. */
  value?: () => number | null | undefined | Promise<number | null | undefined>;
  /** Several labelled values read at every scrape (the gauge is reset first, so vanished ones go). */
  values?: () =>
    | Iterable<[Partial<Record<L, string>>, number]>
    | Promise<Iterable<[Partial<Record<L, string>>, number]>>;
}

export interface HistogramOptions<L extends string> extends CounterOptions<L> {
  /** Upper bounds; the default suits request latencies in seconds (5 ms … 10 s). */
  buckets?: number[];
}

/** Buckets for request and query latencies, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /** This app's registry (the `/metrics` text is `registry.metrics()`). */
  readonly registry: Registry;
  /**
   * Whether `/metrics` can be scraped (METRICS_TOKEN or METRICS_PORT set). Hot paths may skip
   * work when it is off; registering and updating metrics is always allowed.
   */
  readonly enabled: boolean;
  counter<L extends string = never>(opts: CounterOptions<L>): Counter<L>;
  gauge<L extends string = never>(opts: GaugeOptions<L>): Gauge<L>;
  histogram<L extends string = never>(opts: HistogramOptions<L>): Histogram<L>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The process's memory, CPU and start time, read at scrape and costing nothing between scrapes.
 * Not prom-client's collectDefaultMetrics: its GC observer and event-loop monitor run all the time,
 * and with them the page mix served about a third fewer requests a second (bench/load.mjs, issue #32).
 */
function processMetrics(registry: Registry) {
  new Gauge({
    name: 'kaksha_process_resident_memory_bytes',
    help: 'Resident memory of the process',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'kaksha_nodejs_heap_used_bytes',
    help: 'V8 heap in use',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Counter({
    name: 'kaksha_process_cpu_seconds_total',
    help: 'CPU time the process used (user and system)',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  new Gauge({
    name: 'kaksha_process_start_time_seconds',
    help: 'When the process started (Unix time)',
    registers: [registry],
  }).set(Math.round(Date.now() / 1000 - process.uptime()));
}

/** A registry with get-or-create metric constructors (`app.metrics`; tests and scripts may make their own). */
export function createMetrics(opts: { enabled: boolean }): Metrics {
  const registry = new Registry();
  processMetrics(registry);

  function getOrCreate<M extends Metric>(name: string, kind: new (...args: never[]) => M, create: () => M): M {
    const existing = registry.getSingleMetric(name);
    if (existing) {
      if (!(existing instanceof kind)) throw new Error(`metric ${name} is already registered as another kind`);
      return existing as M;
    }
    return create();
  }

  return {
    registry,
    enabled: opts.enabled,
    counter: <L extends string>(o: CounterOptions<L>) =>
      getOrCreate(
        o.name,
        Counter<L>,
        () => new Counter<L>({ name: o.name, help: o.help, labelNames: o.labelNames ?? [], registers: [registry] }),
      ),
    gauge: <L extends string>(o: GaugeOptions<L>) =>
      getOrCreate(o.name, Gauge<L>, () => {
        const { value, values } = o;
        return new Gauge<L>({
          name: o.name,
          help: o.help,
          labelNames: o.labelNames ?? [],
          registers: [registry],
          ...(value || values
            ? {
                async collect() {
                  if (value) {
                    const v = await value();
                    if (typeof v === 'number' && Number.isFinite(v)) (this as Gauge).set(v);
                  }
                  if (values) {
                    const read = await values();
                    this.reset();
                    for (const [labels, v] of read) this.set(labels as never, v);
                  }
                },
              }
            : {}),
        });
      }),
    histogram: <L extends string>(o: HistogramOptions<L>) =>
      getOrCreate(
        o.name,
        Histogram<L>,
        () =>
          new Histogram<L>({
            name: o.name,
            help: o.help,
            labelNames: o.labelNames ?? [],
            buckets: o.buckets ?? LATENCY_BUCKETS,
            registers: [registry],
          }),
      ),
  };
}

/**
 * Requests by route pattern (`/api/course/:id`, never the URL itself: ids would make a series each),
 * method and status, with their latency. Requests no route matched share `route="unmatched"`.
 */
export function requestMetrics(metrics: Metrics) {
  const requests = metrics.histogram({
    name: 'kaksha_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long they took to answer',
    labelNames: ['route', 'method', 'status'] as const,
  });
  return (route: string | undefined, method: string, status: number, seconds: number) =>
    requests.observe({ route: route ?? 'unmatched', method, status: String(status) }, seconds);
}

/** Statement times and connections in use, on PGlite and node-postgres alike (core/db/client.ts). */
export function databaseMetrics(metrics: Metrics, database: Database) {
  const queries = metrics.histogram({
    name: 'kaksha_db_query_duration_seconds',
    help: 'Database statements (waiting for a connection included), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  let inFlight = 0;
  metrics.gauge({
    name: 'kaksha_db_queries_in_flight',
    help: 'Statements sent and not yet answered (on PGlite, its one connection and the queue for it)',
    value: () => inFlight,
  });
  metrics.gauge({
    name: 'kaksha_db_pool_connections',
    help: 'PostgreSQL pool connections: open, idle, max, and requests waiting for one (absent on PGlite)',
    labelNames: ['state'] as const,
    values: () => {
      const pool = database.poolStats();
      if (!pool) return [];
      return [
        [{ state: 'total' }, pool.total],
        [{ state: 'idle' }, pool.idle],
        [{ state: 'in_use' }, pool.total - pool.idle],
        [{ state: 'waiting' }, pool.waiting],
        [{ state: 'max' }, pool.max],
      ];
    },
  });
  database.observeQueries({
    start: () => {
      inFlight++;
    },
    end: (seconds, failed) => {
      inFlight--;
      queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
    },
  });
}

/**
 * The job queue per queue: attempts by outcome (a failed one is retried unless it was the last:
 * `gave_up`), retries run, attempt durations, and (read at scrape) jobs waiting or running.
 */
export function jobMetrics(
  metrics: Metrics,
  depths: () => Promise<Array<{ queue: string; state: string; jobs: number }>>,
) {
  const attempts = metrics.counter({
    name: 'kaksha_jobs_total',
    help: 'Job attempts finished, by queue and outcome (completed, failed: will be retried, gave_up: failed its last attempt)',
    labelNames: ['queue', 'outcome'] as const,
  });
  const failures = metrics.counter({
    name: 'kaksha_job_failures_total',
    help: 'Job attempts that failed, by queue (retried or not)',
    labelNames: ['queue'] as const,
  });
  const retries = metrics.counter({
    name: 'kaksha_job_retries_total',
    help: 'Job attempts that were retries of a failed one, by queue',
    labelNames: ['queue'] as const,
  });
  const took = metrics.histogram({
    name: 'kaksha_job_duration_seconds',
    help: 'How long job attempts ran, by queue',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  });
  metrics.gauge({
    name: 'kaksha_job_queue_depth',
    help: 'Jobs not yet finished, by queue and state (created: waiting, retry: waiting after a failure, active: running)',
    labelNames: ['queue', 'state'] as const,
    values: async () =>
      (await depths()).map((d): [{ queue: string; state: string }, number] => [
        { queue: d.queue, state: d.state },
        d.jobs,
      ]),
  });
  return {
    finished(queue: string, o: { seconds: number; failed: boolean; final: boolean; retry: boolean }) {
      attempts.inc({ queue, outcome: !o.failed ? 'completed' : o.final ? 'gave_up' : 'failed' });
      if (o.failed) failures.inc({ queue });
      if (o.retry) retries.inc({ queue });
      took.observe({ queue }, o.seconds);
    },
  };
}

/** How a snapshot-served answer was served (core/snapshots.ts): kept, built now, too large to keep, or 304. */
export type SnapshotOutcome = 'hit' | 'miss' | 'streamed' | 'not_modified';

/** The snapshot cache of the hot public reads (core/snapshots.ts): answers by how they were served, and its size. */
export function snapshotMetrics(metrics: Metrics, size: () => { entries: number; bytes: number }) {
  const answers = metrics.counter({
    name: 'kaksha_snapshot_answers_total',
    help: 'Snapshot-served answers by outcome (hit: kept; miss: built now; streamed: too large to keep; not_modified: 304)',
    labelNames: ['outcome'] as const,
  });
  metrics.gauge({
    name: 'kaksha_snapshot_cache_bytes',
    help: 'Compressed bytes the snapshot cache holds (SNAPSHOT_CACHE_MB is its limit)',
    value: () => size().bytes,
  });
  metrics.gauge({
    name: 'kaksha_snapshot_cache_entries',
    help: 'Snapshots the cache holds',
    value: () => size().entries,
  });
  return (outcome: SnapshotOutcome) => answers.inc({ outcome });
}

/**
 * `app.metrics`, registered before every other plugin so each can add its own. Whether it is
 * enabled comes from the config (METRICS_TOKEN / METRICS_PORT); the endpoint and the request
 * timing are added by modules/metrics.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { enabled } = app.config.metrics;
    const metrics = createMetrics({ enabled });
    app.decorate('metrics', metrics);
    // Unscraped, the figures would be kept for nobody: the requests are then not timed at all.
    if (!enabled) return;
    const observe = requestMetrics(metrics);
    app.addHook('onResponse', async (request, reply) => {
      observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
