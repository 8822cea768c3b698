// Starts the built server on a free loopback port with its own temporary DATA_DIR, for the
// browser tests and the benchmarks. Build first (`npm run build`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** @param {{ env?: Record<string, string>, quiet?: boolean }} [opts] */
export async function startServer(opts = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-run-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
      } catch {}
      if (Date.now() - started > 90_000) throw new Error('the server did not become ready within 90 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, pid: server.pid, readyMs: Date.now() - started, stop };
}
