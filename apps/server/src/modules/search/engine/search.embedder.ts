import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../../../core/config.ts';
import type { DbOrTx } from '../../../core/db/client.ts';
import type { JobInfo, Jobs } from '../../../core/jobs.ts';
import { emptyCache, nearest, upsertVectors } from './search.dense.ts';
import type { ParsedQuery } from './search.query.ts';
import { VERSION_TERM } from './search.types.ts';

/**
 * The pluggable embedder of dense retrieval (EMBEDDINGS_PROVIDER). `local` is the built-in one:
 * the shipped GloVe vectors, SIF-weighted (search.vectors.ts), written with the full-text row in
 * the edit's transaction (`course_search.embedding`) — nothing here runs. `openai` is any
 * OpenAI-compatible `/embeddings` endpoint. Its vectors live beside the local ones
 * (`embedding_ext`, int8 scaled to the largest component, with the embedder's id
 * `openai:<model>:<dims>` and the `updated_at` of the text they embed), written only by the
 * background job `search-reembed` (never inside an edit's transaction, never per query):
 *  - an edit's re-indexing enqueues a job for its courses in the same transaction (`queueReembed`);
 *  - every start enqueues a sweep, which embeds every row whose vector is missing, stale or of
 *    another embedder (a change of model re-embeds the catalogue), in batches of
 *    EMBEDDINGS_BATCH_SIZE texts per request.
 * A query uses the external vectors only when every indexed course has one of this embedder and
 * the query's own vector (asked for when the query starts) arrives within
 * EMBEDDINGS_QUERY_TIMEOUT_MS; otherwise — error, timeout, invalid answer, catalogue not yet
 * complete — the local vectors answer, so query and course vectors always come from one embedder.
 */

export type EmbeddingsConfig = Config['embeddings'];

export const REEMBED_QUEUE = 'search-reembed';
/** One request of the background job (a batch of course texts) may take this long. */
export const BATCH_TIMEOUT_MS = 30_000;
/** A sweep hands over to a new job after this long, so that no job outlives its expiry. */
const SWEEP_SLICE_MS = 4 * 60_000;
/** How often each instance checks for vectors no job will write (an endpoint down through all of a job's retries). */
export const REPAIR_INTERVAL_MS = 10 * 60_000;
/** Characters of a course's text sent to the endpoint (models read a few thousand tokens at most). */
const MAX_TEXT_CHARS = 4000;
/** Transactions writing the index are short; re-reading this much history covers late commits. */
const REFRESH_OVERLAP_MS = 120_000;

export class EmbeddingError extends Error {
  constructor(readonly reason: 'timeout' | 'http' | 'not-json' | 'invalid' | 'dims' | 'network') {
    super(`embedding endpoint: ${reason}`);
  }
}

const embeddingsResponse = (body: unknown, count: number, dims: number | undefined): Float32Array[] => {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== count) throw new EmbeddingError('invalid');
  const out: Float32Array[] = new Array(count);
  for (const [i, item] of data.entries()) {
    const e = (item as { embedding?: unknown })?.embedding;
    const index = (item as { index?: unknown })?.index;
    const at = typeof index === 'number' && Number.isInteger(index) ? index : i;
    if (!Array.isArray(e) || at < 0 || at >= count || out[at]) throw new EmbeddingError('invalid');
    if (!e.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new EmbeddingError('invalid');
    out[at] = Float32Array.from(e as number[]);
  }
  const length = out[0].length;
  if (length < 2 || out.some((v) => v.length !== length) || (dims !== undefined && length !== dims))
    throw new EmbeddingError('dims');
  for (const v of out) if (!unit(v)) throw new EmbeddingError('invalid');
  return out;
};

/** Normalises in place; false for a zero vector. */
function unit(v: Float32Array): boolean {
  let n = 0;
  for (const x of v) n += x * x;
  if (!(n > 0)) return false;
  n = Math.sqrt(n);
  for (let d = 0; d < v.length; d++) v[d] /= n;
  return true;
}

/**
 * One request to `${baseUrl}/embeddings`: the texts' unit vectors in order, or an EmbeddingError
 * (error status, time limit, not JSON, wrong count, non-numbers, lengths that differ or are not
 * the configured or expected `dims`). Only the texts, the model and `dimensions` are sent.
 */
