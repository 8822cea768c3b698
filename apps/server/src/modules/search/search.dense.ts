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

/** The k courses whose vectors are closest to the unit query vector, best first. */
export function nearest(cache: DenseCache, q: Float32Array, k: number): { id: string; similarity: number }[] {
  const top: { id: string; similarity: number }[] = [];
  const { dims, vectors, norms } = cache;
  for (let r = 0; r < cache.ids.length; r++) {
    const n = norms[r];
    if (n === 0) continue;
    let dot = 0;
    const base = r * dims;
    for (let d = 0; d < dims; d++) dot += vectors[base + d] * q[d];
    const sim = dot / n;
    if (top.length < k) {
      top.push({ id: cache.ids[r], similarity: sim });
      if (top.length === k) top.sort((a, b) => b.similarity - a.similarity);
    } else if (sim > top[k - 1].similarity) {
      // Insertion into the sorted top-k (k is small).
      let i = k - 1;
      while (i > 0 && top[i - 1].similarity < sim) {
        top[i] = top[i - 1];
        i--;
      }
      top[i] = { id: cache.ids[r], similarity: sim };
    }
  }
  return top.sort((a, b) => b.similarity - a.similarity);
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
