import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { earningsBalances, ledgerEntries, payoutAccounts, payouts } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp } from '../../test/app.ts';
import { ACCOUNT, buy, caller } from './test-helpers.ts';

/**
 * Payouts through Razorpay Route, against a loopback stand-in that answers as Route's API documents:
 * linked accounts (`POST /v2/accounts`), their Route product (`POST /v2/accounts/{id}/products`, then
 * `PATCH …/products/{id}` with the settlement bank account), Direct Transfers (`POST /v1/transfers`,
 * the same transfer again for a repeated X-Transfer-Idempotency key) and `GET /v1/transfers/{id}`.
 */

interface Transfer {
  id: string;
  entity: 'transfer';
  status: string;
  source: string;
  recipient: string;
  amount: number;
  currency: string;
  amount_reversed: number;
  notes: Record<string, string>;
  on_hold: boolean;
  created_at: number;
}

async function startRoute() {
  const requests: { method: string; url: string; key?: string; body: Record<string, unknown> }[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, Transfer>();
  const byKey = new Map<string, { transfer: Transfer; body: string }>();
  let counter = 0;
  const id = (prefix: string) => `${prefix}_Loop${String(++counter).padStart(10, '0')}`;
  const state = {
    /** The next transfer is made, then the connection is dropped before the answer (a "kill"). */
    hangUpAfterTransfer: 0,
    transferStatus: 'processed' as string,
    refuseTransfer: null as string | null,
  };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const body = text ? JSON.parse(text) : {};
    const url = req.url ?? '';
    const key = req.headers['x-transfer-idempotency'] as string | undefined;
    requests.push({ method: req.method ?? '', url, key, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const error = (description: string) =>
      answer(400, {
        error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
      });
    const products = /^\/v2\/accounts\/([^/]+)\/products$/.exec(url);
    const product = /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/.exec(url);
    const fetched = /^\/v1\/transfers\/([^/]+)$/.exec(url);
    if (req.method === 'POST' && url === '/v2/accounts') {
      const account = {
        id: id('acc'),
        type: 'route',
        status: 'created',
        ...body,
        created_at: Math.floor(Date.now() / 1000),
      };
      accounts.set(account.id, account);
      return answer(200, account);
    }
    if (req.method === 'POST' && products) {
      if (!accounts.has(products[1] as string)) return error('Linked account does not exist');
      return answer(200, {
        id: id('acc_prd'),
        product_name: 'route',
        activation_status: 'needs_clarification',
        requirements: [
          { field_reference: 'settlements.account_number', reason_code: 'field_missing', status: 'required' },
        ],
        tnc: { accepted: true },
      });
    }
    if (req.method === 'PATCH' && product) {
      return answer(200, {
        id: product[2],
        product_name: 'route',
        activation_status: 'activated',
        active_configuration: { settlements: body.settlements },
        requirements: [],
      });
    }
    if (req.method === 'POST' && url === '/v1/transfers') {
      if (state.refuseTransfer) return error(state.refuseTransfer);
      if (!accounts.has(body.account)) return error('The account id does not exist');
      const seen = key ? byKey.get(key) : undefined;
      if (seen && seen.body !== text) return error('Different request body sent for the same idempotency key');
      const transfer: Transfer = seen?.transfer ?? {
        id: id('trf'),
        entity: 'transfer',
        status: state.transferStatus,
        source: 'acc_PlatformAccount',
        recipient: body.account,
        amount: body.amount,
        currency: body.currency,
        amount_reversed: 0,
        notes: body.notes,
        on_hold: false,
        created_at: Math.floor(Date.now() / 1000),
      };
      transfers.set(transfer.id, transfer);
      if (key) byKey.set(key, { transfer, body: text });
      if (state.hangUpAfterTransfer > 0) {
        state.hangUpAfterTransfer--;
        req.socket.destroy();
        return;
      }
      return answer(200, transfer);
    }
    if (req.method === 'GET' && fetched) {
      const transfer = transfers.get(fetched[1] as string);
      return transfer ? answer(200, transfer) : error('The id provided does not exist');
    }
    return answer(404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, accounts, transfers, state };
}

async function educatorWithSale(app: TestApp, sales = 1) {
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  expect((await caller(app)('PUT', '/api/earnings/payout-account', cookie, ACCOUNT)).statusCode).toBe(200);
  const course = await createCourse(app, educator.id, { price: 1000 });
  for (let i = 0; i < sales; i++) await buy(app, await loginCookie(app, await createUser(app)), course.id);
  return educator;
}

describe('payouts through Razorpay Route (loopback stand-in)', async () => {
  const route = await startRoute();
  const app = await buildTestApp({
    REFUND_WINDOW_DAYS: '0',
    PAYOUT_PROVIDER: 'razorpay',
    RAZORPAY_API_URL: route.url,
    RAZORPAY_KEY_ID: 'rzp_test_RouteLoopback',
    RAZORPAY_KEY_SECRET: 'route_loopback_secret',
  });
  const call = caller(app);
  const operator = await createUser(app);
  await app.db.execute(sql`update users set role = 'admin' where id = ${operator.id}`);
  const adminCookie = await loginCookie(app, operator);
  const run = async () => {
    const res = await call('POST', '/api/admin/payouts/run', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const payoutsOf = (educatorId: string) => app.db.select().from(payouts).where(eq(payouts.educatorId, educatorId));

  it('onboards a linked account once (account, Route product, settlement account) and transfers with the payout id as key', async () => {
    const educator = await educatorWithSale(app);
    const answer = await run();
    expect(answer.payouts).toEqual([expect.objectContaining({ amount: 677.97, status: 'paid', provider: 'razorpay' })]);
    const [payout] = await payoutsOf(educator.id);
    const created = route.requests.filter((r) => r.url === '/v2/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({
      email: educator.email,
      type: 'route',
      legal_business_name: 'Asha Verma',
      business_type: 'individual',
      legal_info: { pan: 'ABCDE1234F' },
    });
    const settlement = route.requests.find((r) => r.method === 'PATCH');
    expect(settlement?.body).toEqual({
      settlements: { account_number: '123456789012', ifsc_code: 'HDFC0001234', beneficiary_name: 'Asha Verma' },
      tnc_accepted: true,
    });
    const transfer = route.requests.find((r) => r.url === '/v1/transfers');
    expect(transfer).toMatchObject({
      key: payout!.id,
      body: { amount: 67_797, currency: 'INR', account: created[0] && [...route.accounts.keys()][0] },
    });
    expect(payout!.reference).toBe([...route.transfers.keys()][0]);
    const [account] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educator.id));
    expect(account).toMatchObject({
      routeAccountId: expect.stringMatching(/^acc_/),
      routeProductId: expect.stringMatching(/^acc_prd_/),
    });
    expect(account!.routeReadyAt).not.toBeNull();
  });

  it('a run killed between the transfer and its commit, run again, pays once (the same idempotency key)', async () => {
    const educator = await educatorWithSale(app, 2);
    const before = route.transfers.size;
    route.state.hangUpAfterTransfer = 1;
    const first = await run();
    // Razorpay made the transfer, but the answer never arrived: the payout waits, its debit written.
    const [open] = await payoutsOf(educator.id);
    expect(open).toMatchObject({ status: 'pending', reference: null, amount: 135_594 });
    expect(first.payouts.map((p: { _id: string }) => p._id)).toEqual([open!.id]);
    expect(route.transfers.size).toBe(before + 1);
    const second = await run();
    expect(second.payouts).toEqual([expect.objectContaining({ _id: open!.id, status: 'paid' })]);
    // Sent twice with one key: Razorpay made one transfer.
    const sent = route.requests.filter((r) => r.url === '/v1/transfers' && r.key === open!.id);
    expect(sent).toHaveLength(2);
    expect(route.transfers.size).toBe(before + 1);
    expect(await payoutsOf(educator.id)).toHaveLength(1);
    const [sums] = await app.db.select().from(earningsBalances).where(eq(earningsBalances.educatorId, educator.id));
    expect(sums).toMatchObject({ balance: 0, paidOut: 135_594 });
    // A third run has nothing left to do.
    expect((await run()).payouts).toEqual([]);
  });

  it('a transfer under way is checked by the next run until Razorpay has processed it', async () => {
    const educator = await educatorWithSale(app);
    route.state.transferStatus = 'pending';
    expect((await run()).payouts).toEqual([expect.objectContaining({ status: 'processing' })]);
    const [payout] = await payoutsOf(educator.id);
    route.transfers.get(payout!.reference as string)!.status = 'processed';
    route.state.transferStatus = 'processed';
    expect((await run()).payouts).toEqual([expect.objectContaining({ _id: payout!.id, status: 'paid' })]);
    expect(route.requests.some((r) => r.method === 'GET' && r.url === `/v1/transfers/${payout!.reference}`)).toBe(true);
  });

  it('a transfer Razorpay refuses fails the payout and returns its amount to the balance', async () => {
    const educator = await educatorWithSale(app);
    route.state.refuseTransfer = 'Linked account is not activated yet';
    const answer = await run();
    route.state.refuseTransfer = null;
    expect(answer.payouts).toEqual([
      expect.objectContaining({ status: 'failed', failure: 'Razorpay refused: Linked account is not activated yet' }),
    ]);
    const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.educatorId, educator.id));
    expect(entries.map((e) => [e.kind, e.educatorShare])).toEqual([
      ['sale', 67_797],
      ['payout', -67_797],
      ['payoutReturn', 67_797],
    ]);
    // Available again: the next run pays it (a new payout, a new key).
    const next = await run();
    expect(next.payouts).toEqual([expect.objectContaining({ status: 'paid', amount: 677.97 })]);
    expect((await call('GET', '/api/admin/reconcile', adminCookie)).json()).toMatchObject({ ok: true });
  });
});
