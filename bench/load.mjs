#!/usr/bin/env node
// `npm run bench:load`: HTTP load on the production build (issue 16). Starts the built server on
// a free loopback port (temporary DATA_DIR with PGlite, or --database-url), optionally seeds a
// synthetic catalogue first, then measures with autocannon:
//   (c) scale: getpublishedcoures size (raw / br) and sequential p50, allReview p50, and how long
//       /api/health waits while one big catalogue read runs; the server's peak RSS;
//   (a) each endpoint alone at 50 connections, as a ratio to the same server sending its main JS
//       bundle (static, precompressed), all in this one run;
//   (b) 200 connections mixed catalogue/course/landing/reviews for 15 s: p50/p99, timeouts, errors.
// Bounded: every phase has a fixed duration and every request a timeout; the server is stopped and
// temporary data removed at the end (a database this script created is dropped).
//   --courses N          seed N synthetic courses first (npm run db:seed-synthetic); else demo content
//   --learners M         synthetic learners (default N); enrolments 10 × N, reviews 5 × N (seeder defaults)
//   --database-url URL   PostgreSQL server: a new database kaksha_bench_<n> is created there and dropped
//                        afterwards; with --keep-db it stays, and --reuse-db NAME uses one already seeded
//   --duration S         seconds per endpoint in (a) (default 10); --mixed-duration S (default 15)
//   --connections N      (a) connections (default 50); --mixed-connections N (default 200)
//   --samples N          sequential samples in (c) (default 5)
//   --skip a,b,c         phases to skip (`sizes`: in (c) only /api/health during the first big read);
//                        --no-build never builds; --json FILE writes the figures
//   --build-dir DIR      measure another checkout's build (e.g. `git archive HEAD` built in /tmp), as is
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createDatabase, databaseUrl as dbUrlOf } from '../scripts/databases.mjs';
import { build, buildStatus, processMemory, root, startServer } from '../scripts/serve.mjs';
import { seedSynthetic } from './lib/synthetic.mjs';

