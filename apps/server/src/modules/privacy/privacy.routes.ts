import {
  dataExportSchema,
  deleteAccountRequestSchema,
  deleteAccountResultSchema,
  PRIVACY_MESSAGES,
  privacyStatusSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccount,
  exportFileName,
  openExport,
  privacyConfig,
  privacyStatus,
  requestExport,
} from './privacy.service.ts';

const exportParams = z.object({ id: text('id') });

/** A ZIP answer (Buffers and streams are sent as they are, never serialized). */
const zipFile = z.unknown().describe('The ZIP (application/zip)');

const attachment = (name: string) => `attachment; filename="${name}"`;

/** The signed-in user's data rights (mounted at /api/user, issue #32): export and erasure. */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = privacyConfig(app);
  // An export reads every table the user is in: a few a minute is plenty for a person.
  const exportsLimit = app.limiter({
    name: 'privacy-export',
    max: 5,
    windowMs: 10 * 60_000,
    key: (r) => r.user?.id ?? null,
  });
  // A password check: limited like sign-in, per account.
  const deleteLimit = app.limiter({
    name: 'privacy-delete',
    max: 5,
    windowMs: 15 * 60_000,
    key: (r) => r.user?.id ?? null,
  });

  app.get(
    '/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['privacy'],
        summary: 'Everything Kaksha holds about the signed-in user, as a ZIP of JSON files',
        description:
          'Answers the ZIP at once (200, application/zip). An account with more rows than PRIVACY_EXPORT_INLINE_ROWS ' +
          'is answered 202 with the queued export: a job makes it and e-mails a link to /api/user/export/{id}.',
        response: { 200: zipFile, 202: dataExportSchema },
      },
    },
    async (request, reply) => {
      await exportsLimit.hit(request);
      const result = await requestExport(app, config, request.user!);
      if ('queued' in result) return reply.code(202).send(result.queued);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(exportFileName(new Date())))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(result.zip));
    },
  );

  app.get(
    '/privacy',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['privacy'],
        summary: 'How the account confirms its erasure (password or e-mail, 2FA code) and its recent job-made exports',
        response: { 200: privacyStatusSchema },
      },
    },
    async (request) => privacyStatus(app.db, request.user!),
  );

  app.get(
    '/export/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['privacy'],
        summary: 'A job-made export (the e-mailed link): its owner only, until the link expires',
        params: exportParams,
        response: { 200: zipFile, 202: dataExportSchema },
      },
    },
    async (request, reply) => {
      const found = await openExport(app.db, app.storage, request.user!.id, request.params.id);
      if ('pending' in found) return reply.code(202).send(found.pending);
      const { file } = found;
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(exportFileName(file.createdAt)))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/delete',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['privacy'],
        summary: 'Erase the signed-in account (password, and the 2FA code when on)',
        description:
          'Name, e-mail, photo, sessions, progress and preferences are removed; reviews and Q&A stay as "Deleted user"; ' +
          'certificates are revoked; tax invoices and the ledger are kept (CGST Act s.36). An educator with a published ' +
          'course that has learners is refused (409) until it is unpublished; learners keep access.',
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResultSchema },
      },
    },
    async (request, reply) => {
      await deleteLimit.hit(request);
      await deleteAccount(app, config, app.searchReembed, request.user!, request.body);
      // The id only (never the name or address): what an operator needs to erase again after a restore.
      request.log.info({ userId: request.user!.id }, 'account erased');
      app.clearSessionCookie(reply);
      return { deleted: true as const, message: PRIVACY_MESSAGES.deleted };
    },
  );
};

export default privacyRoutes;
