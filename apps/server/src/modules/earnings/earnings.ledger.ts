import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../core/db/client.ts';
import {
  couponRedemptions,
  coupons,
  courses,
  earningsBalances,
  earningsMonthly,
  invoices,
  ledgerBackfill,
  ledgerEntries,
  paymentOrders,
} from '../../core/db/schema/index.ts';
import { taxableValue } from '../billing/billing.service.ts';
import { monthOf } from './earnings.queries.ts';

/**
 * Writing the ledger (issue #31). Every entry goes in with its educator's running sums
 * (`earnings_balances`) in the caller's transaction, the one of the money event itself: a sale is
 * recorded where the order is marked paid and invoiced, its reversal where the credit note is
 * issued, a payout where it is opened. Entries are never changed (a trigger refuses it); the unique
 * indexes make each write idempotent (a second sale or reversal of one order is a no-op).
 */

export interface EarningsConfig {
  platformFeePercent: number;
  /** A sale's share becomes available this many days after payment: the refund window. */
  releaseAfterDays: number;
}

type NewEntry = typeof ledgerEntries.$inferInsert;
export type EntryRow = typeof ledgerEntries.$inferSelect;

const DAY_MS = 86_400_000;

/** Inserts the entry and moves its educator's sums (and the month's), unless it is already there (then null). */
export async function post(tx: Tx, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await tx.insert(ledgerEntries).values(entry).onConflictDoNothing().returning();
  if (!row) return null;
  const share = row.educatorShare;
  const earned = row.kind === 'sale' || row.kind === 'refund' || row.kind === 'adjustment' ? share : 0;
  const paid = row.kind === 'payout' || row.kind === 'payoutReturn' ? -share : 0;
  await tx
    .insert(earningsBalances)
    .values({ educatorId: row.educatorId, balance: share, lifetime: earned, paidOut: paid })
    .onConflictDoUpdate({
      target: earningsBalances.educatorId,
      set: {
        balance: sql`${earningsBalances.balance} + ${share}`,
        lifetime: sql`${earningsBalances.lifetime} + ${earned}`,
        paidOut: sql`${earningsBalances.paidOut} + ${paid}`,
        updatedAt: new Date(),
      },
    });
  const month = {
    earned: row.kind === 'sale' || row.kind === 'adjustment' ? share : 0,
    refunded: row.kind === 'refund' ? -share : 0,
    paidOut: paid,
  };
  await tx
    .insert(earningsMonthly)
    .values({ educatorId: row.educatorId, month: monthOf(row.at), ...month })
    .onConflictDoUpdate({
      target: [earningsMonthly.educatorId, earningsMonthly.month],
      set: {
        earned: sql`${earningsMonthly.earned} + ${month.earned}`,
        refunded: sql`${earningsMonthly.refunded} + ${month.refunded}`,
        paidOut: sql`${earningsMonthly.paidOut} + ${month.paidOut}`,
      },
    });
  return row;
}

/**
 * The platform's fee on a sale, in paise: PLATFORM_FEE_PERCENT of the taxable value of the course's
 * price before any coupon, since every coupon is the educator's own (modules/coupons) and lowers
 * only their share; never more than the taxable value actually received (a deep coupon leaves the
 * educator nothing, never less). Half a paisa rounds up.
 */
export function platformFee(listTaxable: number, receivedTaxable: number, percent: number) {
  const basisPoints = Math.round(percent * 100);
  const fee = Math.floor((2 * listTaxable * basisPoints + 10_000) / 20_000);
  return Math.min(fee, receivedTaxable);
}

/**
 * Records a paid order's sale from its tax invoice (so the ledger and the GST return agree to the
 * paisa): gross is what the learner paid, GST what the invoice carved out, the fee as above, the
 * educator's share the rest. Available when the refund window of the purchase closes. Idempotent.
 */
export async function recordSale(tx: Tx, config: EarningsConfig, orderId: string): Promise<EntryRow | null> {
  const [sale] = await tx
    .select({ order: paymentOrders, educatorId: courses.creatorId, invoice: invoices, couponOwner: coupons.creatorId })
    .from(paymentOrders)
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .innerJoin(invoices, and(eq(invoices.orderId, paymentOrders.id), eq(invoices.kind, 'invoice')))
    .leftJoin(couponRedemptions, eq(couponRedemptions.orderId, paymentOrders.id))
    .leftJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(paymentOrders.id, orderId))
    .limit(1);
  if (!sale) throw new Error(`Cannot record the sale of order ${orderId}: it has no invoice`);
  const { order, invoice, educatorId } = sale;
  // Only the educator's own coupon leaves the fee as if at full price (today every coupon is).
  const listPrice = sale.couponOwner === null || sale.couponOwner === educatorId ? invoice.price : invoice.total;
  const listTaxable = taxableValue(listPrice, invoice.gstRate);
  const fee = platformFee(listTaxable, invoice.taxable, config.platformFeePercent);
  const paidAt = order.paidAt ?? invoice.issuedAt;
  return post(tx, {
    educatorId,
    kind: 'sale',
    orderId,
    at: paidAt,
    gross: invoice.total,
    gst: invoice.cgst + invoice.sgst + invoice.igst,
    platformFee: fee,
    educatorShare: invoice.taxable - fee,
    availableAt: new Date(paidAt.getTime() + config.releaseAfterDays * DAY_MS),
  });
}

/**
 * Reverses an order's sale when it is refunded (in the credit note's transaction): each part
 * negated, released at the sale's own time, so a refund inside the window only lowers what is
 * pending. Idempotent; an order with no sale entry has nothing to reverse.
 */
export async function reverseSale(tx: Tx, orderId: string): Promise<EntryRow | null> {
  const [sale] = await saleEntry(tx, orderId);
  if (!sale) return null;
  return post(tx, {
    educatorId: sale.educatorId,
    kind: 'refund',
    orderId,
    at: new Date(),
    gross: -sale.gross,
    gst: -sale.gst,
    platformFee: -sale.platformFee,
    educatorShare: -sale.educatorShare,
    availableAt: sale.availableAt,
  });
}

const saleEntry = (db: DbOrTx, orderId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'sale')))
    .limit(1);

/**
 * Sales paid before the ledger existed (issue #28's invoiced orders, listed in `ledger_backfill` by
 * migration 0027): their entries, and their refunds' reversals, written at start, each order removed
 * from the list in the transaction that writes them. Safe on several instances at once (the order's
 * row lock, idempotent writes); a start after the list is done reads an empty table.
 */
export async function backfillLedger(db: Db, config: EarningsConfig) {
  let done = 0;
  for (;;) {
    const batch = await db.select({ orderId: ledgerBackfill.orderId }).from(ledgerBackfill).limit(500);
    if (batch.length === 0) return done;
    for (const { orderId } of batch) {
      await db.transaction(async (tx) => {
        await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(eq(paymentOrders.id, orderId))
          .for('update');
        const [listed] = await tx.delete(ledgerBackfill).where(eq(ledgerBackfill.orderId, orderId)).returning();
        if (!listed) return; // another instance did it
        await recordSale(tx, config, orderId);
        const [credit] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'creditNote')));
        if (credit) await reverseSale(tx, orderId);
        done++;
      });
    }
  }
}
