import { certificateSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimCertificate, findCertificate, listMyCertificates, renderCertificatePdf } from './certificates.service.ts';

const idParams = z.object({ id: z.string() });

/**
 * Certificates (mounted at /api/certificate). Claiming and listing need a session; verifying
 * and the PDF are public (anyone holding the link or QR code), and show no email.
 */
const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.post(
    '/claim/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary: 'Claim the certificate of a completed course (every lecture done, every quiz passed)',
        description: 'Claiming again answers the same certificate (200). 409 says what is still missing.',
        params: z.object({ courseId: z.string() }),
        response: { 200: certificateSchema, 201: certificateSchema },
      },
    },
    async (request, reply) => {
      const { certificate, created } = await claimCertificate(
        app.db,
        publicUrl,
        request.user!.id,
        request.params.courseId,
      );
      return reply.status(created ? 201 : 200).send(certificate);
    },
  );

  app.get(
    '/mine',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary: 'Your certificates, newest first',
        response: { 200: z.array(certificateSchema) },
      },
    },
    async (request) => listMyCertificates(app.db, publicUrl, request.user!.id),
  );

  app.get(
    '/verify/:id',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Public verification of a certificate',
        params: idParams,
        response: { 200: certificateSchema },
      },
    },
    async (request) => findCertificate(app.db, publicUrl, request.params.id),
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags: ['certificates'],
        summary: 'The certificate as an A4 landscape PDF (public)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const certificate = await findCertificate(app.db, publicUrl, request.params.id);
      const pdf = await renderCertificatePdf(certificate);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="kaksha-certificate-${certificate._id}.pdf"`)
        .send(pdf);
    },
  );
};

export default certificatesRoutes;
