import type { Payout, PayoutDue, PayoutPage, PayoutRun } from '@kaksha/contracts';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../core/db/client.ts';
import { payoutAccounts, payoutRuns, payouts, users } from '../../core/db/schema/index.ts';
import { conflict, type ErrorText, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { rupees } from '../billing/billing.service.ts';
import { accountForPayout } from './earnings.account.ts';
import type { DataKey } from './earnings.crypto.ts';
import { post } from './earnings.ledger.ts';
import { type PayoutProviderClient, ProviderRefused, ProviderUnsure, type SendResult } from './earnings.providers.ts';
import { balancesAt } from './earnings.queries.ts';

/**
 * Payout runs (issue #31). A run first opens a payout for every educator whose available balance
 * reaches the minimum and who has a payout account: one transaction per educator holding their
 * balance row, which inserts the payout (its id is the idempotency key) and the ledger's debit, so
 * the key is stored before any provider call and a second run at the same moment finds nothing
 * left to pay. Then it sends every payout not yet taken by the provider (its own, and any a killed
 * run left behind) with that key, and records the answer; a provider that did not answer leaves
 * the payout to be sent again, with the same key, by the next run. A failed payout returns its
 * amount to the balance (a `payoutReturn` entry).
 */

export interface PayoutDeps {
  db: Db;
  key: DataKey;
  provider: PayoutProviderClient;
  /** Paise: the smallest available balance paid. */
  minimum: number;
  log: FastifyBaseLogger;
}

/** Writes an admin action to the audit log in the caller's transaction (modules/admin binds the actor). */
export type Audit = (
  tx: Tx,
  change: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

type PayoutRow = typeof payouts.$inferSelect;

/** Educators and what they could be paid now: available balance at least `minimum`. */
async function dueRows(db: DbOrTx, minimum: number, now: Date) {
  const result = await db.execute<{
    educator_id: string;
    name: string;
    email: string;
    available: string;
    pending: string;
    has_account: boolean;
  }>(sql`
    select b.educator_id, u.name, u.email, (b.balance - coalesce(p.pending, 0))::bigint as available,
      coalesce(p.pending, 0)::bigint as pending, a.educator_id is not null as has_account
    from earnings_balances b
    join users u on u.id = b.educator_id
    left join payout_accounts a on a.educator_id = b.educator_id
    left join lateral (
      select sum(e.educator_share) as pending from ledger_entries e
      where e.educator_id = b.educator_id and e.available_at > ${now}
    ) p on true
    where b.balance - coalesce(p.pending, 0) >= ${minimum}
    order by available desc, b.educator_id`);
  return result.rows.map((row) => ({ ...row, available: Number(row.available), pending: Number(row.pending) }));
}

export async function duePayouts(
  db: DbOrTx,
  deps: Pick<PayoutDeps, 'minimum' | 'provider'>,
  now = new Date(),
): Promise<PayoutDue> {
  const rows = await dueRows(db, deps.minimum, now);
  return {
    minimum: rupees(deps.minimum),
    provider: deps.provider.name,
    educators: rows.map((row) => ({
      educator: { _id: row.educator_id, name: row.name, email: row.email },
      available: rupees(row.available),
      pending: rupees(row.pending),
      hasAccount: row.has_account,
    })),
  };
}

/** Opens the educator's payout of their whole available balance, if it still reaches the minimum. */
async function openPayout(tx: Tx, deps: PayoutDeps, runId: string, educatorId: string, now: Date) {
  const { available } = await balancesAt(tx, educatorId, now, { lock: true });
  if (available < deps.minimum) return null;
  const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educatorId));
  if (!account) return null;
  const [payout] = (await tx
    .insert(payouts)
    .values({
      runId,
      educatorId,
      amount: available,
      provider: deps.provider.name,
      accountLast4: account.accountLast4,
      ifsc: account.ifsc,
      createdAt: now,
    })
    .returning()) as [PayoutRow];
  await post(tx, {
    educatorId,
    kind: 'payout',
    payoutId: payout.id,
    at: now,
    gross: 0,
    gst: 0,
    platformFee: 0,
    educatorShare: -available,
    availableAt: now,
  });
  return payout;
}

