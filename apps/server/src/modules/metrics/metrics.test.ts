import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { has, parseScrape, total } from './test-helpers.ts';

const TOKEN = 'metrics-test-token-0123456789';

/**
 * `/metrics` with METRICS_TOKEN through the real app, on PGlite and (server-pg) PostgreSQL: who may
 * scrape, and that the figures move with the work they count.
 */
describe('GET /metrics (METRICS_TOKEN)', async () => {
  const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseScrape(res.body);
  };

  it('refuses a scrape without the token, and with a wrong one, with 401 and a message saying so', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      message: 'Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>',
      id: 'unauthorized',
    });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('kaksha_');

    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer x', `Basic ${TOKEN}`]) {
      const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode, authorization).toBe(401);
      expect(wrong.body).not.toContain('kaksha_');
    }
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.json().message).toBe('Metrics token is wrong');
  });

  it('after traffic shows the request histogram by route pattern (never the URL) and status', async () => {
    const id = randomUUID();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/course/getcourse/${id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/course/getcourse/${id}` })).statusCode).toBe(404);
    const samples = await scrape();
    const name = 'kaksha_http_request_duration_seconds';
    expect(
      total(samples, `${name}_count`, { route: '/api/health', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      total(samples, `${name}_count`, { route: '/api/course/getcourse/:courseId', method: 'GET', status: '404' }),
    ).toBe(2);
    // Latency buckets, ending with +Inf equal to the count.
    expect(has(samples, `${name}_bucket`, { route: '/api/health', le: '0.005' })).toBe(true);
    expect(total(samples, `${name}_bucket`, { route: '/api/course/getcourse/:courseId', le: '+Inf' })).toBe(2);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
  });

  it('shows the database statement times, statements in flight and (PostgreSQL) the pool', async () => {
    await app.inject({ method: 'GET', url: '/api/ready' });
    const samples = await scrape();
    expect(total(samples, 'kaksha_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(has(samples, 'kaksha_db_queries_in_flight')).toBe(true);
    if (app.database.kind === 'postgres') {
      expect(total(samples, 'kaksha_db_pool_connections', { state: 'max' })).toBe(4);
      expect(total(samples, 'kaksha_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else expect(has(samples, 'kaksha_db_pool_connections')).toBe(false);
  });

  it('counts a failed statement as an error', async () => {
    const before = total(await scrape(), 'kaksha_db_query_duration_seconds_count', { outcome: 'error' });
    await expect(app.database.executeSql('select * from no_such_table_here')).rejects.toThrow();
    const after = total(await scrape(), 'kaksha_db_query_duration_seconds_count', { outcome: 'error' });
    expect(after).toBe(before + 1);
  });

  it('counts snapshot answers: built, then kept, then not modified', async () => {
    const url = '/api/course/getpublishedcoures';
    const first = await app.inject({ method: 'GET', url });
    await app.inject({ method: 'GET', url });
    await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    const samples = await scrape();
    expect(total(samples, 'kaksha_snapshot_answers_total', { outcome: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'kaksha_snapshot_answers_total', { outcome: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'kaksha_snapshot_answers_total', { outcome: 'not_modified' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'kaksha_snapshot_cache_entries')).toBeGreaterThanOrEqual(1);
  });

  it('moves the job failure and retry counters when a job fails, and shows the queue depth', async () => {
    const queue = 'metrics-test-flaky';
    const tries: number[] = [];
    await app.jobs.work<{ n: number }>(
      queue,
      async (_data, job) => {
        tries.push(job.retryCount);
        // The first attempt fails, the retry succeeds.
        if (job.retryCount === 0) throw new Error('first attempt fails');
      },
      { concurrency: 1 },
    );
    await app.jobs.send(queue, { n: 1 }, { retryLimit: 3, retryDelaySeconds: 1 });
    const labels = { queue };
    await waitFor(
      async () => total(await scrape(), 'kaksha_jobs_total', { queue, outcome: 'completed' }) === 1,
      30_000,
      'the retried job to complete',
    );
    const samples = await scrape();
    expect(tries).toEqual([0, 1]);
    expect(total(samples, 'kaksha_job_failures_total', labels)).toBe(1);
    expect(total(samples, 'kaksha_job_retries_total', labels)).toBe(1);
    expect(total(samples, 'kaksha_jobs_total', { queue, outcome: 'failed' })).toBe(1);
    expect(total(samples, 'kaksha_jobs_total', { queue, outcome: 'gave_up' })).toBe(0);
    expect(total(samples, 'kaksha_job_duration_seconds_count', labels)).toBe(2);
    // Every known queue has its depth, zeros included.
    expect(has(samples, 'kaksha_job_queue_depth', { queue, state: 'created' })).toBe(true);

    const dead = 'metrics-test-dead';
    await app.jobs.work(dead, async () => {
      throw new Error('always fails');
    });
    await app.jobs.send(dead, {}, { retryLimit: 0 });
    await waitFor(
      async () => total(await scrape(), 'kaksha_jobs_total', { queue: dead, outcome: 'gave_up' }) === 1,
      30_000,
      'the job to fail its only attempt',
    );
  });

  it('shows the depth of a queue with jobs waiting', async () => {
    const queue = 'metrics-test-unworked';
    await app.jobs.send(queue, { n: 1 });
    await app.jobs.send(queue, { n: 2 });
    expect(total(await scrape(), 'kaksha_job_queue_depth', { queue, state: 'created' })).toBe(2);
  });

  it('times AI searches and counts the ones that found nothing', async () => {
    const educator = await createUser(app, { role: 'educator' });
    await createCourse(app, educator.id, {
      title: 'Watercolour Painting for Beginners',
      description: 'Brushes, paper and washes.',
      category: 'Others',
    });
    const cookie = await loginCookie(app, await createUser(app));
    const search = async (input: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/ai/search', headers: { cookie }, payload: { input } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown[];
    };
    const before = await scrape();
    const name = 'kaksha_search_duration_seconds_count';
    expect(await search('watercolour painting')).not.toHaveLength(0);
    expect(await search('zzqxv qqzzx')).toHaveLength(0);
    expect(await search('xkcdqq vvbnw')).toHaveLength(0);
    const after = await scrape();
    expect(total(after, name, { result: 'found' }) - total(before, name, { result: 'found' })).toBe(1);
    expect(total(after, name, { result: 'empty' }) - total(before, name, { result: 'empty' })).toBe(2);
    // A refused query (400) is no search: the route's histogram has it, the search's does not.
    await app.inject({ method: 'POST', url: '/api/ai/search', headers: { cookie }, payload: { input: '  ' } });
    const refused = await scrape();
    expect(total(refused, name)).toBe(total(after, name));
    expect(
      total(refused, 'kaksha_http_request_duration_seconds_count', { route: '/api/ai/search', status: '400' }),
    ).toBe(1);
  });
});
