// Starts the server on a free loopback port with its own DATA_DIR, for the browser tests and the
// benchmarks, and reads its memory. The built server needs `npm run build` first; `source` runs the
// TypeScript through tsx instead.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Headless Chromium flags for this machine: no sandbox as root, and no calls out to Google. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium (or CHROME_PATH); fails with how to install it. */
export function chromiumPath() {
  const found = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((p) => p && existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with `sudo apt-get install -y chromium` ' +
        '(or set CHROME_PATH to a Chrome/Chromium binary).',
    );
  }
  return found;
}

export function build() {
  for (const workspace of ['apps/web', 'apps/server']) {
    // Always a production build, whatever NODE_ENV the caller (a test runner) has.
    const res = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Whether the production build exists, and whether a source file is newer than it.
 * @param {{ web?: boolean }} [opts] `web: false` looks at the server alone.
 */
export function buildStatus({ web = true } = {}) {
  const outputs = ['apps/server/dist/server.js', ...(web ? ['apps/web/dist/index.html'] : [])];
  const sources = ['apps/server/src', 'packages/contracts/src', ...(web ? ['apps/web/src'] : [])];
  const built = outputs.every((p) => existsSync(path.join(root, p)));
  const stale =
    built &&
    Math.min(...outputs.map((p) => statSync(path.join(root, p)).mtimeMs)) <
      Math.max(...sources.map((d) => newestMtime(path.join(root, d))));
  return { built, stale };
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts the server and waits until /api/ready answers. Production settings, PGlite, no Redis and
 * the demo content unless `env` says otherwise.
 * @param {{
 *   env?: Record<string, string>,
 *   quiet?: boolean,
 *   source?: boolean,
 *   dir?: string,
 *   dataDir?: string,
 *   port?: number,
 *   readySeconds?: number,
 * }} [opts] `quiet` discards stdout (the request log); `source` runs the sources through tsx;
 *   `dir` is the checkout whose build runs; a given `dataDir` is the caller's to remove, else a
 *   temporary one is made and removed on stop.
 */
export async function startServer(opts = {}) {
  const { source = false, dir = root, readySeconds = 90 } = opts;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kaksha-run-')));
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = source ? ['--import', 'tsx', 'apps/server/src/bootstrap/server.ts'] : ['apps/server/dist/server.js'];
  const server = spawn(process.execPath, entry, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production would otherwise ask for the payment provider's keys.
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      // A server on DATABASE_URL refuses to start without it (payout accounts, issue #31).
      DATA_ENCRYPTION_KEY: 'local-run-data-encryption-key-0123456789',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  // A caller that exits before it could stop the server (Ctrl-C or a time limit while the server
  // starts: the caller has no handle yet) does not leave it running.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      // A server stuck in its shutdown must not hold the caller open.
      const kill = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await once(server, 'exit');
      clearTimeout(kill);
    }
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
      } catch {}
      if (Date.now() - started > readySeconds * 1000) {
        throw new Error(`the server did not become ready within ${readySeconds} s`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, pid: server.pid, readyMs: Date.now() - started, stop };
}

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in bytes; null once it is gone. Linux. */
export async function processMemory(pid) {
  try {
    const text = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(text.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024, name: text.match(/^Name:\s+(.*)$/m)?.[1] };
  } catch {
    return null;
  }
}

async function descendants(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of await readdir(`/proc/${out[i]}/task`)) {
        const children = (await readFile(`/proc/${out[i]}/task/${task}/children`, 'utf8')).trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {}
  }
  return out;
}

/** The largest process by RSS of `pid` and its descendants: the server even behind a wrapper (tsx CLI, npx). */
export async function largestProcess(pid) {
  let best = null;
  for (const p of await descendants(pid)) {
    const s = await processMemory(p);
    if (s && (!best || s.rss > best.rss)) best = { pid: p, ...s };
  }
  return best;
}
