import type { EarningsSummary, LedgerPage } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config.ts';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { users } from '../../core/db/schema/index.ts';
import { badRequest, type ErrorText, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { rupees } from '../billing/billing.service.ts';
import { type DataKey, loadDataKey } from './earnings.crypto.ts';
import { backfillLedger, post } from './earnings.ledger.ts';
import type { Audit } from './earnings.payouts.ts';
import { presentEntry, statementCsv } from './earnings.presenter.ts';
import { createPayoutProvider, type PayoutProviderClient } from './earnings.providers.ts';
import { balancesAt, ledgerPage, monthEntries, monthlyTotals, monthOf } from './earnings.queries.ts';

const EDUCATOR_NOT_FOUND: ErrorText = { id: 'educator_not_found', message: 'Educator not found' };

/**
 * Educator earnings (issue #31), the public face of the earnings module: the append-only ledger
 * (payments record a sale and its refund through `recordSale` / `reverseSale` in their own
 * transactions), balances, statements, payout accounts and payout runs (modules/admin runs them),
 * and reconciliation.
 */

export { getPayoutAccount, savePayoutAccount } from './earnings.account.ts';
export { type EarningsConfig, recordSale, reverseSale } from './earnings.ledger.ts';
export { type Audit, duePayouts, listPayouts, markPaid, type PayoutDeps, runPayouts } from './earnings.payouts.ts';
export { csvLine } from './earnings.presenter.ts';
export { reconcile } from './earnings.reconcile.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key payout accounts are encrypted with (DATA_ENCRYPTION_KEY, or DATA_DIR's generated one). */
    dataKey: DataKey;
    /** Who pays educators (PAYOUT_PROVIDER). */
    payoutProvider: PayoutProviderClient;
  }
}

/**
 * Loads the data key (refusing to start on a shared database without DATA_ENCRYPTION_KEY), makes
 * the payout provider, and writes the ledger entries of sales made before the ledger existed.
 */
export const earningsPlugin = fp(
  async (app) => {
    app.decorate('dataKey', await loadDataKey(app.config));
    app.decorate('payoutProvider', createPayoutProvider(app.config));
    const backfilled = await backfillLedger(app.db, app.config.earnings);
    if (backfilled > 0) app.log.info({ orders: backfilled }, 'earnings: ledger entries written for earlier sales');
  },
  { name: 'earnings', dependencies: ['db'] },
);

const monthsBack = (now: Date, count: number) => {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
};

/** `GET /api/earnings/summary` at `now` (injected by tests to cross a release time). */
export async function earningsSummary(
  db: DbOrTx,
  config: Config['earnings'],
  educatorId: string,
  now = new Date(),
): Promise<EarningsSummary> {
  const balances = await balancesAt(db, educatorId, now);
  const months = monthsBack(now, 12);
  const totals = new Map((await monthlyTotals(db, educatorId, months[0] as string)).map((m) => [m.month, m]));
  return {
    pending: rupees(balances.pending),
    available: rupees(balances.available),
    paidOut: rupees(balances.paidOut),
    lifetime: rupees(balances.lifetime),
    nextReleaseAt: balances.nextReleaseAt?.toISOString() ?? null,
    months: months.map((month) => {
      const m = totals.get(month);
      return {
        month,
        earned: rupees(m?.earned ?? 0),
        refunded: rupees(m?.refunded ?? 0),
        paidOut: rupees(m?.paidOut ?? 0),
      };
    }),
    minimumPayout: rupees(config.payoutMinPaise),
  };
}

export async function earningsLedger(
  db: DbOrTx,
  educatorId: string,
  cursor: string | undefined,
  limit: number,
  now = new Date(),
): Promise<LedgerPage> {
  const page = await ledgerPage(db, educatorId, cursor === undefined ? null : Number(cursor), limit);
  return { entries: page.rows.map((row) => presentEntry(row, now)), nextCursor: page.nextCursor };
}

/** The month's statement as CSV, and its file name. */
export async function earningsStatement(db: DbOrTx, educatorId: string, month: string) {
  const { opening, rows } = await monthEntries(db, educatorId, month);
  return { csv: statementCsv(month, opening, rows), fileName: `kaksha-earnings-${month}.csv` };
}

/**
 * `POST /api/admin/ledger/adjustments`: an operator's correction of an educator's balance (paise,
 * + credit, − debit), available at once, with its reason; audited in the same transaction.
 */
export async function adjustBalance(
  db: Db,
  input: { educatorId: string; amount: number; reason: string; actorId: string },
  audit: Audit,
) {
  if (!isUuid(input.educatorId)) throw notFound(EDUCATOR_NOT_FOUND);
  const [educator] = await db.select({ role: users.role }).from(users).where(eq(users.id, input.educatorId));
  if (!educator) throw notFound(EDUCATOR_NOT_FOUND);
  if (educator.role !== 'educator')
    throw badRequest(
      { id: 'adjust_not_educator', message: 'Only an educator has earnings to adjust' },
      { educatorId: 'Not an educator' },
    );
  const amount = Math.round(input.amount * 100);
  return db.transaction(async (tx) => {
    const before = await balancesAt(tx, input.educatorId, new Date(), { lock: true });
    const now = new Date();
    const entry = await post(tx, {
      educatorId: input.educatorId,
      kind: 'adjustment',
      at: now,
      gross: 0,
      gst: 0,
      platformFee: 0,
      educatorShare: amount,
      availableAt: now,
      reason: input.reason,
      actorId: input.actorId,
    });
    const after = { balance: rupees(before.balance + amount), available: rupees(before.available + amount) };
    await audit(tx, {
      action: 'ledger.adjust',
      target: `educator:${input.educatorId}`,
      before: { balance: rupees(before.balance), available: rupees(before.available) },
      after: { ...after, amount: rupees(amount), reason: input.reason, entry: entry?.id },
    });
    return { entryId: entry?.id as string, ...after };
  });
}