export async function requestEmbeddings(
  cfg: EmbeddingsConfig,
  texts: string[],
  opts: { timeoutMs: number; signal?: AbortSignal; dims?: number; fetchImpl?: typeof fetch },
): Promise<Float32Array[]> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(`${cfg.baseUrl}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify({
        model: cfg.model,
        input: texts,
        encoding_format: 'float',
        ...(cfg.dimensions ? { dimensions: cfg.dimensions } : {}),
      }),
      signal: opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout,
    });
  } catch {
    throw new EmbeddingError(timeout.aborted ? 'timeout' : 'network');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new EmbeddingError('http');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new EmbeddingError(timeout.aborted ? 'timeout' : 'not-json');
  }
  return embeddingsResponse(body, texts.length, opts.dims ?? cfg.dimensions);
}

/** int8 encoding of a vector scaled so its largest component is ±127 (cosines do not change). */
export function quantizeScaled(v: Float32Array): Buffer {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const out = Buffer.alloc(v.length);
  const s = max > 0 ? 127 / max : 0;
  for (let d = 0; d < v.length; d++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(v[d] * s))), d);
  return out;
}

/** The text of a course that the endpoint embeds (title and subtitle first; cut at MAX_TEXT_CHARS). */
export function courseText(c: {
  title: string;
  sub_title: string;
  category: string;
  description: string;
  lectures: string | null;
}): string {
  const parts = [c.title, c.sub_title, c.category, c.lectures ?? '', c.description].map((s) => s.trim());
  return parts.filter(Boolean).join('\n').slice(0, MAX_TEXT_CHARS);
}

type Cache = ReturnType<typeof emptyCache>;
interface DbState {
  /** Per embedder id: its vectors, loaded incrementally by `ext_at`. */
  caches: Map<string, { cache: Cache; version: number; loadedUpTo: number; have: number }>;
  /** Whether the catalogue was complete for this id at the last version looked at. */
  complete?: { id: string; version: number; value: boolean };
}

export interface EmbedderLogger {
  warn: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

/** The external embedder of one app: its endpoint, what it learnt (dims), its caches and counters. */
export class Embedder {
  /** Vector length: configured, or learnt from the endpoint's first valid answer. */
  dims: number | undefined;
  /** Queries answered with the external vectors / with the local ones, and why the last one fell back. */
  readonly stats = { external: 0, local: 0, lastFallback: '' };
  private readonly states = new WeakMap<object, DbState>();
  private readonly queryVectors = new Map<string, Float32Array>();

  constructor(
    readonly cfg: EmbeddingsConfig,
    readonly log: EmbedderLogger,
    readonly fetchImpl?: typeof fetch,
  ) {
    this.dims = cfg.dimensions;
  }

  idFor(dims: number): string {
    return `openai:${this.cfg.model}:${dims}`;
  }

  /** Texts → unit vectors, `batchSize` texts per request, one request at a time. */
  async embedTexts(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.cfg.batchSize) {
      const batch = texts.slice(i, i + this.cfg.batchSize);
      const vecs = await requestEmbeddings(this.cfg, batch, {
        timeoutMs: BATCH_TIMEOUT_MS,
        signal,
        dims: this.dims,
        fetchImpl: this.fetchImpl,
      });
      this.dims ??= vecs[0].length;
      out.push(...vecs);
    }
    return out;
  }

  /** The vector length, asking the endpoint once (a one-word probe) when neither configured nor learnt. */
  async ensureDims(signal?: AbortSignal): Promise<number> {
    if (this.dims === undefined) await this.embedTexts(['course'], signal);
    return this.dims as number;
  }

  private state(db: DbOrTx): DbState {
    let s = this.states.get(db);
    if (!s) {
      s = { caches: new Map() };
      this.states.set(db, s);
    }
    return s;
  }

  /**
   * Asks for the query's vector at once (the time limit runs from here), unless the catalogue was
   * incomplete for this embedder at the index version last seen; null then. Never rejects.
   */
  startQuery(db: DbOrTx, q: ParsedQuery): Promise<Float32Array | null> | null {
    const text = q.concepts.map((c) => c.phrase).join(' ');
    if (!text) return null;
    const known = this.state(db).complete;
    if (known && !known.value) return null;
    const cached = this.queryVectors.get(text);
    if (cached) return Promise.resolve(cached);
    return requestEmbeddings(this.cfg, [text], {
      timeoutMs: this.cfg.queryTimeoutMs,
      dims: this.dims,
      fetchImpl: this.fetchImpl,
    }).then(
      ([v]) => {
        if (this.queryVectors.size >= 500) this.queryVectors.delete(this.queryVectors.keys().next().value as string);
        this.queryVectors.set(text, v);
        return v;
      },
      (err: unknown) => {
        this.stats.lastFallback = err instanceof EmbeddingError ? err.reason : 'error';
        this.log.warn(
          { reason: this.stats.lastFallback },
          'AI search: query embedding failed; using the local vectors',
        );
        return null;
      },
    );
  }

  /**
   * The k nearest courses by the external vectors, or null when the local vectors must answer:
   * no query vector in time, or the catalogue (`docs` indexed courses at `version`) not complete
   * for this embedder. Brings the embedder's in-process cache up to `version` either way (one
   * statement when the version changed), so a catalogue that became complete is used next time.
   */
  async nearest(
    db: DbOrTx,
    pending: Promise<Float32Array | null> | null,
    version: number,
    docs: number,
    k: number,
  ): Promise<{ id: string; similarity: number }[] | null> {
    const q = pending ? await pending : null;
    const dims = q?.length ?? this.dims;
    const fallback = (reason: string) => {
      this.stats.local++;
      if (reason) this.stats.lastFallback = reason;
      return null;
    };
    if (dims === undefined) return fallback(pending ? '' : 'unknown-dims');
    if (q && this.dims !== undefined && q.length !== this.dims) return fallback('dims');
    const id = this.idFor(dims);
    const entry = await this.load(db, id, dims, version);
    const complete = entry.have >= docs && docs > 0;
    this.state(db).complete = { id, version, value: complete };
    if (!complete) return fallback('incomplete');
    if (!q) return fallback('');
    this.stats.external++;
    return nearest(entry.cache, q, k);
  }

  /** The cache of `id` brought up to `version`: rows written since the last load, and the count of rows of `id`. */
  private async load(db: DbOrTx, id: string, dims: number, version: number) {
    const caches = this.state(db).caches;
    let entry = caches.get(id);
    if (entry && entry.version === version) return entry;
    if (!entry || version < entry.version) entry = { cache: emptyCache(dims), version: -1, loadedUpTo: 0, have: 0 };
    const since = entry.loadedUpTo ? new Date(entry.loadedUpTo - REFRESH_OVERLAP_MS).toISOString() : null;
    const rows = (
      (await db.execute(sql`
        select null::uuid as course_id, null::text as emb, null::float8 as at, count(*)::int as n
        from course_search where embedder = ${id}
        union all
        select course_id, encode(embedding_ext, 'hex'), (extract(epoch from ext_at) * 1000)::float8, null
        from course_search
        where embedder = ${id} and embedding_ext is not null ${since ? sql`and ext_at >= ${since}::timestamptz` : sql``}`)) as unknown as {
        rows: { course_id: string | null; emb: string | null; at: number | string | null; n: number | null }[];
      }
    ).rows;
    const vectors: { id: string; vec: Int8Array }[] = [];
    for (const r of rows) {
      if (r.course_id === null) {
        entry.have = Number(r.n ?? 0);
        continue;
      }
      const buf = Buffer.from(r.emb ?? '', 'hex');
      vectors.push({ id: r.course_id, vec: new Int8Array(buf.buffer, buf.byteOffset, buf.byteLength) });
      entry.loadedUpTo = Math.max(entry.loadedUpTo, Number(r.at));
    }
    upsertVectors(entry.cache, vectors);
    entry.version = version;
    caches.set(id, entry);
    return entry;
  }

  clearQueryCache(): void {
    this.queryVectors.clear();
  }
}

export interface ReembedJob {
  /** The courses re-indexed by an edit; absent: a sweep of the whole catalogue. */
  courseIds?: string[];
}

interface StaleRow {
  course_id: string;
  version: string;
  title: string;
  sub_title: string;
  category: string;
  description: string;
  lectures: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Indexed courses whose external vector is missing, stale or of another embedder (by id, from `after`). */
async function staleRows(db: DbOrTx, id: string, ids: string[] | undefined, after: string, limit: number) {
  return rowsOf<StaleRow>(
    await db.execute(sql`
      select s.course_id, s.updated_at::text as version, c.title, c.sub_title, c.category, c.description,
        (select string_agg(l.lecture_title, ' . ' order by l.position, l.created_at) from lectures l where l.course_id = c.id) as lectures
      from course_search s join courses c on c.id = s.course_id
      where (s.embedder is distinct from ${id} or s.ext_version is distinct from s.updated_at)
        and s.course_id > ${after}::uuid
        ${ids ? sql`and s.course_id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))` : sql``}
      order by s.course_id
      limit ${limit}`),
  );
}

/**
 * Writes a batch's vectors where the row still holds the text they embed (an edit committed
 * meanwhile queued its own job), and bumps the index's version stamp so every instance's cache
 * reloads them. Takes the re-indexing's per-course locks in the same order (no deadlock).
 */
async function writeVectors(db: DbOrTx, id: string, rows: StaleRow[], vecs: Float32Array[]) {
  const data = rows.map((r, i) => ({
    id: r.course_id,
    version: r.version,
    emb: quantizeScaled(vecs[i]).toString('hex'),
  }));
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(727301, hashtext(id)) from json_array_elements_text(${JSON.stringify(data.map((d) => d.id).sort())}::json) as t(id) order by id`,
    );
    await tx.execute(sql`
      update course_search s set embedding_ext = decode(d.emb, 'hex'), embedder = ${id},
        ext_version = d.version::timestamptz, ext_at = clock_timestamp()
      from json_to_recordset(${JSON.stringify(data)}::json) as d(id uuid, version text, emb text)
      where s.course_id = d.id and s.updated_at = d.version::timestamptz`);
    await tx.execute(sql`
      insert into search_terms (term, lexeme, df) values (${VERSION_TERM}, null, 1)
      on conflict (term) do update set df = search_terms.df + 1`);
  });
}

