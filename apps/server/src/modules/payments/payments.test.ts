import { MESSAGES } from '@kaksha/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, enrollments, paymentOrders, users } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { presentUser } from '../users/users.presenter.ts';
import { signPayment, signWebhook } from './payments.provider.ts';

const KEY_SECRET = 'test_key_secret_123';
const WEBHOOK_SECRET = 'test_webhook_secret_456';

type Json = Record<string, unknown>;

describe('payments (sandbox provider)', async () => {
  const app = await buildTestApp({
    RAZORPAY_KEY_ID: 'rzp_test_kaksha',
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);

  const post = (url: string, cookie: string | undefined, payload: Json) =>
    app.inject({ method: 'POST', url: `/api/payment${url}`, headers: cookie ? { cookie } : {}, payload });

  async function learner() {
    const user = await createUser(app);
    return { user, cookie: await loginCookie(app, user) };
  }
  const paidCourse = (price = 1299) => createCourse(app, educator.id, { title: `Course ${price}`, price });

  async function createOrder(who: { user: { id: string }; cookie: string }, courseId: string, extra: Json = {}) {
    const res = await post('/create-order', who.cookie, { courseId, userId: who.user.id, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      id: string;
      amount: number;
      currency: string;
      key: string;
      provider: string;
      expiresAt: string;
    };
  }
  async function pay(cookie: string, orderId: string) {
    const res = await post('/sandbox/pay', cookie, { orderId, outcome: 'success' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('captured');
    return {
      razorpay_order_id: body.razorpay_order_id as string,
      razorpay_payment_id: body.razorpay_payment_id as string,
      razorpay_signature: body.razorpay_signature as string,
    };
  }
  const enrolmentCount = async (userId: string, courseId: string) =>
    (
      await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    ).length;
  const enrolmentRow = async (userId: string, courseId: string) =>
    (
      await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    )[0];
  /** The course as its creator's getcreatorcourses lists it (with `earnings`). */
  const creatorCourse = async (courseId: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/course/getcreatorcourses',
      headers: { cookie: educatorCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { _id: string; price: number; enrolledCount: number; earnings: number }[]).find(
      (c) => c._id === courseId,
    );
    if (!found) throw new Error(`course ${courseId} not in getcreatorcourses`);
    return found;
  };
  const orderRow = async (providerOrderId: string) =>
    (await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)))[0];
  const enrolledCourses = async (userId: string) => {
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    return (await presentUser(app.db, app.storage, row)).enrolledCourses.map((c) => c._id);
  };
  function webhook(body: Json, signature?: string) {
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
  }
  const capturedEvent = (orderId: string, paymentId: string, amount: number, event = 'payment.captured') => ({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId },
      },
      ...(event === 'order.paid'
        ? { order: { entity: { id: orderId, entity: 'order', amount, amount_paid: amount, status: 'paid' } } }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });

  it('happy path: order with the DB price in paise, sandbox payment, verification, enrolment everywhere', async () => {
    const course = await paidCourse(1299);
    const student = await learner();
    const order = await createOrder(student, course.id);
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      amount: 129900,
      currency: 'INR',
      key: 'rzp_test_kaksha',
      provider: 'sandbox',
      expiresAt: expect.any(String),
    });
    const stored = await orderRow(order.id);
    // Payable for the configured 30 minutes (the default).
    expect(stored.expiresAt.toISOString()).toBe(order.expiresAt);
    expect(Math.abs(stored.expiresAt.getTime() - stored.createdAt.getTime() - 30 * 60_000)).toBeLessThan(5_000);
    expect(stored).toMatchObject({
      userId: student.user.id,
      courseId: course.id,
      amount: 129900,
      currency: 'INR',
      provider: 'sandbox',
      status: 'created',
      providerPaymentId: null,
    });
    expect(stored.createdAt).toBeInstanceOf(Date);

    const fields = await pay(student.cookie, order.id);
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(fields.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    // Signed exactly like Razorpay: HMAC_SHA256(order_id|payment_id, key_secret).
    expect(fields.razorpay_signature).toBe(signPayment(order.id, fields.razorpay_payment_id, KEY_SECRET));
    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);

    const res = await post('/verify-payment', student.cookie, {
      ...fields,
      courseId: course.id,
      userId: student.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.paymentVerified });

    const paid = await orderRow(order.id);
    expect(paid.status).toBe('paid');
    expect(paid.providerPaymentId).toBe(fields.razorpay_payment_id);
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    expect(await enrolledCourses(student.user.id)).toContain(course.id);

    const asCreator = await app.inject({
      method: 'GET',
      url: `/api/course/getcourse/${course.id}`,
      headers: { cookie: educatorCookie },
    });
    expect(asCreator.json().enrolledStudents).toContain(student.user.id);

    // Enrolled now: a second purchase is refused.
    const again = await post('/create-order', student.cookie, { courseId: course.id, userId: student.user.id });
    expect(again.statusCode).toBe(409);
  });

  it('takes the amount from the database, never from the request', async () => {
    const course = await paidCourse(2499);
    const student = await learner();
    const order = await createOrder(student, course.id, { amount: 1, price: 1, currency: 'USD' });
    expect(order.amount).toBe(249900);
    expect(order.currency).toBe('INR');
    expect((await orderRow(order.id)).amount).toBe(249900);

    // A changed price gives a new order with the new amount.
    await app.db.update(courses).set({ price: 999 }).where(eq(courses.id, course.id));
    const repriced = await createOrder(student, course.id, { amount: 1 });
    expect(repriced.amount).toBe(99900);
    expect(repriced.id).not.toBe(order.id);
  });

  it('hands out the open order again instead of creating a second one (double click, cancelled checkout)', async () => {
    const course = await paidCourse(799);
    const student = await learner();
    // Parallel first requests agree on one order too (a real race on PostgreSQL).
    const firsts = await Promise.all([createOrder(student, course.id), createOrder(student, course.id)]);
    expect(firsts[1].id).toBe(firsts[0].id);
    const first = firsts[0];
    const again = await Promise.all([createOrder(student, course.id), createOrder(student, course.id)]);
    expect(again.map((o) => o.id)).toEqual([first.id, first.id]);
    const rows = await app.db.select().from(paymentOrders).where(eq(paymentOrders.courseId, course.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses another user's userId (403) and signed-out requests (401)", async () => {
    const course = await paidCourse();
    const student = await learner();
    const other = await learner();
    const res = await post('/create-order', student.cookie, { courseId: course.id, userId: other.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/only enrol yourself/i);

    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    const verify = await post('/verify-payment', student.cookie, {
      ...fields,
      courseId: course.id,
      userId: other.user.id,
    });
    expect(verify.statusCode).toBe(403);

    expect((await post('/create-order', undefined, { courseId: course.id, userId: student.user.id })).statusCode).toBe(
      401,
    );
    expect((await post('/verify-payment', undefined, { ...fields, courseId: course.id, userId: 'x' })).statusCode).toBe(
      401,
    );
    expect((await post('/sandbox/pay', undefined, { orderId: order.id, outcome: 'success' })).statusCode).toBe(401);
    expect(await enrolmentCount(other.user.id, course.id)).toBe(0);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);
  });

  it("refuses another user's order, even with a valid signature", async () => {
    const course = await paidCourse();
    const owner = await learner();
    const thief = await learner();
    const order = await createOrder(owner, course.id);

    // The thief cannot pay it in the sandbox …
    expect((await post('/sandbox/pay', thief.cookie, { orderId: order.id, outcome: 'success' })).statusCode).toBe(404);
    // … nor claim its (validly signed) payment.
    const fields = await pay(owner.cookie, order.id);
    const res = await post('/verify-payment', thief.cookie, { ...fields, courseId: course.id, userId: thief.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/verification failed/i);
    expect(await enrolmentCount(thief.user.id, course.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');

    // Nor can the owner move the payment onto another course.
    const other = await paidCourse(50);
    const moved = await post('/verify-payment', owner.cookie, { ...fields, courseId: other.id, userId: owner.user.id });
    expect(moved.statusCode).toBe(400);
    expect(await enrolmentCount(owner.user.id, other.id)).toBe(0);
  });

  it('rejects a tampered signature, order id or payment id', async () => {
    const course = await paidCourse();
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    const base = { ...fields, courseId: course.id, userId: student.user.id };
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('a') ? 'b' : 'a');

    // Another real order of the same learner, to prove the signature binds the order id.
    const other = await createOrder(student, (await paidCourse(42)).id);
    const tampered = [
      { ...base, razorpay_signature: flip(fields.razorpay_signature) },
      { ...base, razorpay_signature: fields.razorpay_signature.slice(0, 10) },
      { ...base, razorpay_signature: '' },
      { ...base, razorpay_signature: signPayment(fields.razorpay_order_id, fields.razorpay_payment_id, 'wrong') },
      { ...base, razorpay_order_id: other.id },
      { ...base, razorpay_order_id: flip(fields.razorpay_order_id) },
      { ...base, razorpay_payment_id: flip(fields.razorpay_payment_id) },
      { ...base, razorpay_payment_id: 'pay_AAAAAAAAAAAAAA' },
    ];
    for (const body of tampered) {
      const res = await post('/verify-payment', student.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');
    expect((await orderRow(other.id)).status).toBe('created');

    // The genuine answer still works afterwards.
    expect((await post('/verify-payment', student.cookie, base)).statusCode).toBe(200);
  });

  it('answers a replayed verification with the same success and keeps one enrolment', async () => {
    const course = await paidCourse();
    const student = await learner();
    const order = await createOrder(student, course.id);
    const body = { ...(await pay(student.cookie, order.id)), courseId: course.id, userId: student.user.id };
    const first = await post('/verify-payment', student.cookie, body);
    const second = await post('/verify-payment', student.cookie, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    expect((await orderRow(order.id)).providerPaymentId).toBe(body.razorpay_payment_id);
  });

  it('10 concurrent verifications of one payment give one enrolment and ten identical answers', async () => {
    const course = await paidCourse();
    const student = await learner();
    const order = await createOrder(student, course.id);
    const body = { ...(await pay(student.cookie, order.id)), courseId: course.id, userId: student.user.id };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/verify-payment', student.cookie, body)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.paymentVerified });
    }
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    expect(row.providerPaymentId).toBe(body.razorpay_payment_id);
  });

  it('webhook before verify: enrols the learner whose browser never came back; verify then succeeds once', async () => {
    const course = await paidCourse(1500);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);

    const res = await webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', providerPaymentId: fields.razorpay_payment_id });

    // Redelivery is harmless.
    expect((await webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount))).statusCode).toBe(200);

    const verify = await post('/verify-payment', student.cookie, {
      ...fields,
      courseId: course.id,
      userId: student.user.id,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: MESSAGES.paymentVerified });
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
  });

  it('webhook after verify (order.paid) is acknowledged and changes nothing', async () => {
    const course = await paidCourse(1600);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    expect(
      (await post('/verify-payment', student.cookie, { ...fields, courseId: course.id, userId: student.user.id }))
        .statusCode,
    ).toBe(200);
    const before = await orderRow(order.id);

    const res = await webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount, 'order.paid'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    const after = await orderRow(order.id);
    expect(after.paidAt).toEqual(before.paidAt);
    expect(after.providerPaymentId).toBe(fields.razorpay_payment_id);
  });

  it('webhook racing verify still enrols once', async () => {
    const course = await paidCourse(1700);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    const body = { ...fields, courseId: course.id, userId: student.user.id };
    const results = await Promise.all([
      webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount)),
      post('/verify-payment', student.cookie, body),
      webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount, 'order.paid')),
      post('/verify-payment', student.cookie, body),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
  });

  it('webhook with a bad or missing signature is refused with 400 and enrols nobody', async () => {
    const course = await paidCourse(1800);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    const event = capturedEvent(order.id, fields.razorpay_payment_id, order.amount);

    const wrongSecret = await webhook(event, signWebhook(JSON.stringify(event), 'not-the-secret'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toMatch(/signature/i);

    // Signed over different bytes (the body re-serialised with spaces) → refused: the raw body counts.
    const spaced = JSON.stringify(event, null, 2);
    const reserialised = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signWebhook(JSON.stringify(event), WEBHOOK_SECRET),
      },
      payload: spaced,
    });
    expect(reserialised.statusCode).toBe(400);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(400);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');

    // The same bytes signed with the right secret, pretty-printed, are accepted.
    const pretty = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(spaced, WEBHOOK_SECRET) },
      payload: spaced,
    });
    expect(pretty.statusCode).toBe(200);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
  });

  it('acknowledges and ignores unknown events, unknown orders and wrong amounts', async () => {
    const course = await paidCourse(1900);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);

    const refund = await webhook({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_1' } } } });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toEqual({ status: 'ignored' });
    const failed = await webhook({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_X', order_id: order.id, amount: order.amount, currency: 'INR' } } },
    });
    expect(failed.json()).toEqual({ status: 'ignored' });
    const unknownOrder = await webhook(capturedEvent('order_DoesNotExist00', 'pay_Y', 100));
    expect(unknownOrder.statusCode).toBe(200);
    expect(unknownOrder.json()).toEqual({ status: 'ignored' });
    const wrongAmount = await webhook(capturedEvent(order.id, fields.razorpay_payment_id, 100));
    expect(wrongAmount.json()).toEqual({ status: 'ignored' });
    const notAnEvent = await webhook({ hello: 'world' });
    expect(notAnEvent.statusCode).toBe(200);

    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');
  });

  it('enrols in a free course at once, without an order', async () => {
    const course = await createCourse(app, educator.id, { title: 'Free course', price: 0 });
    const student = await learner();
    const res = await post('/create-order', student.cookie, { courseId: course.id, userId: student.user.id });
    expect(res.statusCode, res.body).toBe(200);
    // The spec's order shape too (`id`, `amount`), for clients that read them.
    expect(res.json()).toEqual({
      enrolled: true,
      message: MESSAGES.freeEnrolled,
      id: null,
      amount: 0,
      currency: 'INR',
    });
    expect((await enrolmentRow(student.user.id, course.id)).amountPaid).toBe(0);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(1);
    expect(await enrolledCourses(student.user.id)).toContain(course.id);
    expect(await app.db.select().from(paymentOrders).where(eq(paymentOrders.courseId, course.id))).toEqual([]);
    expect(
      (await post('/create-order', student.cookie, { courseId: course.id, userId: student.user.id })).statusCode,
    ).toBe(409);
  });

  it('refuses an already enrolled learner (409)', async () => {
    const course = await paidCourse();
    const student = await learner();
    await enroll(app, student.user.id, course.id);
    const res = await post('/create-order', student.cookie, { courseId: course.id, userId: student.user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already enrolled/i);
  });

  it("refuses the course's own creator (400)", async () => {
    const course = await paidCourse();
    const res = await post('/create-order', educatorCookie, { courseId: course.id, userId: educator.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/you created this course/i);
  });

  it('answers 404 for an unpublished, unknown or malformed course, and 400 for a course without a price', async () => {
    const student = await learner();
    const draft = await createCourse(app, educator.id, { isPublished: false });
    for (const courseId of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await post('/create-order', student.cookie, { courseId, userId: student.user.id });
      expect(res.statusCode, courseId).toBe(404);
      expect(res.json().message).toBe('Course not found');
    }
    const unpriced = await createCourse(app, educator.id, { price: null });
    const res = await post('/create-order', student.cookie, { courseId: unpriced.id, userId: student.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no price/i);
    const missing = await post('/create-order', student.cookie, { userId: student.user.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('courseId is required');
  });

  it('a failed sandbox payment marks the order failed; it cannot be verified, and a new checkout starts afresh', async () => {
    const course = await paidCourse(2100);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const res = await post('/sandbox/pay', student.cookie, { orderId: order.id, outcome: 'failure' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'failed', message: MESSAGES.sandboxFailed });
    expect((await orderRow(order.id)).status).toBe('failed');

    // Even a correctly signed answer for the failed order is refused.
    const paymentId = 'pay_ABCDEFGHIJKLMN';
    const verify = await post('/verify-payment', student.cookie, {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signPayment(order.id, paymentId, KEY_SECRET),
      courseId: course.id,
      userId: student.user.id,
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toMatch(/did not go through/);
    expect(await enrolmentCount(student.user.id, course.id)).toBe(0);
    expect((await post('/sandbox/pay', student.cookie, { orderId: order.id, outcome: 'success' })).statusCode).toBe(
      409,
    );

    const retry = await createOrder(student, course.id);
    expect(retry.id).not.toBe(order.id);
    const fields = await pay(student.cookie, retry.id);
    expect(
      (await post('/verify-payment', student.cookie, { ...fields, courseId: course.id, userId: student.user.id }))
        .statusCode,
    ).toBe(200);
    expect((await post('/sandbox/pay', student.cookie, { orderId: retry.id, outcome: 'success' })).statusCode).toBe(
      409,
    );
  });

  it('validates sandbox requests', async () => {
    const student = await learner();
    const unknown = await post('/sandbox/pay', student.cookie, { orderId: 'order_nope', outcome: 'success' });
    expect(unknown.statusCode).toBe(404);
    const bad = await post('/sandbox/pay', student.cookie, { orderId: 'order_nope', outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/outcome/);
  });

  it('limits how many orders one learner may ask for in a short time', async () => {
    const course = await paidCourse(111);
    const student = await learner();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post('/create-order', student.cookie, { courseId: course.id, userId: student.user.id });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another learner is not affected.
    const other = await learner();
    expect((await post('/create-order', other.cookie, { courseId: course.id, userId: other.user.id })).statusCode).toBe(
      200,
    );
  });

  it('takes userId as optional in create-order and verify-payment: the session decides who pays', async () => {
    const course = await paidCourse(650);
    const student = await learner();
    const res = await post('/create-order', student.cookie, { courseId: course.id });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect((await orderRow(order.id)).userId).toBe(student.user.id);
    const fields = await pay(student.cookie, order.id);
    const verify = await post('/verify-payment', student.cookie, { ...fields, courseId: course.id });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ message: MESSAGES.paymentVerified });
    expect(await enrolledCourses(student.user.id)).toContain(course.id);

    // Named, it must still be the signed-in user; empty or not text is a clear 400.
    const free = await createCourse(app, educator.id, { price: 0 });
    const other = await learner();
    const someoneElse = await post('/create-order', student.cookie, { courseId: free.id, userId: other.user.id });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().message).toMatch(/only enrol yourself/i);
    for (const userId of ['', 42]) {
      const bad = await post('/create-order', student.cookie, { courseId: free.id, userId });
      expect(bad.statusCode, String(userId)).toBe(400);
      expect(bad.json().message).toMatch(/userId/);
    }
    expect((await post('/create-order', student.cookie, { courseId: free.id })).statusCode).toBe(200);
    expect(await enrolledCourses(student.user.id)).toContain(free.id);
  });

  it('records what the order charged: an order at ₹499, the price raised to ₹1,999, then verified, counts ₹499', async () => {
    const course = await paidCourse(499);
    const student = await learner();
    const order = await createOrder(student, course.id);
    expect(order.amount).toBe(49900);
    await app.db.update(courses).set({ price: 1999 }).where(eq(courses.id, course.id));

    const fields = await pay(student.cookie, order.id);
    const verify = await post('/verify-payment', student.cookie, { ...fields, courseId: course.id });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await enrolmentRow(student.user.id, course.id)).amountPaid).toBe(49900);
    expect((await creatorCourse(course.id)).earnings).toBe(499);

    // The next learner pays (and counts) the new price.
    const next = await learner();
    const second = await createOrder(next, course.id);
    expect(second.amount).toBe(199900);
    await post('/verify-payment', next.cookie, { ...(await pay(next.cookie, second.id)), courseId: course.id });
    expect((await creatorCourse(course.id)).earnings).toBe(499 + 1999);
  });

  it('a price rise after enrolment keeps earnings at what learners paid', async () => {
    const course = await paidCourse(499);
    const students = [await learner(), await learner()];
    for (const student of students) {
      const order = await createOrder(student, course.id);
      const fields = await pay(student.cookie, order.id);
      expect((await post('/verify-payment', student.cookie, { ...fields, courseId: course.id })).statusCode).toBe(200);
    }
    const free = await createCourse(app, educator.id, { price: 0 });
    expect((await post('/create-order', students[0].cookie, { courseId: free.id })).statusCode).toBe(200);
    expect((await creatorCourse(course.id)).earnings).toBe(2 * 499);

    await app.db.update(courses).set({ price: 1999 }).where(eq(courses.id, course.id));
    await app.db.update(courses).set({ price: 999 }).where(eq(courses.id, free.id));
    const after = await creatorCourse(course.id);
    expect(after).toMatchObject({ price: 1999, enrolledCount: 2, earnings: 2 * 499 });
    expect((await creatorCourse(free.id)).earnings).toBe(0);
  });

  it("verifies a valid payment of an expired order at the order's amount, but refuses to pay one (409); a new checkout quotes today's price", async () => {
    const course = await paidCourse(499);
    const paid = await learner();
    const late = await learner();
    const paidOrder = await createOrder(paid, course.id);
    const lateOrder = await createOrder(late, course.id);
    const fields = await pay(paid.cookie, paidOrder.id);
    await app.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(paymentOrders.providerOrderId, [paidOrder.id, lateOrder.id]));
    await app.db.update(courses).set({ price: 1999 }).where(eq(courses.id, course.id));

    // The money was taken before our expiry ran out: the learner is enrolled at what the order said.
    const verify = await post('/verify-payment', paid.cookie, { ...fields, courseId: course.id });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await enrolmentRow(paid.user.id, course.id)).amountPaid).toBe(49900);
    expect((await orderRow(paidOrder.id)).status).toBe('paid');

    // No money has moved yet for an expired order: the sandbox refuses to pay it.
    const sandbox = await post('/sandbox/pay', late.cookie, { orderId: lateOrder.id, outcome: 'success' });
    expect(sandbox.statusCode).toBe(409);
    expect(sandbox.json().message).toMatch(/expired/i);
    expect((await orderRow(lateOrder.id)).status).toBe('created');
    expect(await enrolmentCount(late.user.id, course.id)).toBe(0);

    const fresh = await createOrder(late, course.id);
    expect(fresh.id).not.toBe(lateOrder.id);
    expect(fresh.amount).toBe(199900);
    await post('/verify-payment', late.cookie, { ...(await pay(late.cookie, fresh.id)), courseId: course.id });
    expect((await enrolmentRow(late.user.id, course.id)).amountPaid).toBe(199900);
  });

  it('hands out an open order again only while at least half its life is left', async () => {
    const course = await paidCourse(333);
    const student = await learner();
    const first = await createOrder(student, course.id);
    expect((await createOrder(student, course.id)).id).toBe(first.id);
    await app.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(paymentOrders.providerOrderId, first.id));
    expect((await createOrder(student, course.id)).id).not.toBe(first.id);
  });

  it("the webhook still completes an expired order the provider captured, at the order's amount", async () => {
    const course = await paidCourse(499);
    const student = await learner();
    const order = await createOrder(student, course.id);
    const fields = await pay(student.cookie, order.id);
    await app.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.providerOrderId, order.id));
    await app.db.update(courses).set({ price: 1999 }).where(eq(courses.id, course.id));
    const res = await webhook(capturedEvent(order.id, fields.razorpay_payment_id, order.amount));
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await enrolmentRow(student.user.id, course.id)).amountPaid).toBe(49900);
    // The learner's browser coming back late then gets the usual success.
    const verify = await post('/verify-payment', student.cookie, { ...fields, courseId: course.id });
    expect(verify.statusCode).toBe(200);
  });

  it('keeps the spec texts the web shows on failure', () => {
    expect(MESSAGES.enrollError).toBe('Something went wrong while enrolling.');
    expect(MESSAGES.paymentVerifyError).toBe('Payment verification failed.');
  });
});
