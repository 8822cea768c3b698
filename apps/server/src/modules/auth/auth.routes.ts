import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of auth): routes of this feature.
const authRoutes: FastifyPluginAsyncZod = async () => {};

export default authRoutes;
