import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@kaksha/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollments, paymentOrders, refunds } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { assertProviderKeys, razorpayProvider, signPayment, signWebhook } from './payments.provider.ts';

const KEY_ID = 'rzp_test_LoopbackKey01';
const KEY_SECRET = 'loopback_key_secret';
const WEBHOOK_SECRET = 'loopback_webhook_secret';

interface Received {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  /** X-Refund-Idempotency of a refund request. */
  idempotency?: string;
  body: Record<string, unknown>;
}

/**
 * A loopback stand-in for Razorpay's Orders and Refunds APIs: records each request, answers as
 * told, or by default as Razorpay documents (a created order; a pending refund, the same one again
 * for a repeated X-Refund-Idempotency key).
 */
async function startOrdersApi() {
  const received: Received[] = [];
  // By default a created order; otherwise the given status and body, verbatim.
  let answer: { status: number; body?: unknown } | 'hang-up' = { status: 200 };
  let counter = 0;
  const refundsByKey = new Map<string, string>();
  const refundPath = /^\/v1\/payments\/([^/]+)\/refund$/;
  // Runs while Razorpay is "working" on a request, before it answers.
  let during: (() => Promise<void>) | undefined;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const body = text ? JSON.parse(text) : {};
    received.push({
      method: req.method,
      url: req.url,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      idempotency: req.headers['x-refund-idempotency'] as string | undefined,
      body,
    });
    await during?.();
    if (answer === 'hang-up') {
      req.socket.destroy();
      return;
    }
    const refunded = refundPath.exec(req.url ?? '');
    if (answer.body === undefined && refunded) {
      const key = String(req.headers['x-refund-idempotency']);
      const id = refundsByKey.get(key) ?? `rfnd_Loopback${String(++counter).padStart(6, '0')}`;
      refundsByKey.set(key, id);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          entity: 'refund',
          amount: body.amount,
          currency: 'INR',
          payment_id: decodeURIComponent(refunded[1] as string),
          notes: body.notes,
          receipt: body.receipt,
          status: 'pending',
          speed_requested: body.speed,
          created_at: Math.floor(Date.now() / 1000),
        }),
      );
      return;
    }
    const reply =
      answer.body === undefined && req.url === '/v1/orders'
        ? {
            id: `order_Loopback${String(++counter).padStart(6, '0')}`,
            entity: 'order',
            amount: body.amount,
            amount_paid: 0,
            amount_due: body.amount,
            currency: body.currency,
            receipt: body.receipt,
            status: 'created',
            attempts: 0,
            notes: body.notes,
            created_at: Math.floor(Date.now() / 1000),
          }
        : answer.body;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(next: typeof answer) {
      answer = next;
    },
    during(next: typeof during) {
      during = next;
    },
  };
}

