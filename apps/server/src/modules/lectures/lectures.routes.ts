import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of lectures): routes of this feature.
const lecturesRoutes: FastifyPluginAsyncZod = async () => {};

export default lecturesRoutes;
