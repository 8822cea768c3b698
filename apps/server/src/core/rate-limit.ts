import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.ts';

export interface LimiterOptions {
  /** Distinguishes this limiter's counters from every other's. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: an IP, an email… null skips the limit for this request. */
  key: (request: FastifyRequest) => string | null;
}

export interface Limiter {
  /** Counts this request; 429 when it is over the limit. */
  hit(request: FastifyRequest): Promise<void>;
  /** 429 when the limit is already used up, without counting this request. */
  check(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A named fixed-window limiter; in process, or shared through Redis when `app.redis` is set. */
    limiter(options: LimiterOptions): Limiter;
  }
}

/** A fixed-window counter: adds `by` (0 or 1) and answers the count and the window's time left. */
interface Counter {
  add(key: string, by: 0 | 1, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** Counters in this process's memory (no REDIS_URL, or while Redis is unreachable). */
export function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async add(key, by, windowMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += by;
      return { count: w.count, ttlMs: w.resetAt - now };
    },
  };
}

const FIXED_WINDOW = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/**
 * Counters shared by every instance through Redis; while Redis is unreachable they fall back
 * to per-process counters (policy: ADR 0011). A failed or slow command (the client's command
 * timeout) trips a short circuit, so a login never waits on a dead Redis more than once.
 */
export function resilientCounter(redis: Redis, log: FastifyBaseLogger, fallback = memoryCounter()): Counter {
  const BREAK_MS = 2_000;
  let brokenUntil = 0;
  let degraded = false;
  const script = (key: string, by: 0 | 1, windowMs: number) =>
    redis.eval(FIXED_WINDOW, 1, key, windowMs, by) as Promise<[number, number]>;
  return {
    async add(key, by, windowMs) {
      if (redis.status === 'ready' && Date.now() >= brokenUntil) {
        try {
          const [count, ttlMs] = await script(key, by, windowMs);
          if (degraded) {
            degraded = false;
            log.info('rate limits are shared through Redis again');
          }
          return { count, ttlMs };
        } catch (err) {
          brokenUntil = Date.now() + BREAK_MS;
          if (!degraded) log.warn({ err }, 'Redis unreachable: rate limits count per process until it is back');
          degraded = true;
        }
      } else if (!degraded) {
        degraded = true;
        log.warn('Redis unreachable: rate limits count per process until it is back');
      }
      return fallback.add(key, by, windowMs);
    },
  };
}

/**
 * Named fixed-window rate limits. Nothing is limited globally: routes create limiters and call
 * them where they know the key (e.g. the email, after the body is validated). With `app.redis`
 * every instance shares the counters; without it, or while Redis is away, each process counts.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const counter = app.redis ? resilientCounter(app.redis, app.log) : memoryCounter();

    app.decorate('limiter', ({ name, max, windowMs, key }: LimiterOptions): Limiter => {
      const keyOf = (request: FastifyRequest) => {
        const k = key(request);
        return k === null ? null : `kaksha-rl:${name}:${k}`;
      };
      const retryAfter = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000) || Math.ceil(windowMs / 1000));
      return {
        async hit(request) {
          const k = keyOf(request);
          if (k === null) return;
          const { count, ttlMs } = await counter.add(k, 1, windowMs);
          if (count > max) throw tooManyRequests(retryAfter(ttlMs));
        },
        async check(request) {
          const k = keyOf(request);
          if (k === null) return;
          const { count, ttlMs } = await counter.add(k, 0, windowMs);
          if (count >= max) throw tooManyRequests(retryAfter(ttlMs));
        },
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
