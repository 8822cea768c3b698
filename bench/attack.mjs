#!/usr/bin/env node
// `npm run bench:attack`: normal browsing (catalogue, a course, the landing page) measured with
// autocannon alone, then again beside two attacks any free account can make — image
// decompression bombs uploaded as avatars, and slow clients dribbling request bodies — and the
// catalogue's p99 latency compared. Target: during / without ≤ 2.
// Uses the existing build (`npm run build` first); starts it on a free port with a temporary
// DATA_DIR and the demo content. Options: --seconds N (each phase, default 15), --slow N
// (slow connections, default 400), --bombers N (parallel bomb uploaders, default 8).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants, crc32, createDeflate } from 'node:zlib';
import autocannon from 'autocannon';
import { startServer } from '../scripts/serve.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    slow: { type: 'string', default: '400' },
    bombers: { type: 'string', default: '8' },
    // Internal: this script run as the attacking process (so attack work never slows the measuring one).
    attacker: { type: 'string' },
  },
});
const SECONDS = Number(opts.seconds);
const SLOW = Number(opts.slow);
const BOMBERS = Number(opts.bombers);

const chunk = (type, data) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A valid 16000×16000 RGBA PNG of zeros: ~1 MB on the wire, 1 GB once decoded. */
async function bombPng(size = 16000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const parts = [];
  deflate.on('data', (d) => parts.push(d));
  const row = Buffer.alloc(1 + size * 4);
  for (let y = 0; y < size; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs the browsing mix; resolves with each page's latency figures. */
async function browse(baseUrl, courseId, seconds) {
  const run = (path, connections) =>
    autocannon({ url: `${baseUrl}${path}`, connections, duration: seconds, headers: { accept: 'application/json' } });
  const [catalogue, course, landing] = await Promise.all([
    run('/api/course/getpublishedcoures', 4),
    run(`/api/course/getcourse/${courseId}`, 2),
    run('/', 2),
  ]);
  const figures = (r) => ({
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
  });
  return { catalogue: figures(catalogue), course: figures(course), landing: figures(landing) };
}

async function signUp(baseUrl, n) {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Attacker ${n}`,
      email: `attacker${n}-${Date.now()}@example.com`,
      password: 'attack-pass-1',
      role: 'student',
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Uploads the bomb as an avatar again and again until stopped; counts the answers by status. */
function bombLoop(baseUrl, cookie, bomb, counts, stopped) {
  return (async () => {
    while (!stopped()) {
      const form = new FormData();
      form.append('photoUrl', new Blob([bomb], { type: 'image/png' }), 'bomb.png');
      try {
        const res = await fetch(`${baseUrl}/api/user/updateprofile`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        counts[res.status] = (counts[res.status] ?? 0) + 1;
        await res.arrayBuffer();
      } catch {
        counts.error = (counts.error ?? 0) + 1;
      }
    }
  })();
}

/** Holds connections open by sending bodies a byte a second; reopens each one the server cuts. */
function slowClients(port, cookie, n, counts, stopped) {
  const open = (i) => {
    if (stopped()) return;
    const socket = connect(port, '127.0.0.1');
    const multipart = i % 2 === 0;
    const head = multipart
      ? `POST /api/user/updateprofile HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        'Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 4000000\r\n\r\n--slow\r\n'
      : 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';
    const timer = setInterval(() => socket.write('a'), 1000);
    socket.on('connect', () => {
      counts.opened++;
      socket.write(head);
    });
    socket.on('data', (d) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1];
      if (status) counts[status] = (counts[status] ?? 0) + 1;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      counts.cut++;
      setTimeout(() => open(i), 100);
    });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const sockets = new Set();
  for (let i = 0; i < n; i++) open(i);
  return () => {
    for (const s of sockets) s.destroy();
  };
}

if (opts.attacker) {
  // The attacking process: bombs and slow clients until SIGTERM, then its counts as JSON.
  const { base, cookies } = JSON.parse(opts.attacker);
  const bomb = await bombPng();
  const bombs = {};
  const slow = { opened: 0, cut: 0 };
  let stop = false;
  const stopped = () => stop;
  const endSlow = slowClients(Number(new URL(base).port), cookies[BOMBERS], SLOW, slow, stopped);
  const loops = cookies.slice(0, BOMBERS).map((c) => bombLoop(base, c, bomb, bombs, stopped));
  // Measure the attack in its steady state: every slow connection open and the bombs landing.
  // (Opening them all at once costs one session lookup each on the embedded database.)
  while (slow.opened < SLOW || (BOMBERS > 0 && Object.keys(bombs).length === 0)) {
    await new Promise((r) => setTimeout(r, 100));
  }
  process.send?.('started');
  process.once('SIGTERM', async () => {
    stop = true;
    endSlow();
    await Promise.all(loops);
    process.send?.({ bombs, slow });
    process.exit(0);
  });
} else {
  await main();
}

async function main() {
  const server = await startServer({ quiet: true, env: { AUTH_RATE_LIMIT_SCALE: '100' } });
  try {
    const base = server.baseUrl;
    const courses = await (await fetch(`${base}/api/course/getpublishedcoures`)).json();
    const courseId = (courses.courses ?? courses)[0]._id;
    console.log(`server ready in ${server.readyMs} ms at ${base}`);
    const cookies = [];
    for (let i = 0; i < BOMBERS + 1; i++) cookies.push(await signUp(base, i));

    await browse(base, courseId, 3); // warm-up
    console.log(`\n== browsing alone (${SECONDS} s) ==`);
    const before = await browse(base, courseId, SECONDS);
    console.table(before);

    console.log(
      `\n== browsing beside ${BOMBERS} bomb uploaders (16000×16000 PNG) and ${SLOW} slow clients (${SECONDS} s) ==`,
    );
    const attacker = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), ...process.argv.slice(2), '--attacker', JSON.stringify({ base, cookies })],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const messages = [];
    attacker.on('message', (m) => messages.push(m));
    await new Promise((resolve, reject) => {
      attacker.once('message', resolve);
      attacker.once('exit', (code) => reject(new Error(`the attacker exited (${code})`)));
    });
    const during = await browse(base, courseId, SECONDS);
    attacker.kill('SIGTERM');
    await once(attacker, 'exit');
    console.table(during);
    const counts = messages.find((m) => typeof m === 'object');
    console.log('bomb uploads answered (status: count):', counts?.bombs);
    console.log('slow connections:', counts?.slow);

    // The machine is shared: a second quiet run after the attack shows how much the baseline drifts.
    console.log(`\n== browsing alone again (${SECONDS} s) ==`);
    const after = await browse(base, courseId, SECONDS);
    console.table(after);

    const baseline = Math.max(1, (before.catalogue.p99 + after.catalogue.p99) / 2);
    const ratio = during.catalogue.p99 / baseline;
    console.log(
      `\ncatalogue p99: ${before.catalogue.p99} / ${after.catalogue.p99} ms alone (before / after), ` +
        `${during.catalogue.p99} ms under attack — ratio ${ratio.toFixed(2)} (target ≤ 2)`,
    );
    process.exitCode = ratio <= 2 ? 0 : 1;
  } finally {
    await server.stop();
  }
}