/** Records the provider's answer, if the payout is still where it was (another run may have done it). */
async function record(deps: PayoutDeps, payout: PayoutRow, result: SendResult, now: Date) {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(payouts).where(eq(payouts.id, payout.id)).for('update');
    if (!current || current.status !== payout.status) return null;
    if (result.status === 'failed')
      return failPayout(tx, current, result.failure ?? 'The provider failed the transfer', now);
    if (result.status === current.status && result.reference === current.reference) return null;
    const [updated] = await tx
      .update(payouts)
      .set({
        status: result.status,
        reference: result.reference ?? current.reference,
        paidAt: result.status === 'paid' ? now : null,
        updatedAt: now,
      })
      .where(eq(payouts.id, payout.id))
      .returning();
    return updated ?? null;
  });
}

/** The payout did not happen: marked failed, its amount back in the balance (available at once). */
async function failPayout(tx: Tx, payout: PayoutRow, failure: string, now: Date) {
  const [failed] = await tx
    .update(payouts)
    .set({ status: 'failed', failure, updatedAt: now })
    .where(eq(payouts.id, payout.id))
    .returning();
  await post(tx, {
    educatorId: payout.educatorId,
    kind: 'payoutReturn',
    payoutId: payout.id,
    at: now,
    gross: 0,
    gst: 0,
    platformFee: 0,
    educatorShare: payout.amount,
    availableAt: now,
  });
  return failed ?? null;
}

/** Sends a pending payout (or checks a transfer under way) and records the answer. */
async function settle(deps: PayoutDeps, payout: PayoutRow, now: Date) {
  const { db, key, provider, log } = deps;
  try {
    let result: SendResult;
    if (payout.status === 'processing' && payout.reference) {
      result = await provider.check(payout.reference);
    } else {
      const account = await accountForPayout(db, key, payout.educatorId);
      const [educator] = await db.select({ email: users.email }).from(users).where(eq(users.id, payout.educatorId));
      if (!account || !educator)
        return record(deps, payout, { reference: null, status: 'failed', failure: 'No payout account' }, now);
      const save = async (fields: Partial<typeof payoutAccounts.$inferInsert>) => {
        await db.update(payoutAccounts).set(fields).where(eq(payoutAccounts.educatorId, payout.educatorId));
      };
      result = await provider.send(
        { id: payout.id, amount: payout.amount, educatorId: payout.educatorId },
        { account, email: educator.email, save },
      );
    }
    return record(deps, payout, result, now);
  } catch (error) {
    if (error instanceof ProviderRefused) {
      return record(deps, payout, { reference: null, status: 'failed', failure: error.message }, now);
    }
    if (error instanceof ProviderUnsure) {
      // Unknown whether it happened: it stays as it is and the next run asks again with the same key.
      log.warn({ payoutId: payout.id, err: error }, 'payout: no answer from the provider; the next run sends it again');
      return null;
    }
    throw error;
  }
}

/**
 * `POST /api/admin/payouts/run`: opens and sends the payouts due, and finishes what earlier runs
 * left (pending, or a transfer under way). Answers the run with the payouts it opened or moved.
 */
