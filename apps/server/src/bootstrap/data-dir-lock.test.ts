import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../test/redis-server.ts';
import { type ServerProcess, startServer, untilUp } from '../test/server-process.ts';

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
