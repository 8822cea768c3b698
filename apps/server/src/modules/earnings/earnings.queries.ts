import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../core/db/client.ts';
import {
  courses,
  earningsBalances,
  earningsMonthly,
  invoices,
  ledgerEntries,
  paymentOrders,
  payouts,
} from '../../core/db/schema/index.ts';

/** Reads of the ledger (issue #31): balances, pages, a month's entries. Amounts in paise. */

const IST_OFFSET_MS = 330 * 60_000;

/** The instant a calendar month (`YYYY-MM`, India time) starts, and the next one's. */
export function monthBounds(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS);
  const end = new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS);
  return { start, end };
}

/** `YYYY-MM` of an instant in India time. */
export const monthOf = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);

const sumShare = sql<number>`coalesce(sum(${ledgerEntries.educatorShare}), 0)::bigint`.mapWith(Number);

export interface Balances {
  balance: number;
  lifetime: number;
  paidOut: number;
  pending: number;
  available: number;
  nextReleaseAt: Date | null;
}

/**
 * An educator's balances at `now`: the running sums, and what of the balance is still held (entries
 * not yet available: recent sales less their refunds), which is read from the few entries of the
 * last refund window only. `lock` holds the sums' row (a payout being opened).
 */
export async function balancesAt(db: DbOrTx, educatorId: string, now: Date, { lock = false } = {}): Promise<Balances> {
  const query = db.select().from(earningsBalances).where(eq(earningsBalances.educatorId, educatorId));
  const [sums] = lock ? await query.for('update') : await query;
  const held = await db
    .select({ availableAt: ledgerEntries.availableAt, share: sumShare })
    .from(ledgerEntries)
    // Only sales (and their refunds) wait for the refund window. A payout's debit is in effect at
    // once: dated by the run that made it, it must not count as pending in a run started a moment
    // earlier (that made two concurrent runs pay the same balance twice on PostgreSQL).
    .where(
      and(
        eq(ledgerEntries.educatorId, educatorId),
        gt(ledgerEntries.availableAt, now),
        inArray(ledgerEntries.kind, ['sale', 'refund']),
      ),
    )
    .groupBy(ledgerEntries.availableAt)
    .orderBy(asc(ledgerEntries.availableAt));
  const pending = held.reduce((sum, row) => sum + row.share, 0);
  const balance = sums?.balance ?? 0;
  return {
    balance,
    lifetime: sums?.lifetime ?? 0,
    paidOut: sums?.paidOut ?? 0,
    pending,
    available: balance - pending,
    // A sale refunded inside its window nets to nothing at its release time: not a release.
    nextReleaseAt: held.find((row) => row.share > 0)?.availableAt ?? null,
  };
}

/** The educator's monthly sums (India time) from `fromMonth` (`YYYY-MM`) on. */
export async function monthlyTotals(db: DbOrTx, educatorId: string, fromMonth: string) {
  return db
    .select()
    .from(earningsMonthly)
    .where(and(eq(earningsMonthly.educatorId, educatorId), gte(earningsMonthly.month, fromMonth)));
}

const invoice = alias(invoices, 'invoice');
const creditNote = alias(invoices, 'credit_note');

/** Entries with what they refer to: course, invoice or credit note, coupon, payout. */
function entriesWithRefs(db: DbOrTx) {
  return db
    .select({
      entry: ledgerEntries,
      course: { id: courses.id, title: courses.title },
      couponCode: paymentOrders.couponCode,
      invoiceNumber: invoice.number,
      creditNoteNumber: creditNote.number,
      payout: { id: payouts.id, status: payouts.status, reference: payouts.reference },
    })
    .from(ledgerEntries)
    .leftJoin(paymentOrders, eq(paymentOrders.id, ledgerEntries.orderId))
    .leftJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(
      invoice,
      and(eq(invoice.orderId, ledgerEntries.orderId), eq(invoice.kind, 'invoice'), eq(ledgerEntries.kind, 'sale')),
    )
    .leftJoin(
      creditNote,
      and(
        eq(creditNote.orderId, ledgerEntries.orderId),
        eq(creditNote.kind, 'creditNote'),
        eq(ledgerEntries.kind, 'refund'),
      ),
    )
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId));
}
export type EntryWithRefs = Awaited<ReturnType<ReturnType<typeof entriesWithRefs>['execute']>>[number];

/** A page of the educator's entries, newest first, after the cursor (an entry's `seq`). */
export async function ledgerPage(db: DbOrTx, educatorId: string, cursor: number | null, limit: number) {
  const rows = await entriesWithRefs(db)
    .where(and(eq(ledgerEntries.educatorId, educatorId), cursor === null ? undefined : lt(ledgerEntries.seq, cursor)))
    .orderBy(desc(ledgerEntries.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? String(last.entry.seq) : null };
}

/** The educator's entries of a month in the order they were written, and the balance before it. */
export async function monthEntries(db: DbOrTx, educatorId: string, month: string) {
  const { start, end } = monthBounds(month);
  const [opening] = await db
    .select({ share: sumShare })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.educatorId, educatorId), lt(ledgerEntries.at, start)));
  const rows = await entriesWithRefs(db)
    .where(and(eq(ledgerEntries.educatorId, educatorId), gte(ledgerEntries.at, start), lt(ledgerEntries.at, end)))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.seq));
  return { opening: opening?.share ?? 0, rows };
}

/** Educators whose whole balance reaches `minimum` (candidates of a payout run). */
export async function educatorsFrom(db: DbOrTx, minimum: number) {
  return db
    .select({ educatorId: earningsBalances.educatorId })
    .from(earningsBalances)
    .where(gte(earningsBalances.balance, minimum))
    .orderBy(asc(earningsBalances.educatorId));
}
