#!/usr/bin/env node
// Lecture video delivery with STORAGE=s3: streamed through the server vs a 302 to a presigned URL.
//
//   node bench/video-delivery.mjs            # 10 s per case, 10 connections
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=20 node bench/video-delivery.mjs
//   BENCH_DATABASE_URL=postgres://…/empty_db node bench/video-delivery.mjs   # PostgreSQL instead of PGlite
//
// Starts s3rver (in process, loopback) and the real server (`node --import tsx`, embedded
// PGlite, demo content seeded into the bucket), signs in as an enrolled demo learner and runs
// autocannon against GET /media/lectures/:id with `Range: bytes=0-262143` (a 256 KiB seek
// window): once with S3_VIDEO_DELIVERY=stream, once with redirect (the 302 itself, then the
// ranged GET of the presigned URL straight from the bucket). Prints a table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import S3rver from 's3rver';
import { freePort, startServer } from '../scripts/serve.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RANGE = 'bytes=0-262143';

const run = (opts) =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ connections, duration: seconds, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });

const row = (name, r) => ({
  case: name,
  'req/s': Math.round(r.requests.average),
  'MB/s': (r.throughput.average / 1024 / 1024).toFixed(1),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

async function main() {
  const s3dir = await mkdtemp(path.join(tmpdir(), 'kaksha-bench-s3-'));
  const s3port = await freePort();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: s3port,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'bench', configs: [] }],
  });
  await s3.run();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-bench-video-'));
  const s3env = {
    STORAGE: 's3',
    S3_BUCKET: 'bench',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    AUTH_RATE_LIMIT_SCALE: '100',
    // A PostgreSQL database instead of the embedded one (starts faster on a busy machine).
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  const rows = [];
  try {
    for (const mode of ['stream', 'redirect']) {
      const server = await startServer({
        source: true,
        dataDir,
        readySeconds: 180,
        env: { ...s3env, S3_VIDEO_DELIVERY: mode },
      });
      try {
        const login = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.baseUrl },
          body: JSON.stringify({ email: 'priya@kaksha.dev', password: 'Student@123' }),
        });
        if (!login.ok) throw new Error(`login: ${login.status}`);
        const cookie = login.headers.get('set-cookie').split(';')[0];
        const me = await (await fetch(`${server.baseUrl}/api/user/currentuser`, { headers: { cookie } })).json();
        const first = me.enrolledCourses[0];
        const courseId = typeof first === 'string' ? first : first._id;
        const course = await (
          await fetch(`${server.baseUrl}/api/course/getcourse/${courseId}`, { headers: { cookie } })
        ).json();
        const videoUrl = course.lectures.find((l) => l.videoUrl).videoUrl;
        const url = `${server.baseUrl}${videoUrl}`;
        const headers = { cookie, range: RANGE };
        if (mode === 'stream') {
          rows.push(row('stream through server (206, 256 KiB)', await run({ url, headers })));
        } else {
          rows.push(row('redirect: the 302 from the server', await run({ url, headers })));
          const res = await fetch(url, { headers, redirect: 'manual' });
          const signed = res.headers.get('location');
          rows.push(
            row('redirect: presigned GET from the bucket (206)', await run({ url: signed, headers: { range: RANGE } })),
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await s3.close();
    await rm(s3dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${connections} connections, ${seconds} s per case, Range ${RANGE}`);
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
