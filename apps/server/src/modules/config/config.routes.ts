import { CURRENCY, publicConfigSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /api/config`: the public settings the web app needs (never a secret). */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const publicConfig = {
    googleClientId: config.google.clientId ?? null,
    paymentProvider: config.payment.provider,
    paymentKeyId: config.payment.keyId,
    currency: CURRENCY,
    refundPolicy: config.refunds,
    publicCatalogue: config.publicCatalogue,
  };
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicConfig;
    },
  );
};

export default configRoutes;
