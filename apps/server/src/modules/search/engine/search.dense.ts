import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client.ts';

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
  /** Σ|v_d| of each row: bounds the error of the kernel's rounded query (see `nearest`). */
  l1: Float32Array;
  /** Latest `updated_at` loaded (ms), for incremental refreshes. */
  loadedUpTo: number;
  /** The vectors laid out for the SIMD kernel (built on first use; null where it cannot run). */
  kernel?: Kernel | null;
}

/**
 * WebAssembly SIMD kernel: dot(v, q, rows, stride, out) writes out[r] = Σ_d v[r·stride+d]·q[d]
 * for int8 rows and an int16 query, eight lanes at a time, as exact int32 sums. Assembled and
 * checked by apps/server/scripts/build-dense-kernel.mjs, which has its text form.
 */
const KERNEL =
  'AGFzbQEAAAABCQFgBX9/f39/AAIKAQNlbnYBbQIAAQMCAQAHBwEDZG90AAAKjwEBjAECAn8BewJAIAJFDQADQP0MAAAAAAAAAAAAAAAAAAAAACEHQQAhBgNAIAcgACAGav0BAAAgASAGQQF0av0AAAD9ugH9rgEhByAGQQhqIgYgA0kNAAsgBCAFQQJ0aiAH/RsAIAf9GwFqIAf9GwIgB/0bA2pqNgIAIAAgA2ohACAFQQFqIgUgAkkNAAsLCw==';

interface Kernel {
  dot: (v: number, q: number, rows: number, stride: number, out: number) => void;
  /** Row length in the kernel's memory: dims rounded up to a multiple of 8, zero-padded. */
  stride: number;
  /** Rows the memory holds; a cache that outgrows it builds a new kernel. */
  capacity: number;
  vectors: Int8Array;
  query: Int16Array;
  out: Int32Array;
}

/** The part of the WebAssembly API used here (the server's TypeScript libraries do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
};

let kernelModule: object | null | undefined;

/** A kernel holding a copy of the cache's vectors, or null where WebAssembly SIMD is unavailable. */
function buildKernel(cache: DenseCache): Kernel | null {
  if (kernelModule === undefined) {
    try {
      kernelModule = new WebAssembly.Module(Buffer.from(KERNEL, 'base64'));
    } catch {
      kernelModule = null;
    }
  }
  if (!kernelModule) return null;
  const stride = Math.ceil(cache.dims / 8) * 8;
  const rows = cache.ids.length;
  const capacity = Math.max(1024, rows * 2);
  const bytes = capacity * stride + stride * 2 + capacity * 4;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65_536) });
  const exports = new WebAssembly.Instance(kernelModule, { env: { m: memory } }).exports as { dot: Kernel['dot'] };
  const kernel: Kernel = {
    dot: exports.dot,
    stride,
    capacity,
    vectors: new Int8Array(memory.buffer, 0, capacity * stride),
    query: new Int16Array(memory.buffer, capacity * stride, stride),
    out: new Int32Array(memory.buffer, capacity * stride + stride * 2, capacity),
  };
  for (let r = 0; r < rows; r++) {
    kernel.vectors.set(cache.vectors.subarray(r * cache.dims, (r + 1) * cache.dims), r * stride);
  }
  return kernel;
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
        const l1 = new Float32Array(bigger.length / cache.dims);
        l1.set(cache.l1);
        cache.l1 = l1;
      }
    }
    cache.vectors.set(vec, r * cache.dims);
    let n = 0;
    let a = 0;
    for (let d = 0; d < cache.dims; d++) {
      n += vec[d] * vec[d];
      a += Math.abs(vec[d]);
    }
    cache.norms[r] = Math.sqrt(n);
    cache.l1[r] = a;
    if (cache.kernel) {
      if (r < cache.kernel.capacity) cache.kernel.vectors.set(vec, r * cache.kernel.stride);
      else cache.kernel = undefined;
    }
  }
}

/** The unit vector of a course in the cache, or null when the cache does not have it. */
export function courseVector(cache: DenseCache, id: string): Float32Array | null {
  const r = cache.row.get(id);
  if (r === undefined || !cache.norms[r]) return null;
  const out = new Float32Array(cache.dims);
  for (let d = 0; d < cache.dims; d++) out[d] = cache.vectors[r * cache.dims + d] / cache.norms[r];
  return out;
}

