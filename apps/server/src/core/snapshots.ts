import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from './db/client.ts';
import { catalogVersion } from './db/schema/index.ts';
import { etagMatches } from './http-cache.ts';
import { type SnapshotOutcome, snapshotMetrics } from './metrics.ts';

/**
 * Read models computed once per catalogue change, not per request (issue 16, ADR 0013).
 *
 * A snapshot is the whole JSON answer of a hot public read (the catalogue, reviews, a course page)
 * for one catalogue version, kept compressed (brotli and gzip, made once, off the main thread) in a
 * per-process cache bounded by bytes. The version lives in the database and is bumped by triggers
 * in the same transaction as every visible change (ADR 0012), so reading it with each request keeps
 * every instance correct. Its ETag is the version, so a revalidation costs one indexed read.
 * An answer too large to keep (a 100,000-course catalogue) is streamed page by page instead.
 */

/** The catalogue version: one primary-key read. */
export async function readCatalogVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: catalogVersion.version })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * Shares reads among concurrent callers without ever answering one with a value read before it
 * asked: at most one read runs at a time; a caller arriving while one runs waits for the next,
 * which starts when the running one ends (all callers arriving meanwhile share it). Under load
 * this is one statement per round trip instead of one per request, and it holds a single pool
 * connection instead of one per waiting request; each caller still sees every write committed
 * before it asked, on any instance.
 */
export function coalesced<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return start();
        });
    }
    return queued;
  };
}

/**
 * Small facts derived from the catalogue at one version (e.g. whether a course is published, and
 * whose it is), kept until the version moves: every change they depend on bumps it. Bounded: when
 * full it starts again.
 */
export class VersionedMemo<T> {
  private version = -1;
  private readonly values = new Map<string, T>();

  constructor(private readonly maxEntries = 10_000) {}

  get(version: number, key: string): T | undefined {
    return version === this.version ? this.values.get(key) : undefined;
  }

  /** Keeps `value` as read at `version`; a value read at an older version than held is dropped. */
  set(version: number, key: string, value: T) {
    if (version < this.version) return;
    if (version > this.version || this.values.size >= this.maxEntries) this.values.clear();
    this.version = version;
    this.values.set(key, value);
  }
}

/**
 * Answers that take a while to count, kept per key while `version` holds (and no longer than
 * `maxAgeMs`): concurrent askers share one count, a failed count is not kept (the next asker counts
 * again). Bounded like VersionedMemo.
 */
export class AnswerMemo<T> {
  private readonly memo: VersionedMemo<{ answer: Promise<T>; at: number } | undefined>;

  constructor(
    maxEntries: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {
    this.memo = new VersionedMemo(maxEntries);
  }

  answer(version: number, key: string, count: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const known = this.memo.get(version, key);
    if (known && now - known.at < this.maxAgeMs) return known.answer;
    const entry = { answer: count(), at: now };
    this.memo.set(version, key, entry);
    entry.answer.catch(() => {
      if (this.memo.get(version, key) === entry) this.memo.set(version, key, undefined);
    });
    return entry.answer;
  }
}

/**
 * What a module keeps about one database's rows, made on first use for each database handle: a
 * process serves one database, but the tests run many in one process, and a module-level memo
 * would answer one test's database with another's rows.
 */
export function perDatabase<T>(make: () => T): (db: object) => T {
  const kept = new WeakMap<object, T>();
  return (db) => {
    let value = kept.get(db);
    if (value === undefined) {
      value = make();
      kept.set(db, value);
    }
    return value;
  };
}

/** What a snapshot is made of: the answer's JSON text in pieces, produced page by page. */
export type JsonChunks = () => AsyncIterable<string>;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
  rawBytes: number;
}

interface Entry {
  version: number;
  /** null: larger than one snapshot may be; this version is streamed. */
  ready: Promise<Compressed | null>;
  bytes: number;
}

