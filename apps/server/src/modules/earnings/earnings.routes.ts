import {
  earningsSummarySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  payoutAccountAnswerSchema,
  payoutAccountRequestSchema,
  statementQuerySchema,
} from '@kaksha/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../core/errors.ts';
import { hasTwoFactor } from '../auth/auth.service.ts';
import {
  earningsLedger,
  earningsStatement,
  earningsSummary,
  getPayoutAccount,
  savePayoutAccount,
} from './earnings.service.ts';

/**
 * An educator's earnings (mounted at /api/earnings): their own ledger only — there is no id to
 * name anyone else's. Signed out 401, not an educator 403.
 */
const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['earnings'],
        summary: 'Your balances: pending (refund window open), available, paid out, lifetime; the next release',
        description:
          '`lifetime = pending + available + paidOut` (paid out includes payouts under way). `months`: the last 12 months (India time) for the chart. Rupees with paise.',
        response: { 200: earningsSummarySchema },
      },
    },
    async (request) => earningsSummary(app.db, app.config.earnings, request.user!.id),
  );

  app.get(
    '/ledger',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['earnings'],
        summary: 'Your ledger entries, newest first, a page at a time (keyset: pass nextCursor as cursor)',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => earningsLedger(app.db, request.user!.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/statement',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['earnings'],
        summary: 'A month of your ledger as CSV: opening balance, one line per entry, totals, closing balance',
        description: 'Each line: gross = GST + platform fee + your share; closing = opening + the total share.',
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await earningsStatement(app.db, request.user!.id, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.get(
    '/payout-account',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['earnings'],
        summary: 'Your payout account (bank account and PAN shown by their last four characters), or null',
        response: { 200: payoutAccountAnswerSchema },
      },
    },
    async (request) => ({ account: await getPayoutAccount(app.db, request.user!.id) }),
  );

  /**
   * PAYOUT_2FA_REQUIRED (issue #32): where an educator is paid is what someone with their password
   * would change first, so saving it needs two-factor sign-in on.
   */
  const requireTwoFactor = async (request: FastifyRequest) => {
    if (app.config.twoFactor.requiredForPayouts && !(await hasTwoFactor(app.db, request.user!.id)))
      throw forbidden({
        id: 'two_factor_required_payout',
        message: 'Turn on two-factor sign-in in your profile before saving a payout account.',
      });
  };

  app.put(
    '/payout-account',
    {
      preHandler: [app.requireEducator, requireTwoFactor],
      schema: {
        tags: ['earnings'],
        summary: 'Save where you are paid: account holder, account number, IFSC and PAN',
        description:
          'IFSC (4 letters, 0, 6 letters or digits) and PAN (5 letters, 4 digits, a letter) are checked by format: 400 naming the field. The account number and PAN are stored encrypted.',
        body: payoutAccountRequestSchema,
        response: { 200: payoutAccountAnswerSchema },
      },
    },
    async (request) => ({
      account: await savePayoutAccount(app.db, app.dataKey, request.user!.id, request.body),
    }),
  );
};

export default earningsRoutes;