const { values: opt } = parseArgs({
  options: {
    courses: { type: 'string' },
    learners: { type: 'string' },
    'database-url': { type: 'string' },
    'keep-db': { type: 'boolean' },
    'reuse-db': { type: 'string' },
    duration: { type: 'string', default: '10' },
    'mixed-duration': { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'mixed-connections': { type: 'string', default: '200' },
    samples: { type: 'string', default: '5' },
    skip: { type: 'string', default: '' },
    'no-build': { type: 'boolean' },
    json: { type: 'string' },
    'build-dir': { type: 'string' },
  },
});
const skip = new Set(opt.skip.split(',').filter(Boolean));
const courses = opt.courses ? Number(opt.courses) : 0;
const duration = Number(opt.duration);
const mixedDuration = Number(opt['mixed-duration']);
const samples = Math.max(1, Number(opt.samples));
const REQUEST_TIMEOUT_S = 10;
const BIG_READ_TIMEOUT_MS = 120_000;
const figures = {
  when: new Date().toISOString(),
  courses: opt['reuse-db'] ? `database ${opt['reuse-db']}` : courses || 'demo',
  database: opt['database-url'] ? 'postgres' : 'pglite',
};

// ---- build -------------------------------------------------------------------------------

const { built, stale } = buildStatus();
const buildDir = path.resolve(opt['build-dir'] ?? root);
if (opt['build-dir']) {
  if (!existsSync(path.join(buildDir, 'apps/server/dist/server.js'))) throw new Error(`no build in ${buildDir}`);
} else if (!built || (stale && !opt['no-build'])) {
  console.log(built ? 'the build is older than the sources: npm run build' : 'no build yet: npm run build');
  build();
} else if (stale) console.log('note: the build is older than the sources (--no-build)');

// ---- data --------------------------------------------------------------------------------

const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-load-'));
let databaseUrl;
let dropDatabase = async () => {};
if (opt['database-url']) {
  const admin = opt['database-url'];
  const name = opt['reuse-db'] ?? `kaksha_bench_${process.pid}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('--reuse-db: a database name of [a-z0-9_]');
  databaseUrl = dbUrlOf(admin, name);
  if (!opt['reuse-db']) {
    const created = await createDatabase(admin, name);
    if (!opt['keep-db']) dropDatabase = created.drop;
    else console.log(`the database ${name} is kept (--keep-db)`);
  }
}

let server;
const cleanup = async () => {
  await server?.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase().catch((e) => console.error(`could not drop the bench database: ${e.message}`));
};
process.once('SIGINT', () => cleanup().then(() => process.exit(130)));

try {
  if (courses > 0 && !opt['reuse-db']) {
    const learners = Number(opt.learners ?? courses);
    figures.seedSeconds = seedSynthetic({ courses, learners, dataDir, databaseUrl });
  }

  server = await startServer({
    dir: buildDir,
    dataDir,
    quiet: true,
    readySeconds: 180,
    env: {
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: courses > 0 || opt['reuse-db'] ? 'false' : 'true',
      // What production runs with: request logging is part of the cost (stdout is discarded).
      LOG_LEVEL: 'info',
    },
  });
  figures.readyMs = server.readyMs;
  const base = server.baseUrl;
  console.log(
    `server ready in ${(server.readyMs / 1000).toFixed(1)} s at ${base} (${figures.database}, ${figures.courses} courses)`,
  );

  // Targets: the main bundle named by the landing HTML, a popular published course.
  const html = await (await fetch(`${base}/`)).text();
  const bundle = html.match(/<script[^>]+type="module"[^>]+src="([^"]+)"/)?.[1];
  if (!bundle) throw new Error('no module script in the landing HTML');
  const firstCourseId = await pickCourseId(base);
  // The heaviest last: requests a client gave up on still run to the end on the server.
  const targets = [
    { name: 'main JS bundle (static)', path: bundle },
    { name: 'landing HTML', path: '/' },
    { name: 'getcourse/{id}', path: `/api/course/getcourse/${firstCourseId}` },
    { name: 'allReview', path: '/api/review/allReview' },
    { name: 'getpublishedcoures', path: '/api/course/getpublishedcoures' },
  ];
  // The paged catalogue (issue 16), when this build has it: what /allcourses asks for first.
  if ((await timed(`${base}/api/course/catalog`, {})).status === 200) {
    targets.splice(2, 0, { name: 'catalog (first page)', path: '/api/course/catalog' });
  }
  const byName = Object.fromEntries(targets.map((t) => [t.name, t]));
  const browserHeaders = { 'accept-encoding': 'br, gzip', accept: '*/*' };

  // (c) scale figures on an idle server.
  if (!skip.has('c')) {
    console.log('\n(c) scale: sequential reads and /api/health during a big read');
    // First, while nothing is cached: the big read is then the build of its answer.
    const health = await healthDuringBigRead(base);
    console.log(
      `getpublishedcoures while /api/health was polled: HTTP ${health.bigStatus}, ${kb(health.bigBytes)} br in ${health.bigReadMs} ms; ` +
        `health p50 ${health.p50} ms, p99 ${health.p99} ms, worst ${health.max} ms of ${health.count}`,
    );
    figures.scale = health;
  }
  if (!skip.has('c') && !skip.has('sizes')) {
    const health = figures.scale;
    const raw = await timed(`${base}/api/course/getpublishedcoures`, { 'accept-encoding': 'identity' });
    const br = await timed(`${base}/api/course/getpublishedcoures`, { 'accept-encoding': 'br' });
    const catalogue = await sequential(`${base}/api/course/getpublishedcoures`, browserHeaders);
    const reviews = await sequential(`${base}/api/review/allReview`, browserHeaders);
    const pages = await catalogPages(base, browserHeaders);
    const c = {
      'getpublishedcoures status': raw.status,
      'getpublishedcoures raw': kb(raw.bytes),
      'getpublishedcoures br': br.encoding === 'br' ? kb(br.bytes) : `${kb(br.bytes)} (not br)`,
      'getpublishedcoures p50 ms': catalogue.p50,
      'allReview size (br)': kb(reviews.bytes),
      'allReview p50 ms': reviews.p50,
      'health during big read: max ms': health.max,
      'health during big read: p99 ms': health.p99,
      'health during big read: p50 ms': health.p50,
      'health samples': health.count,
      'big read ms': health.bigReadMs,
      ...pages,
    };
    console.table(c);
    figures.scale = c;
  }

  // (a) one endpoint at a time, side by side with the static bundle.
  if (!skip.has('a')) {
    console.log(`\n(a) ${opt.connections} connections, ${duration} s each`);
    const rows = [];
    let staticRps = 0;
    for (const t of targets) {
      await settle(base);
      const r = await cannon({
        url: base + t.path,
        connections: Number(opt.connections),
        duration,
        headers: browserHeaders,
      });
      if (!staticRps) staticRps = r.requests.average;
      rows.push({
        endpoint: t.name,
        'req/s': Math.round(r.requests.average),
        '÷ static': staticRps ? Number((r.requests.average / staticRps).toFixed(3)) : null,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'KB/s': Math.round(r.throughput.average / 1024),
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
      });
    }
    console.table(rows);
    figures.isolated = rows;
  }

  // (b) mixed load: each connection cycles catalogue → course → landing → reviews.
  if (!skip.has('b')) {
    console.log(`\n(b) ${opt['mixed-connections']} connections mixed, ${mixedDuration} s`);
    await settle(base);
    const r = await cannon({
      url: base,
      connections: Number(opt['mixed-connections']),
      duration: mixedDuration,
      headers: browserHeaders,
      requests: ['getpublishedcoures', 'getcourse/{id}', 'landing HTML', 'allReview'].map((name) => ({
        method: 'GET',
        path: byName[name].path,
      })),
    });
    const row = {
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      requests: r.requests.total,
      timeouts: r.timeouts,
      errors: r.errors,
      non2xx: r.non2xx,
    };
    console.table([row]);
    figures.mixed = row;
  }

  const hwm = (await processMemory(server.pid))?.hwm;
  figures.peakRssMb = hwm ? Math.round(hwm / 1024 / 1024) : null;
  console.log(`\nserver peak RSS: ${figures.peakRssMb ?? '?'} MB`);
  if (opt.json) writeFileSync(opt.json, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nsummary ${JSON.stringify(figures)}`);
} finally {
  await cleanup();
}

