import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../test/redis-server.ts';
import { type ServerProcess, startServer, untilUp } from '../test/server-process.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/** Two real server processes on one DATA_DIR (embedded PGlite): the second must refuse. */
// Embedded mode only, and once per run (the server-pg project skips it).
describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database guard', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-lock-'));
  const started: ServerProcess[] = [];
  const start = async () => {
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    started.push(server);
    return server;
  };
  afterAll(async () => {
    for (const s of started) await s.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });
  const lockFile = path.join(dataDir, 'db.lock');

  const lockPid = () => {
    try {
      return JSON.parse(readFileSync(lockFile, 'utf8')).pid as number;
    } catch {
      return null;
    }
  };

  it('refuses a second server on the same DATA_DIR, naming the lock; takes over a stale lock', async () => {
    const first = await start();
    await untilUp(first);
    expect(lockPid()).toBe(first.child.pid);

    const second = await start();
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`lock file ${lockFile}`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    // A clean stop removes the lock.
    expect(await first.kill('SIGTERM')).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // A server killed without a chance to clean up leaves its lock behind, stale...
    const third = await start();
    await waitFor(() => lockPid() === third.child.pid, 300_000, 'the third server to take the lock');
    await third.kill('SIGKILL');
    expect(lockPid()).toBe(third.child.pid);
    // ...and the next server takes it over.
    const fourth = await start();
    await waitFor(() => lockPid() === fourth.child.pid, 300_000, 'the fourth server to take over the stale lock');
    expect(fourth.child.exitCode).toBeNull();
  }, 900_000);
});

/** The lock functions called directly, in this process: foreign hosts, unreadable locks, heartbeat. */
describe('data directory lock', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'kaksha-lockfn-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  let n = 0;
  /** A fresh DATA_DIR holding `contents` as its lock (if given), with that mtime. */
  const dir = (contents?: string, mtime?: Date) => {
    const dataDir = path.join(root, String(n++));
    if (contents !== undefined) {
      lockDataDir(dataDir).release(); // creates the directory
      writeFileSync(path.join(dataDir, 'db.lock'), contents);
      if (mtime) utimesSync(path.join(dataDir, 'db.lock'), mtime, mtime);
    }
    return dataDir;
  };
  const lockOf = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8'));
  const foreign = (pid = 1) =>
    JSON.stringify({ pid, hostname: 'another-container', startedAt: '2026-01-01T00:00:00Z' });
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  it('refuses a lock from another host that its holder keeps fresh', () => {
    const dataDir = dir(foreign());
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/pid 1 on another-container/);
    expect(lockOf(dataDir).hostname).toBe('another-container');
  });

  it('takes over a lock from another host whose mtime is older than the heartbeat age', () => {
    const dataDir = dir(foreign(), minutesAgo(5));
    const { release } = lockDataDir(dataDir);
    expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, hostname: hostname() });
    release();
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('refuses a live process on this host, and takes over a dead one', () => {
    const live = dir(JSON.stringify({ pid: process.ppid, hostname: hostname(), startedAt: 'then' }), minutesAgo(60));
    expect(() => lockDataDir(live)).toThrow(`pid ${process.ppid} on ${hostname()}`);
    const dead = dir(JSON.stringify({ pid: 2 ** 30, hostname: hostname(), startedAt: 'then' }));
    lockDataDir(dead).release();
  });

  it('never takes an unreadable (partly written) lock: reads it again briefly, then refuses', () => {
    for (const contents of ['', '{"pid":']) {
      const dataDir = dir(contents, minutesAgo(60));
      const started = Date.now();
      expect(() => lockDataDir(dataDir, { unreadableRetries: 3 })).toThrow(/cannot be read/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 50 - 5);
      expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(contents);
    }
  });

  it('waits for a lock being written, then judges it by what it says', async () => {
    const dataDir = dir('{"pid":');
    // Another thread finishes writing the lock while this one is retrying (blocked, as at startup).
    const writer = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { writeFileSync } = require('node:fs');
       parentPort.once('message', () => setTimeout(() => writeFileSync(workerData.file, workerData.contents), 100));
       parentPort.postMessage('ready');`,
      { eval: true, workerData: { file: path.join(dataDir, 'db.lock'), contents: foreign() } },
    );
    await new Promise((resolve) => writer.once('message', resolve));
    writer.postMessage('go');
    expect(() => lockDataDir(dataDir)).toThrow(/pid 1 on another-container/);
    await writer.terminate();
  });

  it('keeps refreshing the mtime of the lock it holds, and stops when released', async () => {
    const dataDir = dir();
    const file = path.join(dataDir, 'db.lock');
    const { release } = lockDataDir(dataDir, { heartbeatMs: 20 });
    utimesSync(file, minutesAgo(60), minutesAgo(60));
    await waitFor(() => Date.now() - statSync(file).mtimeMs < 60_000, 5_000, 'the heartbeat to refresh the lock');
    release();
    expect(existsSync(file)).toBe(false);
  });
});
