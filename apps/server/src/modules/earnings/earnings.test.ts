import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  earningsBalances,
  invoices,
  ledgerBackfill,
  ledgerEntries,
  paymentOrders,
  payoutAccounts,
} from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { issueCreditNote, issueInvoice } from '../invoices/invoices.service.ts';
import { decrypt } from './earnings.crypto.ts';
import { backfillLedger, platformFee } from './earnings.ledger.ts';
import { earningsSummary } from './earnings.service.ts';
import { ACCOUNT, buy, caller, refund } from './test-helpers.ts';

const DAY = 86_400_000;

describe('the earnings ledger', async () => {
  const app = await buildTestApp();
  const call = caller(app);
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const other = await createUser(app, { role: 'educator' });
  const otherCookie = await loginCookie(app, other);
  async function learner() {
    const user = await createUser(app);
    return { user, cookie: await loginCookie(app, user) };
  }
  const entriesOf = (educatorId: string) =>
    app.db.select().from(ledgerEntries).where(eq(ledgerEntries.educatorId, educatorId)).orderBy(ledgerEntries.seq);
  const orderOf = async (providerOrderId: string) =>
    (await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)))[0]!;
  const summary = async (cookie = educatorCookie) => {
    const res = await call('GET', '/api/earnings/summary', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('records a sale in the payment transaction: gross = GST + 20 % fee + share, to the paisa, from its invoice', async () => {
    const course = await createCourse(app, educator.id, { price: 1000 });
    const { cookie } = await learner();
    const order = await orderOf(await buy(app, cookie, course.id));
    const [sale] = (await entriesOf(educator.id)).filter((e) => e.orderId === order.id);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    // ₹1,000 with 18 % GST inside: taxable 847.46, GST 152.54; the fee 20 % of 847.46 = 169.49.
    expect(sale).toMatchObject({
      kind: 'sale',
      gross: 100_000,
      gst: 15_254,
      platformFee: 16_949,
      educatorShare: 67_797,
    });
    expect(sale!.gst).toBe(invoice!.cgst + invoice!.sgst + invoice!.igst);
    expect(sale!.platformFee + sale!.educatorShare).toBe(invoice!.taxable);
    // Pending until the 7-day refund window of the purchase closes.
    expect(sale!.availableAt.getTime()).toBe(order.paidAt!.getTime() + 7 * DAY);
  });

  it("a coupon lowers the educator's share only: the fee is on the price before the coupon", async () => {
    const course = await createCourse(app, educator.id, { price: 1000 });
    const coupon = await call('POST', '/api/coupon/create', educatorCookie, {
      code: 'TENOFF',
      courseId: course.id,
      type: 'percent',
      value: 10,
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const { cookie } = await learner();
    const order = await orderOf(await buy(app, cookie, course.id, 'TENOFF'));
    const [sale] = (await entriesOf(educator.id)).filter((e) => e.orderId === order.id);
    // ₹900 paid: taxable 762.71, GST 137.29; the fee stays 169.49 (20 % of the full price's 847.46).
    expect(sale).toMatchObject({ gross: 90_000, gst: 13_729, platformFee: 16_949, educatorShare: 59_322 });
  });

  it('the fee never exceeds the taxable value received (a deep coupon leaves a share of 0, never less)', () => {
    expect(platformFee(84_746, 8_475, 20)).toBe(8_475);
    expect(platformFee(84_746, 84_746, 20)).toBe(16_949);
    expect(platformFee(84_746, 84_746, 12.5)).toBe(10_593); // 10593.25
    expect(platformFee(3, 3, 50)).toBe(2); // half a paisa rounds up
    expect(platformFee(84_746, 84_746, 0)).toBe(0);
  });

  it('a refund writes the exact reversal in the credit note’s transaction and lowers only what is pending', async () => {
    const course = await createCourse(app, educator.id, { price: 1500 });
    const { cookie } = await learner();
    const order = await orderOf(await buy(app, cookie, course.id));
    const before = await summary();
    await refund(app, cookie, course.id);
    const entries = (await entriesOf(educator.id)).filter((e) => e.orderId === order.id);
    expect(entries.map((e) => e.kind)).toEqual(['sale', 'refund']);
    const [sale, reversal] = entries as [(typeof entries)[0], (typeof entries)[0]];
    expect([reversal.gross, reversal.gst, reversal.platformFee, reversal.educatorShare]).toEqual([
      -sale.gross,
      -sale.gst,
      -sale.platformFee,
      -sale.educatorShare,
    ]);
    expect(reversal.availableAt).toEqual(sale.availableAt);
    const after = await summary();
    expect(after.pending).toBeCloseTo(before.pending - sale.educatorShare / 100, 2);
    expect(after.available).toBe(before.available);
    expect(after.lifetime).toBeCloseTo(before.lifetime - sale.educatorShare / 100, 2);
    // A repeated refund request changes nothing.
    await refund(app, cookie, course.id);
    expect((await entriesOf(educator.id)).filter((e) => e.orderId === order.id)).toHaveLength(2);
  });

  it('pending becomes available when the refund window closes (time injected)', async () => {
    const fresh = await createUser(app, { role: 'educator' });
    const course = await createCourse(app, fresh.id, { price: 1000 });
    const { cookie } = await learner();
    const order = await orderOf(await buy(app, cookie, course.id));
    const releaseAt = order.paidAt!.getTime() + 7 * DAY;
    const at = (ms: number) => earningsSummary(app.db, app.config.earnings, fresh.id, new Date(ms));
    expect(await at(releaseAt - 1)).toMatchObject({
      pending: 677.97,
      available: 0,
      paidOut: 0,
      lifetime: 677.97,
      nextReleaseAt: new Date(releaseAt).toISOString(),
    });
    expect(await at(releaseAt)).toMatchObject({ pending: 0, available: 677.97, lifetime: 677.97, nextReleaseAt: null });
  });

  it('summary: the four balances add up, and the month shows the earnings', async () => {
    const s = await summary();
    expect(s.pending + s.available + s.paidOut).toBeCloseTo(s.lifetime, 2);
    expect(s.months).toHaveLength(12);
    const month = s.months.at(-1);
    const [sums] = await app.db.select().from(earningsBalances).where(eq(earningsBalances.educatorId, educator.id));
    expect(month.earned - month.refunded).toBeCloseTo(sums!.lifetime / 100, 2);
    expect(s.minimumPayout).toBe(500);
  });

  it('the ledger pages newest first with a keyset cursor, each entry once', async () => {
    const all = await entriesOf(educator.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/api/earnings/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`, educatorCookie);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e: { _id: string }) => e._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id).reverse());
    const first = (await call('GET', '/api/earnings/ledger', educatorCookie)).json().entries.at(-1);
    expect(first).toMatchObject({
      kind: 'sale',
      gross: 1000,
      gst: 152.54,
      platformFee: 169.49,
      educatorShare: 677.97,
      pending: true,
    });
    expect(first.document).toMatch(/^KAK\//);
    expect((await call('GET', '/api/earnings/ledger?limit=0', educatorCookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/earnings/ledger?cursor=abc', educatorCookie)).statusCode).toBe(400);
  });

  it('another educator sees only their own entries (none)', async () => {
    expect((await call('GET', '/api/earnings/ledger', otherCookie)).json()).toEqual({ entries: [], nextCursor: null });
    expect(await summary(otherCookie)).toMatchObject({ pending: 0, available: 0, paidOut: 0, lifetime: 0 });
  });

  it('the statement CSV: a line per entry of the month, totals and balances that reconcile', async () => {
    const now = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const res = await call('GET', `/api/earnings/statement?month=${now}`, educatorCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kaksha-earnings-${now}.csv"`);
    const lines = res.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const [header, opening, ...rest] = lines;
    const closing = rest.pop()!;
    const total = rest.pop()!;
    expect(header![7]).toBe('Your share (INR)');
    expect(opening![1]).toBe('Opening balance');
    const entries = await entriesOf(educator.id);
    expect(rest).toHaveLength(entries.length);
    const col = (i: number) => rest.reduce((sum, line) => sum + Math.round(Number(line[i]) * 100), 0);
    expect(Math.round(Number(total[4]) * 100)).toBe(col(4));
    expect(col(4)).toBe(col(5) + col(6) + col(7));
    expect(Math.round(Number(closing[7]) * 100)).toBe(Math.round(Number(opening![7]) * 100) + col(7));
    const [sums] = await app.db.select().from(earningsBalances).where(eq(earningsBalances.educatorId, educator.id));
    expect(Math.round(Number(closing[7]) * 100)).toBe(sums!.balance);
    // Another month: no lines, the same balance carried.
    const empty = await call('GET', '/api/earnings/statement?month=2020-01', educatorCookie);
    expect(empty.body.trim().split('\r\n')).toHaveLength(4);
    expect((await call('GET', '/api/earnings/statement?month=2026-13', educatorCookie)).statusCode).toBe(400);
  });

  it('writes the sales (and reversals) of orders invoiced before the ledger once, at start', async () => {
    const fresh = await createUser(app, { role: 'educator' });
    const course = await createCourse(app, fresh.id, { price: 700 });
    const orders = [];
    for (const refunded of [false, true]) {
      const { user } = await learner();
      const [order] = await app.db
        .insert(paymentOrders)
        .values({
          providerOrderId: `order_old${randomUUID().replaceAll('-', '').slice(0, 14)}`,
          provider: 'sandbox',
          userId: user.id,
          courseId: course.id,
          amount: 70_000,
          price: 70_000,
          status: 'paid',
          paidAt: new Date(Date.now() - 30 * DAY),
          expiresAt: new Date(),
        })
        .returning();
      // As issue #28 left it: invoiced (and credited), no ledger.
      await app.db.transaction(async (tx) => {
        await issueInvoice(tx, app.config.billing, order!.id);
        if (refunded) await issueCreditNote(tx, app.config.billing, order!.id);
      });
      orders.push(order!.id);
    }
    await app.db.insert(ledgerBackfill).values(orders.map((orderId) => ({ orderId })));
    expect(await backfillLedger(app.db, app.config.earnings)).toBe(2);
    expect((await entriesOf(fresh.id)).map((e) => [e.kind, e.educatorShare])).toEqual([
      ['sale', 47_458],
      ['sale', 47_458],
      ['refund', -47_458],
    ]);
    expect(await app.db.select().from(ledgerBackfill)).toEqual([]);
    expect(await backfillLedger(app.db, app.config.earnings)).toBe(0);
    // Long past its window: available at once.
    expect((await summary(await loginCookie(app, fresh))).available).toBe(474.58);
  });

  it('entries are append-only: the database refuses to change or delete one', async () => {
    /** What the database said (drizzle wraps it in "Failed query: …"). */
    const refusal = (query: ReturnType<typeof sql>) =>
      app.db.execute(query).then(
        () => 'done',
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(await refusal(sql`update ledger_entries set educator_share = educator_share`)).toBe(
      'ledger_entries is append-only: rows cannot be updated',
    );
    expect(await refusal(sql`delete from ledger_entries`)).toBe(
      'ledger_entries is append-only: rows cannot be deleted',
    );
  });

  describe('the payout account', () => {
    it('checks IFSC and PAN by format, saying which', async () => {
      const put = (body: Record<string, unknown>) => call('PUT', '/api/earnings/payout-account', educatorCookie, body);
      const badIfsc = await put({ ...ACCOUNT, ifsc: 'HDFC1234567' });
      expect(badIfsc.statusCode).toBe(400);
      expect(badIfsc.json().fields).toEqual({ ifsc: expect.stringMatching(/^IFSC must be/) });
      expect(badIfsc.json().message).toMatch(/^IFSC must be/);
      const badPan = await put({ ...ACCOUNT, pan: 'ABCD12345F' });
      expect(badPan.statusCode).toBe(400);
      expect(badPan.json().fields).toEqual({ pan: expect.stringMatching(/^PAN must be/) });
      expect((await put({ ...ACCOUNT, accountNumber: '12ab' })).json().fields).toHaveProperty('accountNumber');
    });

    it('stores the number and PAN encrypted and answers only their last four characters', async () => {
      expect((await call('GET', '/api/earnings/payout-account', educatorCookie)).json()).toEqual({ account: null });
      const saved = await call('PUT', '/api/earnings/payout-account', educatorCookie, {
        ...ACCOUNT,
        ifsc: 'hdfc0001234',
        pan: 'abcde1234f',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const account = { accountHolder: 'Asha Verma', accountLast4: '9012', ifsc: 'HDFC0001234', panLast4: '234F' };
      expect(saved.json().account).toMatchObject(account);
      expect(saved.body).not.toContain('123456789012');
      expect(saved.body).not.toContain('ABCDE1234F');
      expect((await call('GET', '/api/earnings/payout-account', educatorCookie)).json().account).toMatchObject(account);
      const [row] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educator.id));
      expect(JSON.stringify(row)).not.toContain('123456789012');
      expect(row!.accountNumberEncrypted).toMatch(/^v1\./);
      expect(decrypt(app.dataKey, row!.accountNumberEncrypted)).toBe('123456789012');
      expect(decrypt(app.dataKey, row!.panEncrypted)).toBe('ABCDE1234F');
      // Two encryptions of one number differ (a fresh nonce each).
      await call('PUT', '/api/earnings/payout-account', educatorCookie, ACCOUNT);
      const [again] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educator.id));
      expect(again!.accountNumberEncrypted).not.toBe(row!.accountNumberEncrypted);
    });
  });

  it('auth matrix: anonymous 401, learner 403, educator 200 (their own), admin 403', async () => {
    const { cookie: learnerCookie } = await learner();
    const admin = await createUser(app);
    await app.db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const adminCookie = await loginCookie(app, admin);
    const month = '2026-04';
    const endpoints: ['GET' | 'PUT', string, Record<string, unknown>?][] = [
      ['GET', '/api/earnings/summary'],
      ['GET', '/api/earnings/ledger'],
      ['GET', `/api/earnings/statement?month=${month}`],
      ['GET', '/api/earnings/payout-account'],
      ['PUT', '/api/earnings/payout-account', ACCOUNT],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, learnerCookie, body)).statusCode, `${method} ${url} learner`).toBe(403);
      expect((await call(method, url, adminCookie, body)).statusCode, `${method} ${url} admin`).toBe(403);
      expect((await call(method, url, otherCookie, body)).statusCode, `${method} ${url} other educator`).toBe(200);
      expect((await call(method, url, educatorCookie, body)).statusCode, `${method} ${url} educator`).toBe(200);
    }
  });
});