/** The job: embeds the stale rows among `courseIds`, or (a sweep) in the whole catalogue. */
export async function reembed(
  embedder: Embedder,
  ctx: { db: DbOrTx; jobs?: Jobs },
  data: ReembedJob,
  job?: Pick<JobInfo, 'signal'>,
): Promise<number> {
  const id = embedder.idFor(await embedder.ensureDims(job?.signal));
  const started = Date.now();
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    if (job?.signal.aborted) throw new Error('the job queue is stopping');
    const rows = await staleRows(ctx.db, id, data.courseIds, after, embedder.cfg.batchSize);
    if (rows.length === 0) return done;
    const vecs = await embedder.embedTexts(rows.map(courseText), job?.signal);
    await writeVectors(ctx.db, id, rows, vecs);
    done += rows.length;
    after = rows[rows.length - 1].course_id;
    if (!data.courseIds && ctx.jobs && Date.now() - started > SWEEP_SLICE_MS) {
      await ctx.jobs.send<ReembedJob>(REEMBED_QUEUE, {}, sendOptions(embedder.cfg));
      return done;
    }
  }
}

const sendOptions = (cfg: EmbeddingsConfig) => ({
  retryLimit: 8,
  retryDelaySeconds: cfg.retryDelaySeconds,
  expireInSeconds: Math.ceil(SWEEP_SLICE_MS / 1000) + 300,
  retentionSeconds: 7 * 24 * 3600,
});