describe('payments with the Razorpay provider (loopback Orders API)', async () => {
  const api = await startOrdersApi();
  const app = await buildTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: `${api.url}/`,
  });
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { price: 3499 });
  const post = (url: string, cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/payment${url}`, headers: { cookie }, payload });

  beforeEach(() => {
    api.received.length = 0;
    api.answer({ status: 200 });
    api.during(undefined);
  });

  it("creates the order through Razorpay's Orders API and verifies the checkout's answer", async () => {
    const student = await createUser(app);
    const cookie = await loginCookie(app, student);
    const res = await post('/create-order', cookie, { courseId: course.id, userId: student.id, amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toEqual({
      id: 'order_Loopback000001',
      amount: 349900,
      currency: 'INR',
      key: KEY_ID,
      provider: 'razorpay',
      expiresAt: expect.any(String),
    });

    expect(api.received).toHaveLength(1);
    const [call] = api.received;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v1/orders');
    expect(call.contentType).toMatch(/application\/json/);
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    const [row] = await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, order.id));
    expect(call.body).toEqual({
      amount: 349900,
      currency: 'INR',
      receipt: row.id,
      notes: { courseId: course.id, userId: student.id },
    });
    expect(row).toMatchObject({ provider: 'razorpay', status: 'created', amount: 349900, userId: student.id });

    // What Razorpay's checkout would hand to the success handler.
    const paymentId = 'pay_LoopbackPay001';
    const verify = await post('/verify-payment', cookie, {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(order.id, paymentId, KEY_SECRET),
      courseId: course.id,
      userId: student.id,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ message: MESSAGES.paymentVerified });
    const enrolled = await app.db.select().from(enrollments).where(eq(enrollments.userId, student.id));
    expect(enrolled.map((e) => e.courseId)).toEqual([course.id]);
  });

  it('asks Razorpay for the order without holding a transaction or the order lock', async () => {
    const student = await createUser(app);
    const cookie = await loginCookie(app, student);
    const free: boolean[] = [];
    // While the provider works, the database stays usable and the learner's order lock is free.
    api.during(async () => {
      const result = await app.db.execute<{ free: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext(${`order:${student.id}:${course.id}`})) as free`,
      );
      free.push(result.rows[0].free);
    });
    const res = await post('/create-order', cookie, { courseId: course.id, userId: student.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(free).toEqual([true]);
    const rows = await app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, student.id));
    expect(rows.map((r) => r.providerOrderId)).toEqual([res.json().id]);
  });

  it('turns an error answer of the provider into a 502 with a clear message, storing no order', async () => {
    const student = await createUser(app);
    const cookie = await loginCookie(app, student);
    api.answer({
      status: 401,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA' } },
    });
    const res = await post('/create-order', cookie, { courseId: course.id, userId: student.id });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider refused to create the order (401): Authentication failed');
    expect(res.json().id).toBe('payment_provider_error');

    api.answer({ status: 500, body: 'not json at all' });
    const serverError = await post('/create-order', cookie, { courseId: course.id, userId: student.id });
    expect(serverError.statusCode).toBe(502);
    expect(serverError.json().message).toMatch(/refused to create the order \(500\)/);

    api.answer({ status: 200, body: { entity: 'order' } });
    const noId = await provider()
      .createOrder({ amount: 100, currency: 'INR', receipt: 'r', notes: {} })
      .catch((e) => e);
    expect(noId.statusCode).toBe(502);

    api.answer('hang-up');
    const dropped = await post('/create-order', cookie, { courseId: course.id, userId: student.id });
    expect(dropped.statusCode).toBe(502);
    expect(dropped.json().message).toMatch(/could not be reached/);

    const rows = await app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, student.id));
    expect(rows).toEqual([]);
  });

  it('answers 502 when the provider is not listening at all', async () => {
    const closed = razorpayProvider({ ...app.config.payment, apiUrl: 'http://127.0.0.1:9' });
    const error = await closed.createOrder({ amount: 100, currency: 'INR', receipt: 'r', notes: {} }).catch((e) => e);
    expect(error.statusCode).toBe(502);
  });

  it("enrols from Razorpay's signed order.paid webhook when the browser never verified", async () => {
    const student = await createUser(app);
    const cookie = await loginCookie(app, student);
    const order = (await post('/create-order', cookie, { courseId: course.id, userId: student.id })).json();
    const raw = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: { id: 'pay_WebhookOnly001', amount: order.amount, currency: 'INR', order_id: order.id },
        },
        order: { entity: { id: order.id, amount_paid: order.amount, status: 'paid' } },
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(raw, WEBHOOK_SECRET) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    const enrolled = await app.db.select().from(enrollments).where(eq(enrollments.userId, student.id));
    expect(enrolled.map((e) => e.courseId)).toEqual([course.id]);
  });

  it('refuses to start with the built-in sandbox keys when the provider is razorpay', () => {
    const real = { ...app.config.payment };
    expect(() => assertProviderKeys(real)).not.toThrow();
    expect(() => assertProviderKeys({ ...real, webhookSecret: 'kaksha_sandbox_webhook_secret' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=razorpay/,
    );
    expect(() => assertProviderKeys({ ...real, keySecret: '' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() =>
      assertProviderKeys({ ...real, provider: 'sandbox', keySecret: 'kaksha_sandbox_secret' }),
    ).not.toThrow();
  });

  it('has no sandbox endpoint', async () => {
    const student = await createUser(app);
    const res = await post('/sandbox/pay', await loginCookie(app, student), { orderId: 'order_x', outcome: 'success' });
    expect(res.statusCode).toBe(404);
  });

  function provider() {
    return razorpayProvider(app.config.payment);
  }

  const educatorCookie = await loginCookie(app, educator);
  /** A learner who bought `course` through Razorpay (the checkout's signed answer verified). */
  async function buyer(couponCode?: string) {
    const student = await createUser(app);
    const cookie = await loginCookie(app, student);
    const order = (
      await post('/create-order', cookie, { courseId: course.id, ...(couponCode ? { couponCode } : {}) })
    ).json();
    const paymentId = `pay_Loop${order.id.slice(-10)}`;
    const verify = await post('/verify-payment', cookie, {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(order.id, paymentId, KEY_SECRET),
      courseId: course.id,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    return { student, cookie, order, paymentId };
  }
  const signedWebhook = (body: unknown) => {
    const raw = JSON.stringify(body);
    return app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(raw, WEBHOOK_SECRET) },
      payload: raw,
    });
  };

  it('charges a coupon order, refunds it through the Refunds API and follows refund.processed', async () => {
    const code = `RZP-${Date.now().toString(36).toUpperCase()}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/coupon/create',
      headers: { cookie: educatorCookie },
      payload: { code, courseId: course.id, type: 'fixed', value: 500 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { student, cookie, order, paymentId } = await buyer(code.toLowerCase());
    const [orderCall] = api.received;
    expect(orderCall?.body).toMatchObject({ amount: 299900, notes: { coupon: code } });
    expect(order.amount).toBe(299900);

    const res = await post('/refund', cookie, { courseId: course.id, reason: 'Changed my mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ amount: 2999, status: 'pending' });
    const refundCall = api.received.at(-1);
    const [row] = await app.db.select().from(refunds).where(eq(refunds.userId, student.id));
    expect(refundCall).toMatchObject({
      method: 'POST',
      url: `/v1/payments/${paymentId}/refund`,
      idempotency: row?.id,
      body: { amount: 299900, speed: 'normal' },
    });
    expect(row?.providerRefundId).toMatch(/^rfnd_Loopback/);
    // Access ended when Razorpay took the refund, before the money arrived.
    expect(await app.db.select().from(enrollments).where(eq(enrollments.userId, student.id))).toEqual([]);

    const processed = await signedWebhook({
      entity: 'event',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { id: row?.providerRefundId, payment_id: paymentId, amount: 299900, status: 'processed' } },
      },
    });
    expect(processed.json()).toEqual({ status: 'ok' });
    const [after] = await app.db.select().from(refunds).where(eq(refunds.userId, student.id));
    expect(after?.status).toBe('processed');
  });

  it('keeps access when Razorpay cannot be reached for a refund; asking again sends the same idempotency key', async () => {
    const { student, cookie } = await buyer();
    api.answer('hang-up');
    const failed = await post('/refund', cookie, { courseId: course.id, reason: 'Not for me' });
    expect(failed.statusCode).toBe(502);
    expect(await app.db.select().from(enrollments).where(eq(enrollments.userId, student.id))).toHaveLength(1);
    const eligibility = await app.inject({
      method: 'GET',
      url: `/api/payment/refund-eligibility/${course.id}`,
      headers: { cookie },
    });
    expect(eligibility.json()).toMatchObject({ eligible: true });

    api.answer({ status: 200 });
    const retried = await post('/refund', cookie, { courseId: course.id, reason: 'Not for me' });
    expect(retried.statusCode, retried.body).toBe(200);
    const keys = api.received.filter((r) => r.url?.endsWith('/refund')).map((r) => r.idempotency);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(await app.db.select().from(refunds).where(eq(refunds.userId, student.id))).toHaveLength(1);
    expect(await app.db.select().from(enrollments).where(eq(enrollments.userId, student.id))).toEqual([]);
  });
});
