import { MESSAGES } from '@kaksha/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  certificates,
  couponRedemptions,
  enrollments,
  invoices,
  lectureProgress,
  lectures,
  paymentOrders,
  refunds,
} from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { signWebhook } from '../payments/payments.provider.ts';

const WEBHOOK_SECRET = 'refunds_webhook_secret';
type Json = Record<string, unknown>;
const DAY = 86_400_000;

describe('refunds and purchases', async () => {
  const app = await buildTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: Json) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  async function learner() {
    const user = await createUser(app);
    return { user, cookie: await loginCookie(app, user) };
  }
  const course = (price = 1000, lectureCount = 10) =>
    createCourse(app, educator.id, {
      price,
      lectures: Array.from({ length: lectureCount }, (_, i) => ({ lectureTitle: `Lecture ${i + 1}` })),
    });

  /** Buys through the sandbox: create-order, pay, verify. Answers the provider order id. */
  async function buy(cookie: string, courseId: string, couponCode?: string) {
    const order = await call('POST', '/api/payment/create-order', cookie, {
      courseId,
      ...(couponCode ? { couponCode } : {}),
    });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await call('POST', '/api/payment/sandbox/pay', cookie, {
      orderId: order.json().id,
      outcome: 'success',
    });
    const { status: _status, ...signed } = paid.json();
    const verified = await call('POST', '/api/payment/verify-payment', cookie, { ...signed, courseId });
    expect(verified.statusCode, verified.body).toBe(200);
    return order.json().id as string;
  }
  const eligibility = async (cookie: string, courseId: string) => {
    const res = await call('GET', `/api/payment/refund-eligibility/${courseId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      eligible: boolean;
      reason: string | null;
      deadline: string | null;
      progressPercent: number;
      amount: number;
    };
  };
  const refund = (cookie: string, courseId: string) =>
    call('POST', '/api/payment/refund', cookie, { courseId, reason: 'Not what I expected' });
  const isEnrolled = async (userId: string, courseId: string) =>
    (
      await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    ).length === 1;
  async function complete(userId: string, courseId: string, count: number) {
    const rows = await app.db.select().from(lectures).where(eq(lectures.courseId, courseId)).limit(count);
    for (const lecture of rows) {
      await app.db.insert(lectureProgress).values({ userId, lectureId: lecture.id, courseId, completed: true });
    }
  }
  const earnings = async (courseId: string) => {
    const res = await call('GET', '/api/course/getcreatorcourses', educatorCookie);
    return (res.json() as { _id: string; earnings: number }[]).find((c) => c._id === courseId)?.earnings;
  };

  it('needs a session for eligibility, refunds and purchases', async () => {
    const c = await course();
    expect((await call('GET', `/api/payment/refund-eligibility/${c.id}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/payment/refund', undefined, { courseId: c.id, reason: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/payment/purchases')).statusCode).toBe(401);
    const { cookie } = await learner();
    expect((await call('POST', '/api/payment/refund', cookie, { courseId: c.id, reason: '' })).statusCode).toBe(400);
    // Nothing bought: not eligible, and a refund is a 409 saying so.
    expect(await eligibility(cookie, c.id)).toMatchObject({ eligible: false, amount: 0, deadline: null });
    const none = await refund(cookie, c.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/not paid for this course/);
    expect((await refund(cookie, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refunds: access ends, progress stays, a credit note reverses the invoice, earnings drop; buying again restores', async () => {
    const c = await course(1180);
    const { user, cookie } = await learner();
    const orderId = await buy(cookie, c.id);
    await complete(user.id, c.id, 3);
    expect(await earnings(c.id)).toBe(1180);
    expect(await eligibility(cookie, c.id)).toMatchObject({
      eligible: true,
      reason: null,
      progressPercent: 30,
      amount: 1180,
    });

    const res = await refund(cookie, c.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: MESSAGES.refundCreated,
      refund: { amount: 1180, status: 'processed' },
      creditNote: { number: expect.stringMatching(/^KAKC\/\d{4}\/\d+$/) },
    });
    expect(await isEnrolled(user.id, c.id)).toBe(false);
    expect(await earnings(c.id)).toBe(0);
    const kept = await app.db.select().from(lectureProgress).where(eq(lectureProgress.userId, user.id));
    expect(kept).toHaveLength(3);
    // The course has left their enrolments.
    const enrolled = (await call('GET', '/api/course/getenrolledcourses', cookie)).json() as { _id: string }[];
    expect(enrolled.map((e) => e._id)).not.toContain(c.id);

    const docs = await app.db.select().from(invoices).where(eq(invoices.userId, user.id));
    const invoice = docs.find((d) => d.kind === 'invoice');
    const note = docs.find((d) => d.kind === 'creditNote');
    expect(note).toMatchObject({ id: body.creditNote._id, refersTo: invoice?.id, total: invoice?.total });
    const [row] = await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId));
    expect((await app.db.select().from(refunds).where(eq(refunds.orderId, row!.id)))[0]).toMatchObject({
      status: 'processed',
      providerRefundId: expect.stringMatching(/^rfnd_/),
    });
    expect((await eligibility(cookie, c.id)).reason).toBe('This purchase has already been refunded.');
    // The learner hears of it in the app (the sandbox refunds at once), once.
    const notes = (await call('GET', '/api/notifications', cookie)).json().notifications as {
      kind: string;
      link: string;
    }[];
    expect(notes.filter((n) => n.kind === 'refund')).toEqual([expect.objectContaining({ link: '/purchases' })]);

    // The purchases page shows the refunded order with both documents.
    const purchases = (await call('GET', '/api/payment/purchases', cookie)).json();
    expect(purchases.refundPolicy).toEqual({ windowDays: 7, maxProgressPercent: 30, maxPer90Days: 3 });
    expect(purchases.purchases[0]).toMatchObject({
      course: { _id: c.id },
      amount: 1180,
      invoice: { _id: invoice?.id, number: invoice?.number },
      creditNote: { _id: note?.id },
      refund: { status: 'processed', amount: 1180 },
      refundEligibility: { eligible: false },
    });

    // Buying again gives access back, with the progress kept.
    await buy(cookie, c.id);
    expect(await isEnrolled(user.id, c.id)).toBe(true);
    expect(await eligibility(cookie, c.id)).toMatchObject({ eligible: true, progressPercent: 30 });
    const again = (await call('GET', '/api/payment/purchases', cookie)).json().purchases;
    expect(again).toHaveLength(2);
    expect(again[0]).toMatchObject({ refund: null, creditNote: null, refundEligibility: { eligible: true } });
  });

  it('gives one refund and one credit note to 10 concurrent requests, all with the same answer', async () => {
    const c = await course(700);
    const { user, cookie } = await learner();
    await buy(cookie, c.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(cookie, c.id)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().creditNote.number)).size).toBe(1);
    expect(new Set(answers.map((r) => r.json().refund._id)).size).toBe(1);
    expect(await app.db.select().from(refunds).where(eq(refunds.userId, user.id))).toHaveLength(1);
    const notes = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), eq(invoices.kind, 'creditNote')));
    expect(notes).toHaveLength(1);
  });

  it('refuses past the window, above the progress limit, after the certificate and past the 90-day limit', async () => {
    const { user, cookie } = await learner();
    const expect409 = async (courseId: string, reason: RegExp) => {
      expect((await eligibility(cookie, courseId)).reason).toMatch(reason);
      const res = await refund(cookie, courseId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(reason);
      expect(await isEnrolled(user.id, courseId)).toBe(true);
    };
    // The window: 7 days after payment, to the millisecond.
    const late = await course();
    const orderId = await buy(cookie, late.id);
    const paidAt = (days: number) =>
      app.db
        .update(paymentOrders)
        .set({ paidAt: new Date(Date.now() - days * DAY) })
        .where(eq(paymentOrders.providerOrderId, orderId));
    await paidAt(6.99);
    expect((await eligibility(cookie, late.id)).eligible).toBe(true);
    await paidAt(7.01);
    await expect409(late.id, /7-day refund window ended/);

    // Progress: 30 % is allowed, 40 % is not.
    const studied = await course(1000, 10);
    await buy(cookie, studied.id);
    await complete(user.id, studied.id, 4);
    await expect409(studied.id, /completed 40% of the lectures; refunds are possible up to 30%/);

    const certified = await course();
    await buy(cookie, certified.id);
    await app.db.insert(certificates).values({
      userId: user.id,
      courseId: certified.id,
      learnerName: 'L',
      courseTitle: 'C',
      educatorName: 'E',
    });
    await expect409(certified.id, /claimed the certificate/);

    // Three refunds in 90 days; the fourth is refused.
    const { cookie: frequent } = await learner();
    for (let i = 0; i < 3; i++) {
      const c = await course(500);
      await buy(frequent, c.id);
      expect((await refund(frequent, c.id)).statusCode).toBe(200);
    }
    const fourth = await course(500);
    await buy(frequent, fourth.id);
    const res = await refund(frequent, fourth.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/3 refunds in the last 90 days/);
  });

  it('frees the coupon place of a refunded sale', async () => {
    const c = await course(900);
    const created = await call('POST', '/api/coupon/create', educatorCookie, {
      code: `BACK-${Date.now().toString(36).toUpperCase()}`,
      courseId: c.id,
      type: 'percent',
      value: 10,
    });
    const coupon = created.json().coupon;
    const { cookie } = await learner();
    await buy(cookie, c.id, coupon.code);
    expect((await refund(cookie, c.id)).json().refund.amount).toBe(810);
    const [use] = await app.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon._id));
    expect(use?.status).toBe('released');
    const listed = (await call('GET', '/api/coupon/mine', educatorCookie)).json().coupons;
    expect(listed.find((x: { _id: string }) => x._id === coupon._id)).toMatchObject({ redemptions: 0, revenue: 0 });
  });

  it('follows refund.processed and refund.failed webhooks (signed, idempotent)', async () => {
    const c = await course(650);
    const { user, cookie } = await learner();
    await buy(cookie, c.id);
    await refund(cookie, c.id);
    const [row] = await app.db.select().from(refunds).where(eq(refunds.userId, user.id));
    const event = (name: string) => ({
      entity: 'event',
      event: name,
      contains: ['refund'],
      payload: {
        refund: { entity: { id: row?.providerRefundId, entity: 'refund', amount: 65_000, status: name.split('.')[1] } },
      },
    });
    const send = (body: Json, signature?: string) => {
      const raw = JSON.stringify(body);
      return app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature ?? signWebhook(raw, WEBHOOK_SECRET),
        },
        payload: raw,
      });
    };
    expect((await send(event('refund.failed'), 'bad')).statusCode).toBe(400);
    const status = async () => (await app.db.select().from(refunds).where(eq(refunds.id, row!.id)))[0]?.status;
    expect(status).toBeDefined();
    expect(await status()).toBe('processed');
    for (let i = 0; i < 2; i++) {
      const res = await send(event('refund.failed'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('ok');
    }
    expect(await status()).toBe('failed');
    expect((await send(event('refund.processed'))).statusCode).toBe(200);
    expect(await status()).toBe('processed');
    const unknown = await send({
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_Unknown00000001' } } },
    });
    expect(unknown.json().status).toBe('ignored');
  });
});
