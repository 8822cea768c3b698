import { billingDetailsRequestSchema, billingDetailsResponseSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBillingDetails, saveBillingDetails } from './billing.service.ts';

/** The signed-in user's billing details (mounted at /api/user); signed out: 401. */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/billing',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: "The signed-in user's billing details (name, GST state, GSTIN, address), or null",
        response: { 200: billingDetailsResponseSchema },
      },
    },
    async (request) => ({ billing: await getBillingDetails(app.db, request.user!.id) }),
  );

  app.put(
    '/billing',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'Save billing details; they decide the place of supply (CGST+SGST or IGST)',
        description:
          "A GSTIN must have the GST format, a matching check character, and the state code's first two digits: otherwise 400 naming `gstin` and saying which.",
        body: billingDetailsRequestSchema,
        response: { 200: billingDetailsResponseSchema },
      },
    },
    async (request) => ({ billing: await saveBillingDetails(app.db, request.user!.id, request.body) }),
  );
};

export default billingRoutes;
