import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// TODO(owner of users): routes of this feature.
const usersRoutes: FastifyPluginAsyncZod = async () => {};

export default usersRoutes;
