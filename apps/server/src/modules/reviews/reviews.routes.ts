import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of reviews): routes of this feature.
const reviewsRoutes: FastifyPluginAsyncZod = async () => {};

export default reviewsRoutes;
