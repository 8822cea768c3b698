import { certificateSchema, courseOutcomeSchema, text } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificatePdf,
  claimCertificate,
  courseOutcomes,
  findCertificate,
  listMyCertificates,
} from './certificates.service.ts';

const idParams = z.object({ id: text('id') });

/** PDFs per client IP and minute: each takes some 25 ms of CPU to draw, and the endpoint is public. */
export const PDF_RATE_LIMIT = { max: 30, windowMs: 60_000 };

/**
 * Certificates (mounted at /api/certificate). Claiming and listing need a session; verifying
 * and the PDF are public (anyone holding the link or QR code), and show no email.
 */
const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;
  const pdfLimiter = app.limiter({ name: 'certificate-pdf', ...PDF_RATE_LIMIT, key: (request) => request.ip });

  app.post(
    '/claim/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['certificates'],
        summary: 'Claim the certificate of a completed course (every lecture done, every quiz passed)',
        description: 'Claiming again answers the same certificate (200). 409 says what is still missing.',
        params: z.object({ courseId: text('courseId') }),
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
    '/dashboard',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['certificates'],
        summary: 'Per own course: the quiz pass rate (0-100, null before any attempt) and certificates issued',
        response: { 200: z.array(courseOutcomeSchema) },
      },
    },
    async (request) => courseOutcomes(app.db, request.user!.id),
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
        summary:
          "The certificate as an A4 landscape PDF in the learner's language (public; at most 30 per client and minute)",
        params: idParams,
      },
    },
    async (request, reply) => {
      await pdfLimiter.hit(request);
      const { certificate, pdf } = await certificatePdf(app.db, publicUrl, request.params.id);
      return (
        reply
          .type('application/pdf')
          // A certificate never changes once issued (its wording follows the learner's language,
          // which seldom changes): browsers and CDNs may keep it for a day.
          .header('cache-control', 'public, max-age=86400')
          .header('content-disposition', `inline; filename="kaksha-certificate-${certificate._id}.pdf"`)
          .send(pdf)
      );
    },
  );
};

export default certificatesRoutes;
