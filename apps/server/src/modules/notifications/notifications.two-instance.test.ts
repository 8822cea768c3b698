import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';

/**
 * Two instances of the app on one database and one Redis, in one process: each has its own bell
 * and its own streams, so only Redis carries a change from one to the other. A learner's bell
 * stream is open on B; things happen through A.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisReachable() {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await redisReachable();
describe.skipIf(!hasRedis)('the bell across two instances (Redis pub/sub)', async () => {
  // Vitest still collects a skipped suite's body: build no app without Redis.
  if (!hasRedis) return it('needs Redis', () => {});
  const a = await buildTestApp({ REDIS_URL: redisUrl });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-test-b-'));
  const b = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      VIDEO_PROCESSING: 'false',
      PUBLISH_CHECKLIST: 'off',
      REDIS_URL: redisUrl,
    }),
    { database: a.database },
  );
  await b.listen({ port: 0, host: '127.0.0.1' });
  // Registered after A's: runs first, while the shared database is still open.
  afterAll(async () => {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const { port } = b.server.address() as { port: number };

  const educator = await createUser(a, { role: 'educator', name: 'Vikram Singh' });
  const learner = await createUser(a);
  const course = await createCourse(a, educator.id, { title: 'Two instances' });
  await enroll(a, learner.id, course.id);
  const learnerCookie = await loginCookie(a, learner);
  const educatorCookie = await loginCookie(a, educator);

  /** The learner's bell, streaming from B: the counts it has been told, in order. */
  async function bellOnB() {
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
      headers: { cookie: learnerCookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const counts: number[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        for (const m of buffer.matchAll(/event: unread\ndata: (\{.*\})\n\n/g))
          counts.push(JSON.parse(m[1]).unreadCount);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    })();
    await waitFor(() => counts.length > 0, 30_000, 'the first count');
    return { counts, close: () => controller.abort() };
  }

  it('a ring on A reaches a stream on B', async () => {
    const bell = await bellOnB();
    const start = bell.counts.at(-1) ?? 0;
    // A notification that is already dispatched, so that no instance's own loop rings for it:
    // only A's ring, through Redis, can tell B that the count changed.
    const [event] = (
      await a.db.execute(sql`
        insert into notification_events (kind, dedupe_key, dispatched_at) values ('answer', 'test:ring', now())
        returning id`)
    ).rows as { id: string }[];
    await a.db.execute(sql`
      insert into notifications (user_id, event_id, kind, title, body, link, mail)
      values (${learner.id}, ${event.id}, 'answer', 'Rung on A', 'b', '/', 'none')`);
    expect(b.notifications).not.toBe(a.notifications);
    await a.notifications.ring([learner.id]);
    await waitFor(() => bell.counts.at(-1) === start + 1, 30_000, 'the count on B');
    bell.close();
  });

  it('an answer posted on A makes the bell of the learner connected to B count it within 5 seconds', async () => {
    const bell = await bellOnB();
    const start = bell.counts.at(-1) ?? 0;
    const asked = await a.inject({
      method: 'POST',
      url: '/api/qa/ask',
      payload: { courseId: course.id, title: 'Across instances?', body: 'b' },
      headers: { cookie: learnerCookie },
    });
    expect(asked.statusCode).toBe(201);
    const answered = await a.inject({
      method: 'POST',
      url: `/api/qa/answer/${asked.json()._id}`,
      payload: { body: 'Yes, through Redis.' },
      headers: { cookie: educatorCookie },
    });
    expect(answered.statusCode).toBe(201);
    const at = Date.now();
    await waitFor(() => bell.counts.at(-1) === start + 1, 5_000, 'the count on B');
    expect(Date.now() - at).toBeLessThan(5_000);
    bell.close();
  });
});
