import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../core/errors.ts';

const statusSchema = z.object({ status: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { response: { 200: statusSchema } } }, async (request) => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      throw serviceUnavailable('Database not reachable');
    }
    return { status: 'ready' };
  });
};

export default healthRoutes;
