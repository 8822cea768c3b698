import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when `REDIS_URL` is set, else null (everything stays in process). */
    redis: Redis | null;
  }
}

/** One Redis connection for the instance (rate limits, caches); closed with the app. */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
