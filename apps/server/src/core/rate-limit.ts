import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * Rate limits on @fastify/rate-limit's stores (in-process LRU, or Redis so that every
 * instance shares the counters). Nothing is limited globally: routes create named limiters
 * and call them where they know the key (e.g. the email, after the body is validated).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      redis: app.redis ?? undefined,
      nameSpace: 'kaksha-rl:',
      // A rate-limit store failure must not lock everybody out.
      skipOnError: true,
    });

    app.decorate('limiter', ({ name, max, windowMs, key }: LimiterOptions): Limiter => {
      const keyOf = (request: FastifyRequest) => {
        const k = key(request);
        return k === null ? null : `${name}:${k}`;
      };
      const limit = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => keyOf(request) ?? '',
      });
      const retryAfter = (ttlSeconds: number) => Math.max(1, ttlSeconds || Math.ceil(windowMs / 1000));
      return {
        async hit(request) {
          if (keyOf(request) === null) return;
          const res = await limit(request);
          if (!res.isAllowed && res.isExceeded) throw tooManyRequests(retryAfter(res.ttlInSeconds));
        },
        async check(request) {
          if (keyOf(request) === null) return;
          const res = await limit(request, { increment: false });
          if (!res.isAllowed && res.remaining <= 0 && res.ttl > 0) throw tooManyRequests(retryAfter(res.ttlInSeconds));
        },
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
