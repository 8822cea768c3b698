import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of progress): routes of this feature.
const progressRoutes: FastifyPluginAsyncZod = async () => {};

export default progressRoutes;
