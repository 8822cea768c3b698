import { purchaseListSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPurchases } from './purchases.service.ts';

/** The purchases page's list (mounted at /api/payment): the signed-in learner's own orders only. */
const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/purchases',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['purchases'],
        summary: "The signed-in learner's paid orders, newest first, with invoices, credit notes and refunds",
        response: { 200: purchaseListSchema },
      },
    },
    async (request) => ({
      purchases: await listPurchases(app.db, app.storage, app.config.refunds, request.user!.id),
      refundPolicy: app.config.refunds,
    }),
  );
};

export default purchasesRoutes;
