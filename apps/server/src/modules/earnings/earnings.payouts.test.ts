import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, earningsBalances, ledgerEntries, payouts } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp } from '../../test/app.ts';
import { ACCOUNT, buy, caller } from './test-helpers.ts';

/**
 * Payout runs with the sandbox and the manual provider (Razorpay Route: earnings.route.test.ts).
 * REFUND_WINDOW_DAYS=0: a sale is available at once, so runs have something to pay.
 */

async function admin(app: TestApp) {
  const user = await createUser(app);
  await app.db.execute(sql`update users set role = 'admin' where id = ${user.id}`);
  return { user, cookie: await loginCookie(app, user) };
}

/** An educator with a payout account and `sales` sales of a ₹1,000 course (₹677.97 each to them). */
async function educatorWithSales(app: TestApp, sales: number, withAccount = true) {
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  if (withAccount) {
    const saved = await caller(app)('PUT', '/api/earnings/payout-account', cookie, ACCOUNT);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const course = await createCourse(app, educator.id, { price: 1000 });
  for (let i = 0; i < sales; i++) {
    const learner = await createUser(app);
    await buy(app, await loginCookie(app, learner), course.id);
  }
  return { educator, cookie };
}

const balanceOf = async (app: TestApp, educatorId: string) =>
  (await app.db.select().from(earningsBalances).where(eq(earningsBalances.educatorId, educatorId)))[0];

describe('payout runs (sandbox)', async () => {
  const app = await buildTestApp({ REFUND_WINDOW_DAYS: '0', PAYOUT_PROVIDER: 'sandbox' });
  const call = caller(app);
  const operator = await admin(app);

  it('pays each educator due their whole available balance, writes the debit, and says what is due', async () => {
    const due = await educatorWithSales(app, 1);
    const belowMinimum = await createUser(app, { role: 'educator' });
    await call('PUT', '/api/earnings/payout-account', await loginCookie(app, belowMinimum), ACCOUNT);
    const noAccount = await educatorWithSales(app, 1, false);

    const dueList = (await call('GET', '/api/admin/payouts/due', operator.cookie)).json();
    expect(dueList.minimum).toBe(500);
    expect(dueList.educators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          educator: expect.objectContaining({ _id: due.educator.id }),
          available: 677.97,
          hasAccount: true,
        }),
        expect.objectContaining({
          educator: expect.objectContaining({ _id: noAccount.educator.id }),
          hasAccount: false,
        }),
      ]),
    );

    const run = await call('POST', '/api/admin/payouts/run', operator.cookie);
    expect(run.statusCode, run.body).toBe(200);
    const answer = run.json();
    expect(answer.provider).toBe('sandbox');
    expect(answer.payouts).toHaveLength(1);
    expect(answer.payouts[0]).toMatchObject({
      educator: { _id: due.educator.id },
      amount: 677.97,
      status: 'paid',
      accountLast4: '9012',
      ifsc: 'HDFC0001234',
      reference: expect.stringMatching(/^trf_sbx/),
    });
    const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.educatorId, due.educator.id));
    const debit = entries.find((e) => e.kind === 'payout');
    expect(debit).toMatchObject({
      gross: 0,
      gst: 0,
      platformFee: 0,
      educatorShare: -67_797,
      payoutId: answer.payouts[0]._id,
    });
    expect(await balanceOf(app, due.educator.id)).toMatchObject({ balance: 0, lifetime: 67_797, paidOut: 67_797 });
    const summary = (await call('GET', '/api/earnings/summary', due.cookie)).json();
    expect(summary).toMatchObject({ pending: 0, available: 0, paidOut: 677.97, lifetime: 677.97 });
    const ledger = (await call('GET', '/api/earnings/ledger', due.cookie)).json();
    expect(ledger.entries[0]).toMatchObject({ kind: 'payout', educatorShare: -677.97, payout: { status: 'paid' } });
    // Nothing is due any more; a second run pays nobody.
    expect((await call('POST', '/api/admin/payouts/run', operator.cookie)).json().payouts).toEqual([]);
    expect(await app.db.select().from(payouts).where(eq(payouts.educatorId, due.educator.id))).toHaveLength(1);
    const [line] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'payouts.run')).limit(1);
    expect(line).toMatchObject({ actorId: operator.user.id, actorEmail: operator.user.email });
  });

  it('20 runs at once pay each educator once', async () => {
    const educators = await Promise.all([
      educatorWithSales(app, 1),
      educatorWithSales(app, 2),
      educatorWithSales(app, 1),
    ]);
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/admin/payouts/run', operator.cookie)),
    );
    expect(runs.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const [i, { educator }] of educators.entries()) {
      const rows = await app.db.select().from(payouts).where(eq(payouts.educatorId, educator.id));
      expect(rows, `educator ${i}`).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'paid', amount: 67_797 * (i === 1 ? 2 : 1) });
      const debits = await app.db
        .select()
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.educatorId} = ${educator.id} and ${ledgerEntries.kind} = 'payout'`);
      expect(debits).toHaveLength(1);
      expect(await balanceOf(app, educator.id)).toMatchObject({ balance: 0 });
    }
    // Each payout is in exactly one run's answer as opened there.
    const opened = runs.flatMap((r) => r.json().payouts.map((p: { _id: string }) => p._id));
    expect(new Set(opened).size).toBe(3);
    expect((await call('GET', '/api/admin/reconcile', operator.cookie)).json()).toMatchObject({
      ok: true,
      differences: [],
    });
  });

  it('history pages newest first', async () => {
    const first = (await call('GET', '/api/admin/payouts?limit=2', operator.cookie)).json();
    expect(first.payouts).toHaveLength(2);
    const rest = (await call('GET', `/api/admin/payouts?limit=10&cursor=${first.nextCursor}`, operator.cookie)).json();
    const all = [...first.payouts, ...rest.payouts];
    expect(all).toHaveLength(4);
    expect(new Set(all.map((p) => p._id)).size).toBe(4);
    const times = all.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('payout runs (manual)', async () => {
  const app = await buildTestApp({ REFUND_WINDOW_DAYS: '0', PAYOUT_PROVIDER: 'manual', PAYOUT_MIN_RUPEES: '1000' });
  const call = caller(app);
  const operator = await admin(app);

  it('waits for the operator’s transfer: processing until the UTR is recorded, which is audited', async () => {
    const small = await educatorWithSales(app, 1);
    const { educator, cookie } = await educatorWithSales(app, 2);
    const run = (await call('POST', '/api/admin/payouts/run', operator.cookie)).json();
    // ₹677.97 is below the ₹1,000 minimum: only the educator with two sales is paid.
    expect(run.payouts).toHaveLength(1);
    expect(run.payouts[0]).toMatchObject({
      educator: { _id: educator.id },
      amount: 1355.94,
      status: 'processing',
      reference: null,
    });
    expect((await balanceOf(app, small.educator.id))?.balance).toBe(67_797);
    // Paid out counts it already: the money has left the available balance.
    expect((await call('GET', '/api/earnings/summary', cookie)).json()).toMatchObject({
      available: 0,
      paidOut: 1355.94,
    });
    const id = run.payouts[0]._id;
    const bad = await call('POST', `/api/admin/payouts/${id}/mark-paid`, operator.cookie, { reference: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('reference');
    const paid = await call('POST', `/api/admin/payouts/${id}/mark-paid`, operator.cookie, {
      reference: 'hdfcr52026041512345',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', reference: 'HDFCR52026041512345' });
    // The same reference again is the same answer; another one is refused.
    expect(
      (await call('POST', `/api/admin/payouts/${id}/mark-paid`, operator.cookie, { reference: 'HDFCR52026041512345' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/payouts/${id}/mark-paid`, operator.cookie, { reference: 'OTHER1234567' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/admin/payouts/not-an-id/mark-paid', operator.cookie, { reference: 'OTHER1234567' }))
        .statusCode,
    ).toBe(404);
    const [line] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'payout.markPaid'));
    expect(line).toMatchObject({
      actorId: operator.user.id,
      target: `payout:${id}`,
      before: { status: 'processing', reference: null },
      after: { status: 'paid', reference: 'HDFCR52026041512345' },
    });
    // A later run does not send a manual payout again.
    expect((await call('POST', '/api/admin/payouts/run', operator.cookie)).json().payouts).toEqual([]);
  });
});
