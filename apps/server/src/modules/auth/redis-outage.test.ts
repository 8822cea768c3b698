import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/app.ts';
import { ownRedis, waitFor } from '../../test/redis-server.ts';
import { AUTH_LIMITS } from './auth.limits.ts';

const SCALE = 0.1;
const perEmail = Math.max(1, Math.round(AUTH_LIMITS.login.perEmail * SCALE));
type App = Awaited<ReturnType<typeof buildTestApp>>;
let ip = 0;
const login = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` },
  });
const freshEmail = () => `outage-${randomBytes(5).toString('hex')}@example.com`;
const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
};
const bothReady = (apps: App[]) => async () => {
  for (const app of apps) if ((await app.inject('/api/ready')).json().redis !== 'ok') return false;
  return true;
};

/**
 * Each instance counts in Redis again: after a failure the limiter keeps counting per process for a
 * short circuit-breaker pause even once the connection is back, so readiness alone is not enough.
 * Probed with a login per instance whose per-email counter must appear in Redis.
 */
const countingInRedis = (apps: App[], url: string) => async () => {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    for (const app of apps) {
      const probe = freshEmail();
      await login(app, probe, 'wrong');
      const hashed = createHash('sha256').update(probe).digest('base64url').slice(0, 22);
      if (!(await client.exists(`kaksha-rl:login:email:${hashed}`))) return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

/**
 * Policy (ADR 0011): while Redis is unreachable the limits count per process, with a warning,
 * and `/api/ready` says "degraded"; nothing waits on the dead connection.
 */
describe('Redis lost and back (own redis-server)', async () => {
  const redis = await ownRedis();
  afterAll(() => redis.stop());
  const env = { REDIS_URL: redis.url, AUTH_RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: 'true' };

  // Redis is not running yet: both instances start anyway.
  const one = await buildTestApp(env);
  const two = await buildTestApp(env);
  const user = await createUser(one, { password: 'right-password' });
  let baselineMs = 0;

  it('starts degraded when Redis is absent, and says so in /api/ready', async () => {
    expect(one.redis).not.toBeNull();
    const ready = await one.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
    expect((await login(one, user.email, 'right-password')).statusCode).toBe(200);
  });

  it('connects when Redis comes up, and the limits are shared', async () => {
    await redis.start();
    await waitFor(bothReady([one, two]), 60_000, 'both instances connected');
    // What a login costs with Redis up (password hashing dominates), to compare with below.
    const samples = [];
    for (let i = 0; i < 3; i++) samples.push((await timed(() => login(one, user.email, 'right-password'))).ms);
    baselineMs = Math.max(...samples);
    const email = freshEmail();
    for (let i = 0; i < perEmail; i++) expect((await login(one, email, 'wrong')).statusCode).toBe(401);
    expect((await login(two, email, 'wrong')).statusCode).toBe(429);
  }, 120_000);

  it('answers logins within 2 s while Redis is stopped, limited per process, and reports it', async () => {
    await redis.stop();
    for (let i = 0; i < 3; i++) {
      const { result, ms } = await timed(() => login(one, user.email, 'right-password'));
      expect(result.statusCode).toBe(200);
      // No hang on the dead connection: at most 2 s more than a login with Redis up.
      expect(ms).toBeLessThan(baselineMs + 2_000);
    }
    const ready = await one.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', redis: 'unreachable' });
    // Still limited: this process counts alone.
    const email = freshEmail();
    for (let i = 0; i < perEmail; i++) expect((await login(one, email, 'wrong')).statusCode).toBe(401);
    expect((await login(one, email, 'wrong')).statusCode).toBe(429);
  }, 120_000);

  it('shares the limits again once Redis is back', async () => {
    await redis.start();
    await waitFor(bothReady([one, two]), 60_000, 'both instances reconnected');
    await waitFor(countingInRedis([one, two], redis.url), 60_000, 'both instances counting in Redis again');
    const email = freshEmail();
    for (let i = 0; i < perEmail; i++) expect((await login(two, email, 'wrong')).statusCode).toBe(401);
    expect((await login(one, email, 'wrong')).statusCode).toBe(429);
  }, 120_000);
});
