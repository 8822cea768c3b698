import type { ReconcileCheck, Reconciliation } from '@kaksha/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';

/**
 * Reconciliation (issue #31): `GET /api/admin/reconcile` and `npm run ledger:check`. Every captured
 * payment has one invoice and one sale entry agreeing with it; every processed refund one credit
 * note, and every credit note one reversal equal to its sale negated; each educator's running sums
 * equal the sums of their entries; no payout took more than was available when it was opened, and
 * each payout has its debit (and, once failed, its return); the monthly sums (the chart's, the GST
 * return's) equal what they sum. Read-only; one statement per check.
 */

type Row = {
  message: string;
  order_id?: string | null;
  educator_id?: string | null;
  payout_id?: string | null;
};

const CHECKS: Record<ReconcileCheck, SQL> = {
  saleWithoutInvoice: sql`
    select 'Order ' || o.id || ' was paid but has no invoice' as message, o.id as order_id
    from payment_orders o
    where o.status = 'paid' and o.amount > 0
      and not exists (select 1 from invoices i where i.order_id = o.id and i.kind = 'invoice')`,
  saleWithoutEntry: sql`
    select 'Order ' || o.id || ' was paid and invoiced (' || i.number || ') but has no sale in the ledger' as message, o.id as order_id
    from payment_orders o join invoices i on i.order_id = o.id and i.kind = 'invoice'
    where o.status = 'paid'
      and not exists (select 1 from ledger_entries e where e.order_id = o.id and e.kind = 'sale')`,
  entryWithoutSale: sql`
    select 'Ledger sale ' || e.id || ' is for order ' || e.order_id || ', which is not paid and invoiced' as message,
      e.order_id, e.educator_id
    from ledger_entries e
    left join payment_orders o on o.id = e.order_id
    where e.kind = 'sale' and (o.status is distinct from 'paid'
      or not exists (select 1 from invoices i where i.order_id = e.order_id and i.kind = 'invoice'))`,
  saleEntryDiffers: sql`
    select 'Ledger sale of order ' || e.order_id || ' says gross ' || e.gross || ', GST ' || e.gst || ' paise for ' || e.educator_id
      || '; invoice ' || i.number || ' says ' || i.total || ', ' || (i.cgst + i.sgst + i.igst) || ' for ' || c.creator_id as message,
      e.order_id, e.educator_id
    from ledger_entries e
    join invoices i on i.order_id = e.order_id and i.kind = 'invoice'
    join payment_orders o on o.id = e.order_id
    join courses c on c.id = o.course_id
    where e.kind = 'sale'
      and (e.gross <> i.total or e.gst <> i.cgst + i.sgst + i.igst or e.educator_id <> c.creator_id
        or e.platform_fee + e.educator_share <> i.taxable)`,
  refundWithoutCreditNote: sql`
    select 'Refund ' || r.id || ' was processed but order ' || r.order_id || ' has no credit note' as message, r.order_id
    from refunds r
    where r.status = 'processed'
      and not exists (select 1 from invoices c where c.order_id = r.order_id and c.kind = 'creditNote')`,
  creditNoteWithoutReversal: sql`
    select 'Credit note ' || c.number || ' has no refund entry in the ledger' as message, c.order_id
    from invoices c
    where c.kind = 'creditNote'
      and exists (select 1 from ledger_entries s where s.order_id = c.order_id and s.kind = 'sale')
      and not exists (select 1 from ledger_entries e where e.order_id = c.order_id and e.kind = 'refund')`,
  reversalWithoutCreditNote: sql`
    select 'Ledger refund ' || e.id || ' of order ' || e.order_id || ' has no credit note' as message, e.order_id, e.educator_id
    from ledger_entries e
    where e.kind = 'refund'
      and not exists (select 1 from invoices c where c.order_id = e.order_id and c.kind = 'creditNote')`,
  reversalDiffers: sql`
    select 'Ledger refund of order ' || r.order_id || ' does not reverse its sale exactly' as message, r.order_id, r.educator_id
    from ledger_entries r
    left join ledger_entries s on s.order_id = r.order_id and s.kind = 'sale'
    where r.kind = 'refund'
      and (s.id is null or r.educator_id <> s.educator_id or r.gross <> -s.gross or r.gst <> -s.gst
        or r.platform_fee <> -s.platform_fee or r.educator_share <> -s.educator_share or r.available_at <> s.available_at)`,
  balanceDiffers: sql`
    with sums as (
      select educator_id, sum(educator_share) as balance,
        sum(educator_share) filter (where kind in ('sale', 'refund', 'adjustment')) as lifetime,
        -sum(educator_share) filter (where kind in ('payout', 'payoutReturn')) as paid_out
      from ledger_entries group by educator_id
    )
    select 'Educator ' || coalesce(b.educator_id, s.educator_id) || ': balance ' || coalesce(b.balance, 0) || ', lifetime '
      || coalesce(b.lifetime, 0) || ', paid out ' || coalesce(b.paid_out, 0) || ' paise, but the entries add up to '
      || coalesce(s.balance, 0) || ', ' || coalesce(s.lifetime, 0) || ', ' || coalesce(s.paid_out, 0) as message,
      coalesce(b.educator_id, s.educator_id) as educator_id
    from earnings_balances b full join sums s on s.educator_id = b.educator_id
    where coalesce(b.balance, 0) <> coalesce(s.balance, 0) or coalesce(b.lifetime, 0) <> coalesce(s.lifetime, 0)
      or coalesce(b.paid_out, 0) <> coalesce(s.paid_out, 0)`,
  payoutExceedsAvailable: sql`
    select 'Payout ' || p.payout_id || ' took ' || (-p.educator_share) || ' paise when ' || a.available || ' were available' as message,
      p.educator_id, p.payout_id
    from ledger_entries p
    cross join lateral (
      select coalesce(sum(e.educator_share), 0) as available from ledger_entries e
      where e.educator_id = p.educator_id and e.seq < p.seq and e.available_at <= p.at
    ) a
    where p.kind = 'payout' and -p.educator_share > a.available`,
  payoutEntryDiffers: sql`
    select 'Payout ' || p.id || ' (' || p.status || ', ' || p.amount || ' paise) does not match its ledger entries' as message,
      p.educator_id, p.id as payout_id
    from payouts p
    left join ledger_entries d on d.payout_id = p.id and d.kind = 'payout'
    left join ledger_entries r on r.payout_id = p.id and r.kind = 'payoutReturn'
    where d.id is null or d.educator_share <> -p.amount or d.educator_id <> p.educator_id
      or (p.status = 'failed') <> (r.id is not null) or (r.id is not null and r.educator_share <> p.amount)`,
  monthlyDiffers: sql`
    with sums as (
      select educator_id, to_char(at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
        coalesce(sum(educator_share) filter (where kind in ('sale', 'adjustment')), 0) as earned,
        coalesce(-sum(educator_share) filter (where kind = 'refund'), 0) as refunded,
        coalesce(-sum(educator_share) filter (where kind in ('payout', 'payoutReturn')), 0) as paid_out
      from ledger_entries group by 1, 2
    )
    select 'Educator ' || coalesce(m.educator_id, s.educator_id) || ', ' || coalesce(m.month, s.month)
      || ': the month says ' || coalesce(m.earned, 0) || ' earned, ' || coalesce(m.refunded, 0) || ' refunded, '
      || coalesce(m.paid_out, 0) || ' paid out; the entries ' || coalesce(s.earned, 0) || ', ' || coalesce(s.refunded, 0)
      || ', ' || coalesce(s.paid_out, 0) as message, coalesce(m.educator_id, s.educator_id) as educator_id
    from earnings_monthly m full join sums s on s.educator_id = m.educator_id and s.month = m.month
    where coalesce(m.earned, 0) <> coalesce(s.earned, 0) or coalesce(m.refunded, 0) <> coalesce(s.refunded, 0)
      or coalesce(m.paid_out, 0) <> coalesce(s.paid_out, 0)`,
  gstTotalsDiffer: sql`
    with sums as (
      select to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month, kind, count(*) as documents,
        sum(taxable) as taxable, sum(cgst + sgst + igst) as tax, sum(total) as total
      from invoices group by 1, 2
    ), kept as (
      select month, kind, sum(documents) as documents, sum(taxable) as taxable, sum(cgst + sgst + igst) as tax,
        sum(total) as total
      from gst_month_totals group by 1, 2
    )
    select 'GST totals of ' || coalesce(k.month, s.month) || ' (' || coalesce(k.kind, s.kind) || 's): '
      || coalesce(k.documents, 0) || ' documents, ' || coalesce(k.total, 0) || ' paise kept; the documents say '
      || coalesce(s.documents, 0) || ', ' || coalesce(s.total, 0) as message
    from kept k full join sums s on s.month = k.month and s.kind = k.kind
    where coalesce(k.documents, 0) <> coalesce(s.documents, 0) or coalesce(k.taxable, 0) <> coalesce(s.taxable, 0)
      or coalesce(k.tax, 0) <> coalesce(s.tax, 0) or coalesce(k.total, 0) <> coalesce(s.total, 0)`,
};

export async function reconcile(db: DbOrTx): Promise<Reconciliation> {
  const differences: Reconciliation['differences'] = [];
  for (const [check, query] of Object.entries(CHECKS) as [ReconcileCheck, SQL][]) {
    const { rows } = await db.execute<Row>(query);
    for (const row of rows) {
      differences.push({
        check,
        message: row.message,
        orderId: row.order_id ?? null,
        educatorId: row.educator_id ?? null,
        payoutId: row.payout_id ?? null,
      });
    }
  }
  return { ok: differences.length === 0, checkedAt: new Date().toISOString(), differences };
}
