#!/usr/bin/env node
// Peak server memory while an educator uploads a large lecture video.
//
//   npm run bench:upload                 # 500 MB
//   UPLOAD_MB=2000 npm run bench:upload  # any size up to MAX_VIDEO_BYTES
//
// Starts the real server (`node --import tsx apps/server/src/bootstrap/server.ts`) on a free port with a temporary
// DATA_DIR and no demo content, signs up an educator, creates a course and a lecture, writes
// a file made of a real small MP4 followed by padding, streams it as multipart/form-data
// from this (separate) process, and samples the server's /proc/<pid>/status (VmRSS, VmHWM)
// every 50 ms. Linux only (reads /proc).
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { largestProcess, root, startServer } from '../scripts/serve.mjs';

const sizeMb = Number(process.env.UPLOAD_MB ?? 500);
const MB = 1024 * 1024;

const fmt = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  const server = await startServer({
    source: true,
    env: { SEED_DEMO: 'false' },
    readySeconds: Number(process.env.BENCH_READY_SECONDS ?? 90),
  });
  const { baseUrl: base, dataDir } = server;

  try {
    // An educator, a course and a lecture.
    const json = async (method, url, body, cookie) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return { data: await res.json(), cookie: res.headers.get('set-cookie')?.split(';')[0] };
    };
    const signup = await json('POST', '/api/auth/signup', {
      name: 'Bench Educator',
      email: `bench-${Date.now()}@example.com`,
      password: 'Bench-upload-2026!',
      role: 'educator',
    });
    const cookie = signup.cookie;
    const course = (await json('POST', '/api/course/create', { title: 'Bench', category: 'Others' }, cookie)).data;
    const lecture = (await json('POST', `/api/course/createlecture/${course._id}`, { lectureTitle: 'Big' }, cookie))
      .data.lecture;

    // A valid MP4 header (a real tiny MP4) followed by padding up to the wanted size.
    const file = path.join(dataDir, 'big.mp4');
    const head = readFileSync(path.join(root, 'apps/server/src/test/fixtures/tiny.mp4'));
    const out = createWriteStream(file);
    out.write(head);
    const chunk = Buffer.alloc(MB);
    let written = head.length;
    while (written < sizeMb * MB) {
      const n = Math.min(MB, sizeMb * MB - written);
      if (!out.write(n === MB ? chunk : chunk.subarray(0, n))) await once(out, 'drain');
      written += n;
    }
    out.end();
    await once(out, 'finish');
    const fileSize = (await stat(file)).size;

    // Reset the kernel's peak-RSS counter (VmHWM) so that it covers the upload alone, not start-up.
    const target = await largestProcess(server.pid);
    const hwmReset = await writeFile(`/proc/${target.pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    const before = await largestProcess(server.pid);
    let peak = before;
    const sampler = setInterval(async () => {
      const s = await largestProcess(server.pid);
      if (s && s.rss > (peak?.rss ?? 0)) peak = s;
    }, 50);

    const boundary = `----kakshabench${Date.now()}`;
    const pre = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="lectureTitle"\r\n\r\nBig upload\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="isPreviewFree"\r\n\r\nfalse\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="big.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    const post = Buffer.from(`\r\n--${boundary}--\r\n`);
    const started = Date.now();
    const answer = await new Promise((resolve, reject) => {
      const req = request(`${base}/api/course/editlecture/${lecture._id}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: base,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(pre.length + fileSize + post.length),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.write(pre);
      const rs = createReadStream(file);
      rs.on('error', reject);
      rs.on('end', () => req.end(post));
      rs.pipe(req, { end: false });
    });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const after = await largestProcess(server.pid);
    if (answer.status !== 200) throw new Error(`upload failed: ${answer.status} ${answer.body}`);

    const result = {
      uploadBytes: fileSize,
      seconds,
      throughputMBps: Number((fileSize / MB / seconds).toFixed(1)),
      serverPid: after.pid,
      rssBeforeUpload: before.rss,
      hwmBeforeUpload: before.hwm,
      peakRssSampled: peak.rss,
      vmHwmAfterUpload: after.hwm,
      vmHwmCoversUploadOnly: hwmReset,
    };
    console.log(
      [
        `uploaded ${fmt(fileSize)} in ${seconds.toFixed(1)} s (${result.throughputMBps} MB/s)`,
        `server RSS before upload: ${fmt(before.rss)} (VmHWM ${fmt(before.hwm)})`,
        `peak server RSS during upload (sampled every 50 ms): ${fmt(peak.rss)}`,
        hwmReset
          ? `server VmHWM (kernel peak RSS, reset just before the upload): ${fmt(after.hwm)}`
          : `server VmHWM (peak RSS over its whole life, including start-up): ${fmt(after.hwm)}`,
      ].join('\n'),
    );
    console.log(JSON.stringify(result));
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
