import { invoiceListSchema, invoiceSchema, text } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findMyInvoice, listMyInvoices, myInvoicePdf } from './invoices.service.ts';

const idParams = z.object({ id: text('id') });

/** PDFs per learner and minute: each takes some 25 ms of CPU to draw. */
export const PDF_RATE_LIMIT = { max: 30, windowMs: 60_000 };

/**
 * Tax invoices and credit notes (mounted at /api/invoice). Only the buyer reads a document: signed
 * out 401; anyone else's, or an id that names nothing, 404.
 */
const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pdfLimiter = app.limiter({
    name: 'invoice-pdf',
    ...PDF_RATE_LIMIT,
    key: (request) => request.user?.id ?? null,
  });

  app.get(
    '/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'Your tax invoices and credit notes, newest first',
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => ({ invoices: await listMyInvoices(app.db, request.user!.id) }),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'One of your invoices or credit notes (a credit note refers to the invoice number it reverses)',
        params: idParams,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => findMyInvoice(app.db, request.user!.id, request.params.id),
  );

  app.get(
    '/:id/pdf',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'One of your invoices or credit notes as an A4 PDF (at most 30 a minute)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await pdfLimiter.hit(request);
      const { pdf, fileName } = await myInvoicePdf(app.db, request.user!.id, request.params.id);
      return (
        reply
          .type('application/pdf')
          // A document never changes once issued, but it is the buyer's own: no shared caches.
          .header('cache-control', 'private, max-age=86400')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf)
      );
    },
  );
};

export default invoicesRoutes;
