import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { waitFor } from '../test/redis-server.ts';
import { startJobs } from './jobs.ts';

const log = { error: () => {}, warn: () => {} };

/** pg-boss on the app's database: PGlite here, PostgreSQL in the server-pg project. */
describe('durable job queue', async () => {
  const app = await buildTestApp();

  it('enqueues inside a transaction: nothing when it rolls back, the job when it commits', async () => {
    const seen: string[] = [];
    await app.jobs.work<{ n: string }>('test-tx', async ({ n }) => {
      seen.push(n);
    });
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.send('test-tx', { n: 'rolled back' }, { tx });
        await tx.execute(sql`select 1`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await app.db.transaction(async (tx) => {
      await app.jobs.send('test-tx', { n: 'committed' }, { tx });
    });
    // Done: worked, and marked completed (which pg-boss records just after the handler returns).
    await waitFor(
      async () => seen.length > 0 && (await app.jobs.pending('test-tx')) === 0,
      20_000,
      'the committed job',
    );
    expect(seen).toEqual(['committed']);
  });

  it('retries a failing job until it succeeds', async () => {
    const tries: number[] = [];
    await app.jobs.work<{ x: number }>('test-retry', async (_data, job) => {
      tries.push(job.retryCount);
      if (tries.length < 3) throw new Error('SMTP server away');
    });
    await app.jobs.send('test-retry', { x: 1 }, { retryLimit: 5, retryDelaySeconds: 1 });
    await waitFor(
      async () => tries.length === 3 && (await app.jobs.pending('test-retry')) === 0,
      30_000,
      'three tries',
    );
    expect(tries).toEqual([0, 1, 2]);
  });

  it('keeps a job queued by a process that stopped before working it, for the next one', async () => {
    const first = await startJobs(app.database, { concurrency: 1, pollingIntervalSeconds: 0.5, log });
    await first.jobs.send('test-durable', { mail: 'to someone' });
    await first.stop(); // the process "dies" with the job still queued
    expect(await app.jobs.pending('test-durable')).toBe(1);
    const second = await startJobs(app.database, { concurrency: 1, pollingIntervalSeconds: 0.5, log });
    const got: unknown[] = [];
    await second.jobs.work('test-durable', async (data) => {
      got.push(data);
    });
    await waitFor(() => got.length === 1, 20_000, 'the job on the next process');
    expect(got).toEqual([{ mail: 'to someone' }]);
    await second.stop();
  });

  // Several instances share PostgreSQL only; the embedded database has one process (its lock).
  it.skipIf(app.database.kind === 'pglite')('lets two instances install the queue at the same moment', async () => {
    // (Last test: the app's own queue goes with the schema.)
    const fresh = app;
    await fresh.database.executeSql('drop schema pgboss cascade');
    const [a, b] = await Promise.all([
      startJobs(fresh.database, { concurrency: 1, log }),
      startJobs(fresh.database, { concurrency: 1, log }),
    ]);
    await a.jobs.send('test-race', { ok: true });
    expect(await b.jobs.pending('test-race')).toBe(1);
    await a.stop();
    await b.stop();
  });
});
