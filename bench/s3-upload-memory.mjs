#!/usr/bin/env node
// Peak memory of the S3 storage driver while it streams a large video into a bucket.
//
//   node --import tsx bench/s3-upload-memory.mjs              # 500 MB
//   UPLOAD_MB=2000 node --import tsx bench/s3-upload-memory.mjs
//
// Starts s3rver on loopback in a child process (so its own memory is not counted), then streams
// UPLOAD_MB of bytes (a real small MP4 followed by random-ish padding, produced on the fly in
// 64 KiB chunks as a network upload would arrive) through `s3Storage().put()` — lib-storage's
// multipart Upload — sampling this process's RSS every 50 ms; then checks size and a range.
// The whole-route number (multipart parsing included) is `npm run bench:upload` with STORAGE=s3.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { s3Storage } from '../apps/server/src/core/storage/s3.ts';
import { freePort, root } from '../scripts/serve.mjs';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.UPLOAD_MB ?? 500);
const fmt = (b) => `${(b / MB).toFixed(1)} MB`;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-bench-s3mem-'));
  const port = await freePort();
  const s3 = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import S3rver from 's3rver';
       await new S3rver({ address: '127.0.0.1', port: ${port}, silent: true, directory: ${JSON.stringify(dir)},
         configureBuckets: [{ name: 'bench', configs: [] }] }).run();
       console.log('ready');`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(s3.stdout, 'data');
  const storage = s3Storage({
    bucket: 'bench',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  try {
    const head = readFileSync(path.join(root, 'apps/server/src/test/fixtures/tiny.mp4'));
    const chunk = Buffer.alloc(64 * 1024, 7);
    const total = sizeMb * MB;
    const body = Readable.from(
      (async function* () {
        yield head;
        for (let sent = head.length; sent < total; sent += chunk.length) {
          yield sent + chunk.length <= total ? chunk : chunk.subarray(0, total - sent);
        }
      })(),
    );
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = Date.now();
    const { size } = await storage.put('private/bench/big.mp4', body);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const stat = await storage.stat('private/bench/big.mp4');
    const tail = await buffer(storage.read('private/bench/big.mp4', { start: total - 10, end: total - 1 }));
    if (size !== total || stat?.size !== total || !tail.equals(Buffer.alloc(10, 7))) throw new Error('bytes differ');
    console.log(
      `S3 driver upload of ${sizeMb} MB: ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s); ` +
        `RSS before ${fmt(before)}, peak ${fmt(peak)} (+${fmt(peak - before)})`,
    );
  } finally {
    await storage.close();
    s3.kill();
    await once(s3, 'exit');
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