/** Queues a sweep when no job is pending and some row's vector is missing, stale or of another embedder. */
export async function repairSweep(embedder: Embedder, ctx: { db: DbOrTx; jobs: Jobs }): Promise<boolean> {
  if ((await ctx.jobs.pending(REEMBED_QUEUE)) > 0) return false;
  if (embedder.dims !== undefined) {
    const id = embedder.idFor(embedder.dims);
    const stale = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from (select 1 from course_search
        where embedder is distinct from ${id} or ext_version is distinct from updated_at limit 1) s`),
    );
    if (!stale[0]?.n) return false;
  }
  await ctx.jobs.send<ReembedJob>(REEMBED_QUEUE, {}, sendOptions(embedder.cfg));
  return true;
}

/**
 * Where a re-indexing queues the re-embedding of its courses: the app's job queue, with the
 * external embedder's settings. Each app has its own (`app.searchReembed`), null with the local
 * embedder; whoever re-indexes passes it in.
 */
export interface ReembedQueue {
  jobs: Jobs;
  cfg: EmbeddingsConfig;
  log: EmbedderLogger;
}

/**
 * Called by `reindexCourses` in its transaction: enqueues the re-embedding of those courses in
 * that transaction (no job without the commit). A no-op without a queue (the local embedder). A
 * failure to enqueue never fails the edit (a savepoint; the next sweep repairs).
 */
export async function queueReembed(queue: ReembedQueue | null, tx: DbOrTx, courseIds: string[]): Promise<void> {
  if (!queue || courseIds.length === 0) return;
  try {
    await tx.transaction(async (sp) => {
      await queue.jobs.send<ReembedJob>(REEMBED_QUEUE, { courseIds }, { ...sendOptions(queue.cfg), tx: sp });
    });
  } catch (err) {
    queue.log.warn({ reason: (err as Error)?.message }, 'AI search: could not queue re-embedding; the next sweep will');
  }
}

/**
 * Starts the external embedder of an app (null with EMBEDDINGS_PROVIDER=local): its worker (one
 * job at a time per instance), the queue edits re-embed through, and a sweep of the catalogue.
 */
export async function startEmbedder(ctx: {
  db: DbOrTx;
  jobs: Jobs;
  config: EmbeddingsConfig;
  log: EmbedderLogger;
  fetchImpl?: typeof fetch;
}): Promise<{ embedder: Embedder; reembed: ReembedQueue; stop: () => void } | null> {
  if (ctx.config.provider !== 'openai') return null;
  const embedder = new Embedder(ctx.config, ctx.log, ctx.fetchImpl);
  await ctx.jobs.work<ReembedJob>(
    REEMBED_QUEUE,
    async (data, job) => {
      try {
        await reembed(embedder, ctx, data, job);
      } catch (err) {
        const reason = err instanceof EmbeddingError ? err.reason : (err as Error)?.message;
        ctx.log.warn({ reason, courses: data.courseIds?.length ?? 'all' }, 'AI search: re-embedding failed');
        throw err;
      }
    },
    { concurrency: 1 },
  );
  // A changed model, courses indexed while this embedder was off, a job lost: the sweep finds them.
  if ((await ctx.jobs.pending(REEMBED_QUEUE)) === 0)
    await ctx.jobs.send<ReembedJob>(REEMBED_QUEUE, {}, sendOptions(ctx.config));
  // And later: jobs that failed for good (the endpoint down through all their retries) leave stale rows.
  const repair = setInterval(() => {
    repairSweep(embedder, ctx).catch((err) =>
      ctx.log.warn({ reason: (err as Error)?.message }, 'AI search: re-embedding check failed'),
    );
  }, REPAIR_INTERVAL_MS);
  repair.unref();
  return {
    embedder,
    reembed: { jobs: ctx.jobs, cfg: ctx.config, log: ctx.log },
    stop: () => clearInterval(repair),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The external embedder of AI search (EMBEDDINGS_PROVIDER=openai), else null. */
    searchEmbedder: Embedder | null;
    /** Where this app's edits queue re-embedding (pass it to `reindexCourse`), else null: the local embedder. */
    searchReembed: ReembedQueue | null;
  }
}

/** `app.searchEmbedder`, its worker and the queue edits re-embed through (stopped before the queue and the database close). */
export const searchEmbedderPlugin = fp(
  async (app) => {
    const started = await startEmbedder({ db: app.db, jobs: app.jobs, config: app.config.embeddings, log: app.log });
    app.decorate('searchEmbedder', started?.embedder ?? null);
    app.decorate('searchReembed', started?.reembed ?? null);
    app.addHook('onClose', async () => started?.stop());
  },
  { name: 'search-embedder', dependencies: ['db', 'jobs'] },
);
