import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of media): routes of this feature.
const mediaRoutes: FastifyPluginAsyncZod = async () => {};

export default mediaRoutes;
