import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/app.ts';
import { AUTH_LIMITS } from './auth.limits.ts';

const SCALE = 0.1;
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
let ipCounter = 0;
const freshIp = () =>
  `10.${Math.floor(Math.random() * 200)}.${++ipCounter % 250}.${1 + Math.floor(Math.random() * 250)}`;
const freshEmail = (tag = 'rl') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

type App = Awaited<ReturnType<typeof buildTestApp>>;
const post = (app: App, url: string, payload: Record<string, unknown>, ip: string) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers: { 'x-forwarded-for': ip } });

function expect429(res: { statusCode: number; json: () => { message: string }; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes?|seconds?)\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('client address', async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: String(SCALE) });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const email = freshEmail('xff');
    for (let i = 0; i < scaled(AUTH_LIMITS.signup.perIp); i++) {
      await post(app, 'signup', { name: 'X', email: freshEmail('xff'), password: 'long enough 1' }, freshIp());
    }
    // A new forged address each time does not reset the per-IP count.
    expect429(await post(app, 'signup', { name: 'X', email, password: 'long enough 1' }, freshIp()));
  });
});

describe('rate limits on login, signup, sendotp and verifyotp (in process)', async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: 'true' });

  it('login: failed attempts per email are limited, from any IP, and then even the right password waits', async () => {
    const user = await createUser(app, { password: 'right-password' });
    for (let i = 0; i < scaled(AUTH_LIMITS.login.perEmail); i++) {
      expect((await post(app, 'login', { email: user.email, password: 'wrong' }, freshIp())).statusCode).toBe(401);
    }
    const blocked = await post(
      app,
      'login',
      { email: user.email.toUpperCase(), password: 'right-password' },
      freshIp(),
    );
    expect429(blocked);
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('login: failed attempts per IP are limited across emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < scaled(AUTH_LIMITS.login.perIp); i++) {
      expect((await post(app, 'login', { email: freshEmail(), password: 'wrong' }, ip)).statusCode).toBe(401);
    }
    expect429(await post(app, 'login', { email: freshEmail(), password: 'wrong' }, ip));
    // Another IP is not affected.
    expect((await post(app, 'login', { email: freshEmail(), password: 'wrong' }, freshIp())).statusCode).toBe(401);
  });

  it('login: successful logins do not count against the IP (many people may share one carrier IP)', async () => {
    const ip = freshIp();
    for (let i = 0; i < scaled(AUTH_LIMITS.login.perIp) + 3; i++) {
      const user = await createUser(app, { password: 'right-password' });
      expect((await post(app, 'login', { email: user.email, password: 'right-password' }, ip)).statusCode).toBe(200);
    }
  });

  it('login: parallel guesses cannot slip past the per-account limit', async () => {
    const user = await createUser(app, { password: 'right-password' });
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(app, 'login', { email: user.email, password: 'wrong' }, ip)),
    );
    const unlimited = answers.filter((r) => r.statusCode === 401).length;
    expect(unlimited).toBe(scaled(AUTH_LIMITS.login.perEmailIp));
  });

  it('signup: limited per IP and per email', async () => {
    const ip = freshIp();
    for (let i = 0; i < scaled(AUTH_LIMITS.signup.perIp); i++) {
      const res = await post(app, 'signup', { name: 'R', email: freshEmail(), password: 'longenough' }, ip);
      expect(res.statusCode).toBe(201);
    }
    expect429(await post(app, 'signup', { name: 'R', email: freshEmail(), password: 'longenough' }, ip));

    const email = freshEmail();
    for (let i = 0; i < scaled(AUTH_LIMITS.signup.perEmail); i++) {
      await post(app, 'signup', { name: 'R', email, password: 'longenough' }, freshIp());
    }
    expect429(
      await post(app, 'signup', { name: 'R', email: ` ${email.toUpperCase()}`, password: 'longenough' }, freshIp()),
    );
  });

  it('sendotp: limited per email and per IP', async () => {
    const user = await createUser(app);
    for (let i = 0; i < scaled(AUTH_LIMITS.sendotp.perEmail); i++) {
      expect((await post(app, 'sendotp', { email: user.email }, freshIp())).statusCode).toBe(200);
    }
    const blocked = await post(app, 'sendotp', { email: user.email }, freshIp());
    expect429(blocked);
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 60 minutes.');

    const ip = freshIp();
    for (let i = 0; i < scaled(AUTH_LIMITS.sendotp.perIp); i++) {
      expect((await post(app, 'sendotp', { email: freshEmail() }, ip)).statusCode).toBe(200);
    }
    expect429(await post(app, 'sendotp', { email: freshEmail() }, ip));
  });

  it('verifyotp: limited per email and per IP', async () => {
    const email = freshEmail();
    for (let i = 0; i < scaled(AUTH_LIMITS.verifyotp.perEmail); i++) {
      expect((await post(app, 'verifyotp', { email, otp: '0000' }, freshIp())).statusCode).toBe(400);
    }
    expect429(await post(app, 'verifyotp', { email, otp: '0000' }, freshIp()));

    const ip = freshIp();
    for (let i = 0; i < scaled(AUTH_LIMITS.verifyotp.perIp); i++) {
      expect((await post(app, 'verifyotp', { email: freshEmail(), otp: '0000' }, ip)).statusCode).toBe(400);
    }
    expect429(await post(app, 'verifyotp', { email: freshEmail(), otp: '0000' }, ip));
  });

  it('keeps each endpoint’s counters apart', async () => {
    const user = await createUser(app, { password: 'right-password' });
    for (let i = 0; i < scaled(AUTH_LIMITS.sendotp.perEmail); i++) {
      await post(app, 'sendotp', { email: user.email }, freshIp());
    }
    expect((await post(app, 'sendotp', { email: user.email }, freshIp())).statusCode).toBe(429);
    expect((await post(app, 'login', { email: user.email, password: 'right-password' }, freshIp())).statusCode).toBe(
      200,
    );
  });
});

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
describe.skipIf(!hasRedis)('rate limits shared through Redis (REDIS_URL)', async () => {
  // Vitest still collects a skipped suite's body: build no app without Redis.
  if (!hasRedis) return it('needs Redis', () => {});
  const one = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: String(SCALE), REDIS_URL: redisUrl, TRUST_PROXY: 'true' });
  const two = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: String(SCALE), REDIS_URL: redisUrl, TRUST_PROXY: 'true' });

  it('counts failed logins on one instance against the other', async () => {
    expect(one.redis).not.toBeNull();
    const email = freshEmail('redis');
    for (let i = 0; i < scaled(AUTH_LIMITS.login.perEmail); i++) {
      expect((await post(one, 'login', { email, password: 'wrong' }, freshIp())).statusCode).toBe(401);
    }
    expect429(await post(two, 'login', { email, password: 'wrong' }, freshIp()));
  });

  it('shares sendotp counters too', async () => {
    const email = freshEmail('redis');
    for (let i = 0; i < scaled(AUTH_LIMITS.sendotp.perEmail); i++) {
      expect((await post(two, 'sendotp', { email }, freshIp())).statusCode).toBe(200);
    }
    expect429(await post(one, 'sendotp', { email }, freshIp()));
  });
});
