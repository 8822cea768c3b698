import {
  adjustmentRequestSchema,
  adjustmentResponseSchema,
  adminCouponPageSchema,
  adminCouponResponseSchema,
  adminCouponsQuerySchema,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminPageQuerySchema,
  adminRefundPageSchema,
  adminRefundsQuerySchema,
  auditPageSchema,
  GST_TABLES,
  gstReportQuerySchema,
  gstReportSchema,
  markPaidRequestSchema,
  payoutDueSchema,
  payoutPageSchema,
  payoutResponseSchema,
  payoutRunSchema,
  reconcileSchema,
  refundRetryResponseSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, unauthorized } from '../../core/errors.ts';
import { hasTwoFactor } from '../auth/auth.service.ts';
import {
  adjustBalance,
  duePayouts,
  listPayouts,
  markPaid,
  type PayoutDeps,
  reconcile,
  runPayouts,
} from '../earnings/earnings.service.ts';
import { retryRefund } from '../payments/payments.service.ts';
import { auditAs, listAudit } from './admin.audit.ts';
import { deactivateCoupon, listAllCoupons } from './admin.coupons.ts';
import { gstCsv, gstReport } from './admin.gst.ts';
import { listRefunds, searchOrders } from './admin.orders.ts';

const idParams = z.object({ id: text('id') });

/**
 * The operator's console (mounted at /api/admin): admins only, checked before anything else is read
 * (signed out 401, anyone else 403 on every route). Every change is audited in its own transaction.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'admin') {
      throw forbidden({ id: 'admins_only', message: 'Only an operator (admin) can do this' });
    }
    // ADMIN_2FA_REQUIRED (issue #32): the console moves money and reads everyone's orders, so a
    // password alone does not open it; the web app sends the operator to set 2FA up.
    if (app.config.twoFactor.requiredForAdmins && !(await hasTwoFactor(app.db, request.user.id)))
      throw forbidden({
        id: 'two_factor_required_admin',
        message: 'Turn on two-factor sign-in in your profile before using the operator console.',
      });
  });
  const actor = (request: FastifyRequest) => ({ id: request.user!.id, email: request.user!.email });
  const audit = (request: FastifyRequest) => auditAs(actor(request));
  const payoutDeps = (): PayoutDeps => ({
    db: app.db,
    key: app.dataKey,
    provider: app.payoutProvider,
    minimum: app.config.earnings.payoutMinPaise,
    log: app.log,
  });
  const tags = ['admin'];

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary:
          "Orders, newest first; q: a learner's e-mail (or part), an order or payment id, an invoice or credit-note number",
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderPageSchema },
      },
    },
    async (request) => searchOrders(app.db, request.query.q || undefined, request.query.cursor, request.query.limit),
  );

  app.get(
    '/refunds',
    {
      schema: {
        tags,
        summary: 'Refunds, newest first, optionally of one status (failed: the ones to retry)',
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundPageSchema },
      },
    },
    async (request) => listRefunds(app.db, request.query.status, request.query.cursor, request.query.limit),
  );

  app.post(
    '/refunds/:id/retry',
    {
      schema: {
        tags,
        summary: 'Ask the payment provider again for a failed refund (a new idempotency key, stored first)',
        description:
          'Only a failed refund (409 otherwise). If it had failed at once, access ends and the credit note is issued now.',
        params: idParams,
        response: { 200: refundRetryResponseSchema },
      },
    },
    async (request) => {
      const refund = await retryRefund(
        { db: app.db, payment: app.config.payment, billing: app.config.billing },
        request.params.id,
        request.user!.id,
        audit(request),
      );
      return {
        message: refund.status === 'failed' ? 'The provider failed the refund again.' : 'The refund was sent again.',
        refund: { _id: refund.id, status: refund.status, providerRefundId: refund.providerRefundId },
      };
    },
  );

  app.get(
    '/payouts/due',
    {
      schema: {
        tags,
        summary: 'Educators whose available balance reaches PAYOUT_MIN_RUPEES (and whether they have a payout account)',
        response: { 200: payoutDueSchema },
      },
    },
    async () => duePayouts(app.db, payoutDeps()),
  );

  app.post(
    '/payouts/run',
    {
      schema: {
        tags,
        summary: 'Pay every educator due, and finish what earlier runs left; answers the run with its payouts',
        description:
          'Each payout is stored with its idempotency key (and the ledger debit) before the provider is called, so a run repeated, run twice at once or killed half-way and run again pays each educator once.',
        response: { 200: payoutRunSchema },
      },
    },
    async (request) => runPayouts(payoutDeps(), request.user!.id, audit(request)),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags,
        summary: 'Payout history, newest first',
        querystring: adminPageQuerySchema,
        response: { 200: payoutPageSchema },
      },
    },
    async (request) => listPayouts(app.db, request.query.cursor, request.query.limit),
  );

  app.post(
    '/payouts/:id/mark-paid',
    {
      schema: {
        tags,
        summary: "Record the bank's reference (UTR) of a manual payout's transfer",
        params: idParams,
        body: markPaidRequestSchema,
        response: { 200: payoutResponseSchema },
      },
    },
    async (request) => ({ payout: await markPaid(app.db, request.params.id, request.body.reference, audit(request)) }),
  );

  app.get(
    '/coupons',
    {
      schema: {
        tags,
        summary: "Every educator's coupons, newest first; q: the start of a code or part of the educator's e-mail",
        querystring: adminCouponsQuerySchema,
        response: { 200: adminCouponPageSchema },
      },
    },
    async (request) => listAllCoupons(app.db, request.query.q || undefined, request.query.cursor, request.query.limit),
  );

  app.post(
    '/coupons/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a coupon (abuse)',
        params: idParams,
        response: { 200: adminCouponResponseSchema },
      },
    },
    async (request) => ({ coupon: await deactivateCoupon(app.db, request.params.id, audit(request)) }),
  );

  app.post(
    '/ledger/adjustments',
    {
      schema: {
        tags,
        summary:
          "Correct an educator's balance: rupees (+ credit, − debit), available at once, with a mandatory reason",
        body: adjustmentRequestSchema,
        response: { 200: adjustmentResponseSchema },
      },
    },
    async (request) => ({
      message: 'Adjustment recorded.',
      ...(await adjustBalance(app.db, { ...request.body, actorId: request.user!.id }, audit(request))),
    }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: adminPageQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAudit(app.db, request.query.cursor, request.query.limit),
  );

  app.get(
    '/gst/report',
    {
      schema: {
        tags,
        summary: "A month's GSTR-1 tables (India time): JSON, or one table as CSV (format=csv&table=…)",
        description: `Tables: ${GST_TABLES.join(', ')}. Totals are the month's invoices less its credit notes, to the paisa.`,
        querystring: gstReportQuerySchema,
        // JSON, or the CSV text of one table.
        response: { 200: z.union([gstReportSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { month, format, table } = request.query;
      if (format === 'csv' && !table) {
        throw badRequest(
          {
            id: 'gst_table_required',
            message: `table is required with format=csv (one of ${GST_TABLES.join(', ')})`,
            params: { tables: GST_TABLES.join(', ') },
          },
          { table: 'Required' },
        );
      }
      const report = await gstReport(app.db, month);
      if (format === 'json' || !table) return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${month}-${table}.csv"`)
        .send(gstCsv(report, table));
    },
  );

  app.get(
    '/reconcile',
    {
      schema: {
        tags,
        summary: 'Check that payments, invoices, refunds, credit notes, the ledger, balances and payouts agree',
        response: { 200: reconcileSchema },
      },
    },
    async () => reconcile(app.db),
  );
};

export default adminRoutes;
