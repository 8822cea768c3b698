import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of search): routes of this feature.
const searchRoutes: FastifyPluginAsyncZod = async () => {};

export default searchRoutes;
