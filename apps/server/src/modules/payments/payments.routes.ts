import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of payments): routes of this feature.
const paymentsRoutes: FastifyPluginAsyncZod = async () => {};

export default paymentsRoutes;
