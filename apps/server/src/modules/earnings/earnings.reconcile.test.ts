import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentOrders } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { reconcile } from './earnings.service.ts';
import { ACCOUNT, buy, caller, refund } from './test-helpers.ts';

describe('reconciliation', async () => {
  const app = await buildTestApp();
  const call = caller(app);
  const operator = await createUser(app);
  await app.db.execute(sql`update users set role = 'admin' where id = ${operator.id}`);
  const adminCookie = await loginCookie(app, operator);
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  await call('PUT', '/api/earnings/payout-account', educatorCookie, ACCOUNT);
  const course = await createCourse(app, educator.id, { price: 1000 });
  await call('POST', '/api/coupon/create', educatorCookie, {
    code: 'HALF',
    courseId: course.id,
    type: 'percent',
    value: 50,
  });
  // A healthy history: sales (one with a coupon), a refund, a payout, an adjustment.
  const orders: string[] = [];
  for (const coupon of [undefined, 'HALF', undefined, undefined]) {
    const learner = await createUser(app);
    const cookie = await loginCookie(app, learner);
    orders.push(await buy(app, cookie, course.id, coupon));
    if (orders.length === 3) await refund(app, cookie, course.id);
  }
  // The sales are still in their refund window: the adjustment is what is available to pay out.
  await call('POST', '/api/admin/ledger/adjustments', adminCookie, {
    educatorId: educator.id,
    amount: 612.5,
    reason: 'Promotion bonus',
  });
  expect((await call('POST', '/api/admin/payouts/run', adminCookie)).json().payouts).toEqual([
    expect.objectContaining({ amount: 612.5, status: 'paid' }),
  ]);

  /** Runs a statement the append-only trigger would refuse, as someone with the database's keys could. */
  const tamper = (query: SQL) =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await tx.execute(query);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    });
  const orderId = async (providerOrderId: string) =>
    (await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)))[0]!.id;

  it('finds nothing on a healthy database', async () => {
    const res = await call('GET', '/api/admin/reconcile', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, differences: [] });
  });

  it('reports a sale entry changed behind the ledger’s back, and the balance it no longer matches', async () => {
    const id = await orderId(orders[0]!);
    await tamper(
      sql`update ledger_entries set gross = gross + 100, educator_share = educator_share + 100 where order_id = ${id} and kind = 'sale'`,
    );
    const result = await reconcile(app.db);
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'saleEntryDiffers', orderId: id, educatorId: educator.id }),
        expect.objectContaining({ check: 'balanceDiffers', educatorId: educator.id }),
      ]),
    );
    await tamper(
      sql`update ledger_entries set gross = gross - 100, educator_share = educator_share - 100 where order_id = ${id} and kind = 'sale'`,
    );
    expect(await reconcile(app.db)).toMatchObject({ ok: true });
  });

  it('reports monthly sums that no longer add up to what they sum (the chart’s, the GST return’s)', async () => {
    await app.db.execute(sql`update earnings_monthly set earned = earned + 1 where educator_id = ${educator.id}`);
    await app.db.execute(sql`update gst_month_totals set total = total + 1, cgst = cgst + 1 where kind = 'invoice'`);
    const checks = (await reconcile(app.db)).differences.map((d) => d.check);
    expect(checks).toEqual(expect.arrayContaining(['monthlyDiffers', 'gstTotalsDiffer']));
    await app.db.execute(sql`update earnings_monthly set earned = earned - 1 where educator_id = ${educator.id}`);
    await app.db.execute(sql`update gst_month_totals set total = total - 1, cgst = cgst - 1 where kind = 'invoice'`);
    expect(await reconcile(app.db)).toMatchObject({ ok: true });
  });

  it('reports a missing sale, a missing reversal, and a payout larger than what was available', async () => {
    const sold = await orderId(orders[1]!);
    const refunded = await orderId(orders[2]!);
    await tamper(sql`delete from ledger_entries where order_id = ${sold} and kind = 'sale'`);
    await tamper(sql`delete from ledger_entries where order_id = ${refunded} and kind = 'refund'`);
    await tamper(sql`update ledger_entries set educator_share = educator_share * 3 where kind = 'payout'`);
    const checks = (await reconcile(app.db)).differences.map((d) => d.check);
    expect(checks).toEqual(
      expect.arrayContaining([
        'saleWithoutEntry',
        'creditNoteWithoutReversal',
        'payoutExceedsAvailable',
        'payoutEntryDiffers',
        'balanceDiffers',
      ]),
    );
  });
});