export interface SnapshotCacheOptions {
  /** Compressed bytes all snapshots may hold together (least recently used leave first). */
  maxBytes: number;
  /** Uncompressed bytes above which an answer is streamed rather than kept. */
  maxEntryBytes: number;
  /** Told how each answer was served (core/metrics.ts counts them). */
  observe?: (outcome: SnapshotOutcome) => void;
}
export class SnapshotCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly options: SnapshotCacheOptions) {}

  /**
   * Answers `key` at `version`: 304 when the browser's copy is this version, else the kept
   * snapshot (made now if missing; concurrent requests share one build), else a live stream.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: number,
    chunks: JsonChunks,
    etagSuffix = '',
  ) {
    const etag = `W/"v${version}${etagSuffix}"`;
    // Added to what is there (CORS varies by Origin).
    const vary = reply.getHeader('vary');
    reply
      .header('etag', etag)
      .header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) {
      this.options.observe?.('not_modified');
      return reply.code(304).send();
    }
    const snapshot = await this.get(key, version, chunks);
    if (!snapshot) return reply.send(Readable.from(jsonStream(chunks)));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') {
      // Rare (curl, some outside clients): inflated on demand rather than kept a third time.
      return reply.send(await gunzip(snapshot.gzip));
    }
    return reply.header('content-encoding', encoding).send(snapshot[encoding]);
  }

  /** The compressed snapshot of `key` at `version`, or null when it is too large to keep. */
  async get(key: string, version: number, chunks: JsonChunks): Promise<Compressed | null> {
    const found = this.entries.get(key);
    if (found && found.version === version) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, found);
      const kept = await found.ready;
      this.options.observe?.(kept ? 'hit' : 'streamed');
      return kept;
    }
    if (found) this.remove(key, found);
    const entry: Entry = { version, bytes: 0, ready: compressChunks(chunks, this.options.maxEntryBytes) };
    this.entries.set(key, entry);
    try {
      const snapshot = await entry.ready;
      if (this.entries.get(key) === entry) {
        entry.bytes = snapshot ? snapshot.br.length + snapshot.gzip.length : 0;
        this.bytes += entry.bytes;
        this.evict();
      }
      this.options.observe?.(snapshot ? 'miss' : 'streamed');
      return snapshot;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Bytes held (tests, metrics). */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(key, entry);
    }
  }
}

/** The answer's text as a stream of buffers (for a live answer; compression is then the plugin's). */
async function* jsonStream(chunks: JsonChunks) {
  for await (const chunk of chunks()) yield Buffer.from(chunk);
}

/**
 * Feeds the chunks to a brotli and a gzip compressor at once (they run on libuv's thread pool,
 * so a big snapshot never blocks other requests). Null when the text passes `maxRawBytes`.
 */
async function compressChunks(chunks: JsonChunks, maxRawBytes: number): Promise<Compressed | null> {
  const br = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = zlib.createGzip({ level: 6 });
  const collected = [collect(br), collect(gzip)];
  let rawBytes = 0;
  try {
    for await (const chunk of chunks()) {
      const buffer = Buffer.from(chunk);
      rawBytes += buffer.length;
      if (rawBytes > maxRawBytes) {
        br.destroy();
        gzip.destroy();
        await Promise.allSettled(collected);
        return null;
      }
      await Promise.all([write(br, buffer), write(gzip, buffer)]);
    }
    br.end();
    gzip.end();
    const [brBytes, gzipBytes] = await Promise.all(collected);
    return { br: brBytes, gzip: gzipBytes, rawBytes };
  } catch (error) {
    br.destroy();
    gzip.destroy();
    await Promise.allSettled(collected);
    throw error;
  }
}

function collect(stream: zlib.BrotliCompress | zlib.Gzip): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => parts.push(part));
    stream.on('end', () => resolve(Buffer.concat(parts)));
    stream.on('error', reject);
    stream.on('close', () => {
      if (!stream.readableEnded) reject(new Error('compression stopped'));
    });
  });
}