export async function runPayouts(
  deps: PayoutDeps,
  actorId: string | null,
  audit: Audit,
  now = new Date(),
): Promise<PayoutRun> {
  const { db, provider } = deps;
  const [run] = (await db
    .insert(payoutRuns)
    .values({ provider: provider.name, actorId, startedAt: now })
    .returning()) as [typeof payoutRuns.$inferSelect];
  const touched = new Set<string>();
  for (const due of await dueRows(db, deps.minimum, now)) {
    if (!due.has_account) continue;
    const opened = await db.transaction((tx) => openPayout(tx, deps, run.id, due.educator_id, now));
    if (opened) touched.add(opened.id);
  }
  const open = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.provider, provider.name),
        or(eq(payouts.status, 'pending'), and(eq(payouts.status, 'processing'), sql`${payouts.reference} is not null`)),
      ),
    )
    .orderBy(payouts.createdAt, payouts.id);
  for (const payout of open) {
    const moved = await settle(deps, payout, now);
    if (moved) touched.add(moved.id);
  }
  const finishedAt = new Date();
  const presented = await presentPayouts(db, [...touched]);
  await db.transaction(async (tx) => {
    await tx.update(payoutRuns).set({ finishedAt }).where(eq(payoutRuns.id, run.id));
    const total = presented.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
    await audit(tx, {
      action: 'payouts.run',
      target: `run:${run.id}`,
      before: null,
      after: { provider: provider.name, payouts: presented.length, total: rupees(total) },
    });
  });
  return {
    _id: run.id,
    provider: run.provider,
    startedAt: run.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    payouts: presented,
  };
}

const PAYOUT_NOT_FOUND: ErrorText = { id: 'payout_not_found', message: 'Payout not found' };

/** `POST /api/admin/payouts/{id}/mark-paid`: a manual payout's transfer was made; its UTR recorded. */
export async function markPaid(db: Db, payoutId: string, reference: string, audit: Audit): Promise<Payout> {
  if (!isUuid(payoutId)) throw notFound(PAYOUT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw notFound(PAYOUT_NOT_FOUND);
    if (payout.status === 'paid' && payout.reference === reference) return;
    if (payout.provider !== 'manual')
      throw conflict({
        id: 'payout_not_manual',
        message: `This payout goes through ${payout.provider}; it is not marked paid by hand.`,
        params: { provider: payout.provider },
      });
    if (payout.status === 'paid') {
      throw conflict({
        id: 'payout_already_paid',
        message: `This payout is already paid (reference ${payout.reference}).`,
        params: { reference: payout.reference ?? '' },
      });
    }
    if (payout.status === 'failed') {
      throw conflict({
        id: 'payout_failed_returned',
        message: 'This payout failed and its amount went back to the balance.',
      });
    }
    const now = new Date();
    await tx
      .update(payouts)
      .set({ status: 'paid', reference, paidAt: now, updatedAt: now })
      .where(eq(payouts.id, payoutId));
    await audit(tx, {
      action: 'payout.markPaid',
      target: `payout:${payoutId}`,
      before: { status: payout.status, reference: payout.reference },
      after: { status: 'paid', reference },
    });
  });
  return (await presentPayouts(db, [payoutId]))[0] as Payout;
}

const presentRow = (row: PayoutRow, educator: { id: string; name: string; email: string } | null): Payout => ({
  _id: row.id,
  runId: row.runId,
  educator: educator ? { _id: educator.id, name: educator.name, email: educator.email } : null,
  amount: rupees(row.amount),
  provider: row.provider,
  status: row.status,
  reference: row.reference,
  accountLast4: row.accountLast4,
  ifsc: row.ifsc,
  failure: row.failure,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

const withEducator = (db: DbOrTx) =>
  db
    .select({ payout: payouts, educator: { id: users.id, name: users.name, email: users.email } })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.educatorId));

async function presentPayouts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await withEducator(db)
    .where(inArray(payouts.id, ids))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map((row) => presentRow(row.payout, row.educator));
}

/** `GET /api/admin/payouts`: every payout, newest first (cursor: `<created ms>_<id>`). */
export async function listPayouts(db: DbOrTx, cursor: string | undefined, limit: number): Promise<PayoutPage> {
  const [ms, id] = cursor?.split('_') ?? [];
  const after =
    ms && id && isUuid(id)
      ? or(
          lt(payouts.createdAt, new Date(Number(ms))),
          and(eq(payouts.createdAt, new Date(Number(ms))), lt(payouts.id, id)),
        )
      : undefined;
  const rows = await withEducator(db)
    .where(after)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1)?.payout;
  return {
    payouts: page.map((row) => presentRow(row.payout, row.educator)),
    nextCursor: rows.length > limit && last ? `${last.createdAt.getTime()}_${last.id}` : null,
  };
}
