import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../core/errors.ts';
import { redisState } from '../../core/redis.ts';

const statusSchema = z.object({ status: z.string() });
const readySchema = z.object({
  status: z.enum(['ready', 'degraded']),
  redis: z.enum(['ok', 'unreachable']).optional(),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));

  /**
   * 503 when the database is unreachable. A lost Redis (REDIS_URL set) leaves the instance
   * serving with per-process rate limits: 200 with `status: "degraded", redis: "unreachable"`,
   * so a load balancer keeps it while monitoring sees the fault.
   */
  app.get('/ready', { schema: { response: { 200: readySchema } } }, async (request) => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      throw serviceUnavailable({ id: 'database_unreachable', message: 'Database not reachable' });
    }
    const redis = await redisState(app.redis);
    if (redis === 'absent') return { status: 'ready' as const };
    return { status: redis === 'ok' ? ('ready' as const) : ('degraded' as const), redis };
  });
};

export default healthRoutes;