function write(stream: zlib.BrotliCompress | zlib.Gzip, buffer: Buffer) {
  return new Promise<void>((resolve) => {
    if (stream.write(buffer)) resolve();
    else stream.once('drain', resolve);
  });
}

const gunzip = (buffer: Buffer) =>
  new Promise<Buffer>((resolve, reject) => zlib.gunzip(buffer, (error, out) => (error ? reject(error) : resolve(out))));

/** The best encoding the client accepts: br, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Text per yielded chunk: small strings stay in V8's young generation (a large one goes straight to the old). */
const CHUNK_CHARS = 64 * 1024;
/** The longest the event loop is held while items are presented and stringified. */
const SLICE_MS = 10;

/**
 * Joins pages of items into one JSON array, item by item, in chunks of about 64 KB. The work of a
 * page is cut into slices of at most ~10 ms with a turn of the event loop between them, so a page
 * of a large list never holds up other requests (issue 16: /api/health while a complete catalogue
 * streams).
 */
export async function* jsonArray<T>(
  pages: AsyncIterable<T[]>,
  present: (item: T) => unknown,
  opts: { chunkChars?: number; sliceMs?: number } = {},
): AsyncIterable<string> {
  const chunkChars = opts.chunkChars ?? CHUNK_CHARS;
  const sliceMs = opts.sliceMs ?? SLICE_MS;
  let parts = ['['];
  let chars = 1;
  let first = true;
  for await (const page of pages) {
    // Waiting for the page let the loop turn: a new slice starts.
    let sliceStart = performance.now();
    for (const item of page) {
      const text = JSON.stringify(present(item));
      parts.push(first ? text : `,${text}`);
      chars += text.length + 1;
      first = false;
      if (chars >= chunkChars) {
        yield parts.join('');
        parts = [];
        chars = 0;
      }
      if (performance.now() - sliceStart >= sliceMs) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  }
  parts.push(']');
  yield parts.join('');
}

/** Resolves after the event loop has handled what is waiting (I/O included). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

declare module 'fastify' {
  interface FastifyInstance {
    snapshots: SnapshotCache;
    /** The catalogue version now: kept in memory on the embedded database, else one read. */
    catalogVersion: () => Promise<number>;
  }
}

/** One snapshot cache per instance, sized by SNAPSHOT_CACHE_MB / SNAPSHOT_MAX_MB. */
export const snapshotsPlugin = fp(
  async (app) => {
    const cache = new SnapshotCache({
      ...app.config.snapshots,
      observe: snapshotMetrics(app.metrics, () => cache.size),
    });
    app.decorate('snapshots', cache);
    const watch = app.database.watchCatalogVersion;
    if (!watch) {
      // Several instances write: read it with each request (coalesced, still never older than the request).
      app.decorate(
        'catalogVersion',
        coalesced(() => readCatalogVersion(app.db)),
      );
      return;
    }
    // This process makes every write: each commit announces its version before it returns.
    let known = 0;
    await watch((version) => {
      known = Math.max(known, version);
    });
    known = Math.max(known, await readCatalogVersion(app.db));
    app.decorate('catalogVersion', async () => known);
  },
  { name: 'snapshots', dependencies: ['db', 'metrics'] },
);

/**
 * Loads a list in pages of `pageSize` (each page keyed on the last row of the one before) until
 * `limit` rows or the end: memory and statement time stay bounded whatever the list's length.
 */
export async function* keysetPages<T>(
  load: (after: T | undefined, size: number) => Promise<T[]>,
  opts: { pageSize: number; limit?: number },
): AsyncIterable<T[]> {
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  let last: T | undefined;
  while (remaining > 0) {
    const size = Math.min(opts.pageSize, remaining);
    const page = await load(last, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    remaining -= page.length;
    last = page[page.length - 1];
  }
}
