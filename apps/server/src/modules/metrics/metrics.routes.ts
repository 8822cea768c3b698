import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../core/errors.ts';
import { checkScrape, scrape } from './metrics.service.ts';

/**
 * `GET /metrics`: Prometheus text (docs/operations.md, "Metrics"). 404 unless METRICS_TOKEN is set,
 * then 401 without `Authorization: Bearer <token>` or with a wrong one (metrics.service.ts).
 */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    try {
      checkScrape(app.config.metrics, request.headers.authorization, 'app');
    } catch (error) {
      // The scheme a client should answer a 401 with (RFC 6750).
      if (error instanceof AppError && error.statusCode === 401)
        reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw error;
    }
    const { contentType, body } = await scrape(app.metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
};

export default metricsRoutes;
