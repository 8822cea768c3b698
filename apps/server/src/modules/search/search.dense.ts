import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';

/**
 * Dense retrieval: the courses' stored int8 embeddings (`course_search.embedding`, written in
 * the same transaction as the full-text index) held in one typed array per database and
 * scored by brute force in-process. The cache is checked against the index's version stamp
 * on every query, so an edit through any instance is seen by all: on a new version only the
 * rows changed since the last load are read (a deleted or unpublished course may linger in
 * the cache, but every candidate is re-read from the index and checked as published later).
 */

interface DenseCache {
  version: number;
  dims: number;
  /** Row of each course in `vectors`. */
  row: Map<string, number>;
  ids: string[];
  vectors: Int8Array;
  norms: Float32Array;
  /** Latest `updated_at` loaded (ms), for incremental refreshes. */
  loadedUpTo: number;
}

/** Transactions writing the index are short; re-reading this much history covers late commits. */
const REFRESH_OVERLAP_MS = 120_000;

const caches = new WeakMap<object, DenseCache>();
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function hexToInt8(hex: string): Int8Array {
  const buf = Buffer.from(hex, 'hex');
  return new Int8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Adds or replaces vectors in the cache (grows the typed arrays geometrically). */
export function upsertVectors(cache: DenseCache, rows: { id: string; vec: Int8Array }[]): void {
  for (const { id, vec } of rows) {
    if (vec.length !== cache.dims) continue;
    let r = cache.row.get(id);
    if (r === undefined) {
      r = cache.ids.length;
      cache.ids.push(id);
      cache.row.set(id, r);
      if ((r + 1) * cache.dims > cache.vectors.length) {
        const bigger = new Int8Array(Math.max(1024, cache.vectors.length * 2, (r + 1) * cache.dims));
        bigger.set(cache.vectors);
        cache.vectors = bigger;
        const norms = new Float32Array(bigger.length / cache.dims);
        norms.set(cache.norms);
        cache.norms = norms;
      }
    }
    cache.vectors.set(vec, r * cache.dims);
    let n = 0;
    for (let d = 0; d < cache.dims; d++) n += vec[d] * vec[d];
    cache.norms[r] = Math.sqrt(n);
  }
}

export function emptyCache(dims: number, version = -1): DenseCache {
  return {
    version,
    dims,
    row: new Map(),
    ids: [],
    vectors: new Int8Array(0),
    norms: new Float32Array(0),
    loadedUpTo: 0,
  };
}

/**
 * The k courses whose vectors are closest to the unit query vector, best first. One pass over
 * the typed array (100 int8 dimensions × every course, the engine's largest fixed cost in a big
 * catalogue): four running sums per row, the top k kept in typed arrays, nothing allocated per row.
 */
export function nearest(cache: DenseCache, q: Float32Array, k: number): { id: string; similarity: number }[] {
  const { dims, vectors, norms } = cache;
  const rows = cache.ids.length;
  if (k <= 0 || rows === 0) return [];
  const qd = Float64Array.from(q);
  const tail = dims - (dims % 4);
  const sims = new Float64Array(k);
  const at = new Int32Array(k);
  let size = 0;
  let floor = Number.NEGATIVE_INFINITY;
  for (let r = 0, base = 0; r < rows; r++, base += dims) {
    const n = norms[r];
    if (n === 0) continue;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let d = 0;
    for (; d < tail; d += 4) {
      const i = base + d;
      a0 += vectors[i] * qd[d];
      a1 += vectors[i + 1] * qd[d + 1];
      a2 += vectors[i + 2] * qd[d + 2];
      a3 += vectors[i + 3] * qd[d + 3];
    }
    for (; d < dims; d++) a0 += vectors[base + d] * qd[d];
    const sim = (a0 + a1 + (a2 + a3)) / n;
    if (size === k && !(sim > floor)) continue;
    // Insertion into the sorted top k (k is small); the first of equal similarities stays first.
    let i = size < k ? size++ : k - 1;
    while (i > 0 && sims[i - 1] < sim) {
      sims[i] = sims[i - 1];
      at[i] = at[i - 1];
      i--;
    }
    sims[i] = sim;
    at[i] = r;
    if (size === k) floor = sims[k - 1];
  }
  const out: { id: string; similarity: number }[] = [];
  for (let i = 0; i < size; i++) out.push({ id: cache.ids[at[i]], similarity: sims[i] });
  return out;
}

/** The cache of this database brought up to `version` (one statement when it changed, none otherwise). */
export async function denseIndex(db: DbOrTx, version: number, dims: number): Promise<DenseCache> {
  let cache = caches.get(db);
  if (cache && cache.version === version && cache.dims === dims) return cache;
  // A version that went back means another database or a rebuilt one: start afresh.
  if (!cache || cache.dims !== dims || version < cache.version) cache = emptyCache(dims);
  const since = cache.loadedUpTo ? new Date(cache.loadedUpTo - REFRESH_OVERLAP_MS).toISOString() : null;
  const rows = rowsOf<{ course_id: string; emb: string; at: number | string }>(
    await db.execute(sql`
      select course_id, encode(embedding, 'hex') as emb, (extract(epoch from updated_at) * 1000)::float8 as at
      from course_search
      where embedding is not null ${since ? sql`and updated_at >= ${since}::timestamptz` : sql``}`),
  );
  upsertVectors(
    cache,
    rows.map((r) => ({ id: r.course_id, vec: hexToInt8(r.emb) })),
  );
  for (const r of rows) cache.loadedUpTo = Math.max(cache.loadedUpTo, Number(r.at));
  cache.version = version;
  caches.set(db, cache);
  return cache;
}
