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

  it('stops only once a finished job is marked completed, so the database may close after it', async () => {
    // pg-boss marks a job completed without waiting for that statement; a slow one here.
    const slowCompletion = {
      ...app.database,
      executeSql: async (text: string, values?: unknown[]) => {
        if (/completed/i.test(text) && /update/i.test(text)) await new Promise((r) => setTimeout(r, 300));
        return app.database.executeSql(text, values);
      },
    };
    const queue = await startJobs(slowCompletion, { concurrency: 1, pollingIntervalSeconds: 0.5, log });
    let worked = false;
    await queue.jobs.work('test-stop', async () => {
      worked = true;
    });
    await queue.jobs.send('test-stop', {});
    await waitFor(async () => worked, 20_000, 'the job to be worked');
    await queue.stop();
    // Nothing of the queue's is still on its way to the database: the job is recorded as done.
    expect(await app.jobs.pending('test-stop')).toBe(0);
  });

  it('does not run a job its fetch brings back as the queue stops, and refuses new work once stopped', async () => {
    // The queue's fetch of 'test-cut' is held until the queue is stopping, then answers a job.
    let releaseFetch = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseFetch = resolve;
    });
    let fetchHeld = false;
    const heldFetch = {
      ...app.database,
      executeSql: async (text: string, values?: unknown[]) => {
        if (/skip locked/i.test(text) && values?.[0] === 'test-cut') {
          fetchHeld = true;
          await gate;
        }
        return app.database.executeSql(text, values);
      },
    };
    const queue = await startJobs(heldFetch, { concurrency: 1, pollingIntervalSeconds: 0.5, log });
    const ran: unknown[] = [];
    await queue.jobs.work('test-cut', async (data) => {
      ran.push(data);
    });
    await waitFor(() => fetchHeld, 20_000, 'the fetch to be held');
    await app.jobs.send('test-cut', { n: 1 }, { retryDelaySeconds: 0 });
    const stopped = queue.stop();
    releaseFetch();
    await stopped;
    // Once stop resolves the database may close: the job was failed back for a retry, not run.
    expect(ran).toEqual([]);
    expect(await app.jobs.pending('test-cut')).toBe(1);
    await expect(queue.jobs.send('test-cut', { n: 2 })).rejects.toThrow('The job queue has stopped');
    // The next process runs it.
    const next = await startJobs(app.database, { concurrency: 1, pollingIntervalSeconds: 0.5, log });
    await next.jobs.work('test-cut', async (data) => {
      ran.push(data);
    });
    await waitFor(() => ran.length === 1, 20_000, 'the job on the next process');
    expect(ran).toEqual([{ n: 1 }]);
    await next.stop();
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
