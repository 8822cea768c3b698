/**
 * What the external embedder (EMBEDDINGS_PROVIDER=openai) adds, measured against a loopback
 * stand-in of `/v1/embeddings` that answers at once with hashed bag-of-words vectors (no model:
 * this measures the engine's own costs — the request, the bigger vectors, the background writes —
 * not a model's speed or quality).
 *
 *   npx tsx apps/server/scripts/measure-embedder.ts [courses=1000] [dims=768]
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/core/config.ts';
import { openPglite } from '../src/core/db/client.ts';
import { emptyCache, nearest, upsertVectors } from '../src/modules/search/engine/search.dense.ts';
import { Embedder, reembed } from '../src/modules/search/engine/search.embedder.ts';
import { rankCourses } from '../src/modules/search/engine/search.engine.ts';
import { parseQuery } from '../src/modules/search/engine/search.query.ts';
import { seedSynthetic } from './synthetic/synthetic.ts';

const courses = Number(process.argv[2] ?? 1000);
const dims = Number(process.argv[3] ?? 768);

function vectorOf(text: string): number[] {
  const v = new Array(dims).fill(0);
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!w) continue;
    const h = createHash('md5').update(w).digest();
    for (let i = 0; i < 4; i++) v[h.readUInt16LE(i * 2) % dims] += h[8 + i] & 1 ? 1 : -1;
  }
  return v.some((x) => x !== 0) ? v : v.map((_, i) => (i === 0 ? 1 : 0));
}

let requests = 0;
const standIn = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  requests++;
  const { input } = JSON.parse(raw) as { input: string[] };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: vectorOf(t) })) }));
});
await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
const port = (standIn.address() as AddressInfo).port;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} / p95 ${pct(xs, 0.95).toFixed(1)} ms`;

// 1. The scan: 100,000 random int8 rows of 100 (local) and `dims` (external) dimensions.
for (const d of [100, dims]) {
  const cache = emptyCache(d);
  const rows = [];
  for (let i = 0; i < 100_000; i++) {
    const vec = new Int8Array(d);
    for (let j = 0; j < d; j++) vec[j] = Math.round((Math.random() * 2 - 1) * 127);
    rows.push({ id: String(i), vec });
  }
  upsertVectors(cache, rows);
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const q = new Float32Array(d).map(() => Math.random() * 2 - 1);
    const n = Math.hypot(...q);
    for (let j = 0; j < d; j++) q[j] /= n;
    const t0 = performance.now();
    nearest(cache, q, 40);
    if (i >= 10) times.push(performance.now() - t0);
  }
  console.log(`scan of 100,000 vectors × ${d} dims (int8, ${(d * 100_000) / 1e6} MB): ${fmt(times)}`);
}

// 2. A synthetic catalogue, its background re-embedding, and queries with and without the embedder.
const database = await openPglite(undefined);
const db = database.db;
await seedSynthetic(db, null, { courses, learners: Math.max(50, courses / 10) });
const cfg = loadConfig({
  NODE_ENV: 'test',
  EMBEDDINGS_PROVIDER: 'openai',
  EMBEDDINGS_BASE_URL: `http://127.0.0.1:${port}/v1`,
  EMBEDDINGS_MODEL: 'stand-in',
}).embeddings;
const embedder = new Embedder(cfg, { warn: (o, m) => console.warn(m, o) });
const t0 = performance.now();
const done = await reembed(embedder, { db }, {});
const ms = performance.now() - t0;
console.log(
  `background re-embedding: ${done} courses in ${(ms / 1000).toFixed(1)} s (${(ms / done).toFixed(2)} ms a course, ${requests} requests of ≤ ${cfg.batchSize})`,
);

const queries = [
  'python for beginners',
  'i want to make my own iphone app',
  'pentesting for beginners',
  'cheap python course under 500',
  'javscript',
  'mujhe web development seekhna hai',
  'machine learning with tensorflow',
  'how to sell handmade jewellery online',
  'excel formulas and pivot tables',
  'data analytics dashboards',
  'react hooks',
  'digital marketing seo',
  'photography basics',
  'stock market investing',
  'ui ux design in figma',
  'kubernetes deployments',
  'spoken english for interviews',
  'guitar lessons',
  'sql joins',
  'ethical hacking',
];
for (const round of ['local', 'external (each query embedded anew)', 'local', 'external (each query embedded anew)']) {
  const useExternal = round.startsWith('external');
  const times: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const text of queries) {
      embedder.clearQueryCache();
      const q = parseQuery(text);
      const t = performance.now();
      await rankCourses(db, q, useExternal ? { embedder } : {});
      times.push(performance.now() - t);
    }
  }
  console.log(`${courses} courses, ${round}: ${fmt(times)}`);
}
console.log(`queries answered with the external vectors: ${embedder.stats.external}, local: ${embedder.stats.local}`);
await database.close();
standIn.close();