export function emptyCache(dims: number, version = -1): DenseCache {
  return {
    version,
    dims,
    row: new Map(),
    ids: [],
    vectors: new Int8Array(0),
    norms: new Float32Array(0),
    l1: new Float32Array(0),
    loadedUpTo: 0,
  };
}

/** Exact cosine of row r with the unit query (the stored norm; dimensions summed in order). */
function exactSimilarity(cache: DenseCache, r: number, q: Float32Array): number {
  const { dims, vectors } = cache;
  let dot = 0;
  const base = r * dims;
  for (let d = 0; d < dims; d++) dot += vectors[base + d] * q[d];
  return dot / cache.norms[r];
}

/** Adds (sim, row) to a top list sorted best first (ties: earlier row first); keeps at most k. */
function pushTop(sims: Float64Array, at: Int32Array, size: number, k: number, sim: number, r: number): number {
  if (size === k && !(sim > sims[k - 1])) return size;
  let i = size < k ? size++ : k - 1;
  while (i > 0 && sims[i - 1] < sim) {
    sims[i] = sims[i - 1];
    at[i] = at[i - 1];
    i--;
  }
  sims[i] = sim;
  at[i] = r;
  return size;
}

/**
 * The k courses whose vectors are closest to the unit query vector, best first (equal
 * similarities in row order). The scan over every course (the engine's largest fixed cost in a
 * big catalogue) runs in the SIMD kernel with the query rounded to int16; the rounding moves a
 * row's dot product by at most Σ|v_d| · ½ step, so every row whose upper bound reaches the k-th
 * best lower bound is re-scored exactly here. The answer is that of the exact scan, similarities
 * included; without WebAssembly SIMD the exact scan runs over every row.
 */
export function nearest(cache: DenseCache, q: Float32Array, k: number): { id: string; similarity: number }[] {
  const rows = cache.ids.length;
  if (k <= 0 || rows === 0) return [];
  let maxAbs = 0;
  for (let d = 0; d < cache.dims; d++) maxAbs = Math.max(maxAbs, Math.abs(q[d]));
  if (cache.kernel === undefined) cache.kernel = buildKernel(cache);
  const kernel = cache.kernel;
  let candidates: Iterable<number>;
  if (kernel && maxAbs > 0 && maxAbs < Number.POSITIVE_INFINITY) {
    // int16, and small enough that no int32 sum can overflow (|v| ≤ 128).
    const scale = Math.min(32_767, Math.floor(2 ** 31 / (128 * kernel.stride)) - 1) / maxAbs;
    kernel.query.fill(0);
    for (let d = 0; d < cache.dims; d++) kernel.query[d] = Math.round(q[d] * scale);
    kernel.dot(kernel.vectors.byteOffset, kernel.query.byteOffset, rows, kernel.stride, kernel.out.byteOffset);
    const { out } = kernel;
    const { norms, l1 } = cache;
    // Bounds of each row's exact cosine; the margin covers the bounds' own floating-point error.
    const step = 0.5 / scale;
    const margin = 1e-9;
    const lower = new Float64Array(k);
    const none = new Int32Array(k);
    let size = 0;
    for (let r = 0; r < rows; r++) {
      const n = norms[r];
      if (n === 0) continue;
      size = pushTop(lower, none, size, k, (out[r] / scale - l1[r] * step) / n - margin, r);
    }
    const floor = size === k ? lower[k - 1] : Number.NEGATIVE_INFINITY;
    const list: number[] = [];
    for (let r = 0; r < rows; r++) {
      const n = norms[r];
      if (n !== 0 && (out[r] / scale + l1[r] * step) / n + margin >= floor) list.push(r);
    }
    candidates = list;
  } else {
    candidates = {
      [Symbol.iterator]: function* () {
        for (let r = 0; r < rows; r++) if (cache.norms[r] !== 0) yield r;
      },
    };
  }
  const sims = new Float64Array(k);
  const at = new Int32Array(k);
  let size = 0;
  for (const r of candidates) size = pushTop(sims, at, size, k, exactSimilarity(cache, r, q), r);
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
