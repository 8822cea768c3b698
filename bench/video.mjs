#!/usr/bin/env node
// `npm run bench:video`: issue 18's video figures on the production build. Makes a lecture-like
// 720p clip with ffmpeg (default 5 minutes, H.264 at 2.5 Mb/s + AAC, what a screen recording or
// phone upload weighs), starts the built server (PGlite in a temporary DATA_DIR, video processing
// on), signs up an educator, uploads the clip to a new lecture and measures:
//   - time from the upload's answer to `processing: 'ready'` (HLS renditions + poster + probe);
//   - bytes a learner downloads for the first minute of each rendition (segments covering 60 s,
//     fetched with the creator's cookie) against the original file's first minute (its bytes ×
//     60 / duration: the upload is constant-bitrate).
// Bounded: processing must finish within --timeout seconds (default 1800); everything is removed.
//   --minutes N   clip length (default 5)   --json FILE   write the figures
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, buildStatus, startServer } from '../scripts/serve.mjs';

const { values: opt } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    timeout: { type: 'string', default: '1800' },
    json: { type: 'string' },
  },
});
const seconds = Math.round(Number(opt.minutes) * 60);
const work = await mkdtemp(path.join(tmpdir(), 'kaksha-video-bench-'));
let server;
try {
  const { built, stale } = buildStatus();
  if (!built || stale) build();

  const clip = path.join(work, 'lecture.mp4');
  const t0 = performance.now();
  const encode = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', clip],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (encode.status !== 0) throw new Error('ffmpeg could not make the clip (is ffmpeg installed?)');
  const original = readFileSync(clip);
  console.log(`clip: ${seconds} s 720p, ${mb(original.length)} (made in ${s(performance.now() - t0)})`);

  server = await startServer({ quiet: true, env: { SEED_DEMO: 'false', LOG_LEVEL: 'warn' } });
  const base = server.baseUrl;
  let cookie = '';
  const call = async (method, url, body) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        origin: base,
        cookie,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
    return res;
  };
  const ok = async (res) => {
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await ok(
    await call('POST', '/api/auth/signup', {
      name: 'Bench Educator',
      email: `video-bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Video-bench-2026!',
      role: 'educator',
    }),
  );
  const course = await ok(await call('POST', '/api/course/create', { title: 'Video bench', category: 'Others' }));
  const { lecture } = await ok(
    await call('POST', `/api/course/createlecture/${course._id}`, { lectureTitle: 'Long lecture' }),
  );
  const form = new FormData();
  form.append('videoUrl', new Blob([original], { type: 'video/mp4' }), 'lecture.mp4');
  const uploaded = (await ok(await call('POST', `/api/course/editlecture/${lecture._id}`, form))).lecture;
  if (uploaded.processing !== 'queued')
    throw new Error(`processing is ${uploaded.processing}: is ffmpeg on the server's PATH?`);

  const queuedAt = performance.now();
  let ready;
  while (!ready) {
    if (performance.now() - queuedAt > Number(opt.timeout) * 1000) throw new Error('processing did not finish in time');
    await new Promise((r) => setTimeout(r, 2000));
    const own = await ok(await call('GET', `/api/course/getcourselecture/${course._id}`));
    const l = own.lectures.find((x) => x._id === lecture._id);
    if (l.processing === 'failed') throw new Error(`processing failed: ${l.processingError}`);
    if (l.processing === 'ready') ready = l;
  }
  const readyMs = performance.now() - queuedAt;
  console.log(`ready ${s(readyMs)} after the upload (${(readyMs / 1000 / seconds).toFixed(2)} × the clip's length)`);

  // The first minute of each rendition, as a player fetches it.
  const master = await (await call('GET', ready.hlsUrl)).text();
  const variants = [...master.matchAll(/RESOLUTION=\d+x(\d+)[^\n]*\n([^\n]+)/g)].map((m) => ({
    height: Number(m[1]),
    uri: m[2],
  }));
  const masterDir = ready.hlsUrl.slice(0, ready.hlsUrl.lastIndexOf('/') + 1);
  const rows = [];
  const originalMinute = Math.round((original.length * 60) / seconds);
  for (const v of variants.sort((a, b) => a.height - b.height)) {
    const playlistUrl = masterDir + v.uri;
    const playlist = await (await call('GET', playlistUrl)).text();
    const dir = playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1);
    let covered = 0;
    let bytes = 0;
    for (const m of playlist.matchAll(/#EXTINF:([\d.]+),?\n([^\n]+)/g)) {
      if (covered >= 60) break;
      covered += Number(m[1]);
      bytes += (await (await call('GET', dir + m[2])).arrayBuffer()).byteLength;
    }
    rows.push({
      rendition: `${v.height}p`,
      'first minute': mb(bytes),
      '÷ original': Number((bytes / originalMinute).toFixed(3)),
      'Mb/s': Number(((bytes * 8) / covered / 1e6).toFixed(2)),
    });
  }
  rows.push({
    rendition: 'original (720p upload)',
    'first minute': mb(originalMinute),
    '÷ original': 1,
    'Mb/s': Number(((originalMinute * 8) / 60 / 1e6).toFixed(2)),
  });
  console.table(rows);
  if (opt.json) {
    writeFileSync(
      opt.json,
      `${JSON.stringify({ when: new Date().toISOString(), seconds, readyMs: Math.round(readyMs), renditions: rows }, null, 2)}\n`,
    );
  }
} finally {
  await server?.stop().catch(() => {});
  await rm(work, { recursive: true, force: true });
}

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
function s(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