// ---- helpers -----------------------------------------------------------------------------

/** The course of the newest review: a published course with reviews (the heavier kind of page). */
async function pickCourseId(base) {
  const res = await timed(`${base}/api/review/allReview?limit=1`, {}, true);
  const [review] = res.status === 200 ? JSON.parse(res.body) : [];
  if (!review) throw new Error(`no review to take a course from (allReview?limit=1 answered ${res.status})`);
  return review.course;
}

/**
 * Waits (at most 120 s) until the server has worked off what an earlier phase left behind: three
 * catalogue-free probes in a row (health and one course) answered within 250 ms.
 */
async function settle(base) {
  const until = Date.now() + 120_000;
  let calm = 0;
  while (calm < 3 && Date.now() < until) {
    const [h, c] = await Promise.all([
      timed(`${base}/api/health`, {}),
      timed(`${base}/api/review/allReview?limit=1`, {}),
    ]);
    calm = h.ms < 250 && c.ms < 250 ? calm + 1 : 0;
    await new Promise((r) => setTimeout(r, calm ? 100 : 1000));
  }
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: REQUEST_TIMEOUT_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** One request: status, encoding, bytes on the wire (not decompressed) and time to the last byte. */
function timed(url, headers, keepBody = false) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { headers, timeout: BIG_READ_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'],
          bytes,
          ms: performance.now() - t0,
          buffer: keepBody ? Buffer.concat(chunks) : undefined,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : undefined,
        }),
      );
      res.on('error', () => resolve({ status: 'error', bytes, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: error.message === 'timeout' ? 'timeout' : 'error', bytes: 0, ms: performance.now() - t0 }),
    );
  });
}

async function sequential(url, headers) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const r = await timed(url, headers);
    if (r.status !== 200) return { p50: `${r.status} after ${Math.round(r.ms)} ms`, bytes };
    times.push(r.ms);
    bytes = r.bytes;
  }
  return { p50: Math.round(percentile(times, 50)), bytes };
}

/**
 * The paged catalogue as /allcourses walks it: 20 pages deep without a filter and with two
 * categories, each page a first request (every cursor is a new answer). Time to the last byte.
 */
async function catalogPages(base, headers) {
  const times = [];
  let bytes = 0;
  for (const filter of ['', 'category=AI%2FML&category=Data+Science&']) {
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await timed(`${base}/api/course/catalog?${filter}${cursor}`, headers, true);
      if (res.status !== 200) return { 'catalog pages': `HTTP ${res.status}` };
      times.push(res.ms);
      if (!filter && i === 0) bytes = res.bytes;
      const next = JSON.parse(decoded(res)).nextCursor;
      if (!next) break;
      cursor = `cursor=${next}`;
    }
  }
  return {
    'catalog first page (br)': kb(bytes),
    'catalog pages p50 ms': Math.round(percentile(times, 50)),
    'catalog pages p95 ms': Math.round(percentile(times, 95)),
    'catalog pages': times.length,
  };
}

/** A `timed(…, true)` body, decompressed. */
function decoded(res) {
  if (res.encoding === 'br') return brotliDecompressSync(res.buffer).toString();
  if (res.encoding === 'gzip') return gunzipSync(res.buffer).toString();
  return res.body;
}

/** Polls /api/health every 25 ms while one getpublishedcoures runs. */
async function healthDuringBigRead(base) {
  const t0 = performance.now();
  let done = false;
  const big = timed(`${base}/api/course/getpublishedcoures`, { 'accept-encoding': 'br' }).finally(() => {
    done = true;
  });
  const times = [];
  await new Promise((r) => setTimeout(r, 5));
  while (!done) {
    const r = await timed(`${base}/api/health`, {});
    times.push(r.ms);
    await new Promise((res) => setTimeout(res, 25));
  }
  const answer = await big;
  return {
    bigStatus: answer.status,
    bigBytes: answer.bytes,
    max: times.length ? Math.round(Math.max(...times)) : null,
    p50: times.length ? Math.round(percentile(times, 50)) : null,
    p99: times.length ? Math.round(percentile(times, 99)) : null,
    count: times.length,
    bigReadMs: Math.round(performance.now() - t0),
  };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function kb(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}
