import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when `REDIS_URL` is set, else null (everything stays in process). */
    redis: Redis | null;
  }
}

/** A command that takes longer than this fails (and the caller falls back) instead of hanging. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** A client that fails fast while Redis is away and reconnects in the background for ever. */
export function createRedis(url: string) {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // While disconnected, commands fail at once rather than queue (a queued login would wait).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
  });
}

/** 'ok', 'unreachable', or 'absent' (no REDIS_URL); never takes longer than the command timeout. */
export async function redisState(redis: Redis | null): Promise<'ok' | 'unreachable' | 'absent'> {
  if (!redis) return 'absent';
  if (redis.status !== 'ready') return 'unreachable';
  try {
    await redis.ping();
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

/**
 * One Redis connection for the instance (rate limits, caches); closed with the app.
 * Redis being down at start or later never stops the server: the rate limits fall back to
 * per-process counters (core/rate-limit.ts) and `/api/ready` says "degraded".
 */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      if (app.config.databaseUrl) {
        app.log.warn(
          'DATABASE_URL is set without REDIS_URL: rate limits are counted by each instance alone; set REDIS_URL when running several',
        );
      }
      app.decorate('redis', null);
      return;
    }
    const redis = createRedis(url);
    let lastError = '';
    redis.on('error', (err: Error) => {
      // Reconnection attempts repeat the same error: log each different one once.
      if (err.message !== lastError) app.log.warn({ err }, 'redis error');
      lastError = err.message;
    });
    redis.on('ready', () => {
      if (lastError) app.log.info('redis connection is back');
      lastError = '';
    });
    try {
      await redis.connect();
    } catch (err) {
      app.log.warn({ err }, 'Redis is not reachable at start: running degraded (per-process rate limits) until it is');
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
