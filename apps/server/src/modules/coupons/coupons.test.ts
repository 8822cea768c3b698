import { COUPON_MESSAGES, MESSAGES } from '@kaksha/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, enrollments, paymentOrders } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';

type Json = Record<string, unknown>;

describe('coupons', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const rival = await createUser(app, { role: 'educator' });
  const rivalCookie = await loginCookie(app, rival);

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: Json) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  let codes = 0;
  const nextCode = (prefix = 'SAVE') => `${prefix}-${++codes}${Date.now().toString(36).toUpperCase().slice(-4)}`;

  async function createCoupon(body: Json, cookie = educatorCookie) {
    const res = await call('POST', '/api/coupon/create', cookie, {
      code: nextCode(),
      type: 'percent',
      value: 10,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().coupon as { _id: string; code: string; redemptions: number; revenue: number; active: boolean };
  }
  async function learner() {
    const user = await createUser(app);
    return { user, cookie: await loginCookie(app, user) };
  }
  const quote = (cookie: string, courseId: string, couponCode?: string) =>
    call('POST', '/api/payment/quote', cookie, { courseId, ...(couponCode === undefined ? {} : { couponCode }) });
  const createOrder = (cookie: string, courseId: string, couponCode?: string) =>
    call('POST', '/api/payment/create-order', cookie, { courseId, ...(couponCode ? { couponCode } : {}) });
  const mine = async (cookie = educatorCookie) => {
    const res = await call('GET', '/api/coupon/mine', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().coupons as { _id: string; code: string; redemptions: number; revenue: number; active: boolean }[];
  };
  async function payOrder(cookie: string, courseId: string, orderId: string) {
    const paid = await call('POST', '/api/payment/sandbox/pay', cookie, { orderId, outcome: 'success' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { status: _status, ...signed } = paid.json();
    const verified = await call('POST', '/api/payment/verify-payment', cookie, { ...signed, courseId });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  describe('the educator API', () => {
    it('lets only educators manage coupons, each their own', async () => {
      const course = await createCourse(app, educator.id, { price: 1000 });
      const { cookie: learnerCookie } = await learner();
      const body = { code: nextCode(), courseId: course.id, type: 'percent', value: 20 };
      expect((await call('POST', '/api/coupon/create', undefined, body)).statusCode).toBe(401);
      expect((await call('POST', '/api/coupon/create', learnerCookie, body)).statusCode).toBe(403);
      expect((await call('GET', '/api/coupon/mine', undefined)).statusCode).toBe(401);
      expect((await call('GET', '/api/coupon/mine', learnerCookie)).statusCode).toBe(403);
      // Another educator's course.
      const foreign = await call('POST', '/api/coupon/create', rivalCookie, body);
      expect(foreign.statusCode).toBe(403);

      const created = await call('POST', '/api/coupon/create', educatorCookie, {
        ...body,
        code: body.code.toLowerCase(),
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({
        message: MESSAGES.couponCreated,
        coupon: { code: body.code, courseId: course.id, type: 'percent', value: 20, perUserLimit: 1, active: true },
      });
      const id = created.json().coupon._id as string;
      expect((await mine()).map((c) => c._id)).toContain(id);
      expect((await mine(rivalCookie)).map((c) => c._id)).not.toContain(id);

      // Another educator's coupon is unknown to them.
      expect((await call('POST', `/api/coupon/edit/${id}`, rivalCookie, { active: false })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/coupon/remove/${id}`, rivalCookie)).statusCode).toBe(404);
      expect((await call('POST', `/api/coupon/edit/${id}`, learnerCookie, { active: false })).statusCode).toBe(403);
      expect((await call('POST', '/api/coupon/edit/not-a-uuid', educatorCookie, { active: false })).statusCode).toBe(
        404,
      );

      const edited = await call('POST', `/api/coupon/edit/${id}`, educatorCookie, { active: false, maxRedemptions: 3 });
      expect(edited.json().coupon).toMatchObject({ active: false, maxRedemptions: 3 });
      const removed = await call('DELETE', `/api/coupon/remove/${id}`, educatorCookie);
      expect(removed.json()).toMatchObject({ removed: true, message: MESSAGES.couponRemoved });
      expect((await mine()).map((c) => c._id)).not.toContain(id);
    });

    it('refuses bad coupons with a message naming the field', async () => {
      const course = await createCourse(app, educator.id, { price: 500 });
      const refused = async (body: Json, status = 400) => {
        const res = await call('POST', '/api/coupon/create', educatorCookie, {
          code: nextCode(),
          courseId: course.id,
          type: 'percent',
          value: 10,
          ...body,
        });
        expect(res.statusCode, res.body).toBe(status);
        return res.json().message as string;
      };
      expect(await refused({ code: 'AB' })).toMatch(/4 to 20/);
      expect(await refused({ code: 'SAVE 10%' })).toMatch(/letters, digits or hyphens/);
      expect(await refused({ value: 101 })).toMatch(/1 to 100 percent/);
      expect(await refused({ value: 0 })).toMatch(/at least 1/);
      expect(await refused({ value: 12.5 })).toMatch(/whole number/);
      expect(await refused({ type: 'fixed', value: 500 })).toMatch(/below the course price/);
      expect(await refused({ type: 'bogus' })).toMatch(/'percent' or 'fixed'/);
      expect(await refused({ startsAt: '2030-01-02T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' })).toMatch(
        /after starts at/,
      );
      expect(await refused({ courseId: '00000000-0000-4000-8000-000000000000' }, 404)).toBe('Course not found');
      const taken = await createCoupon({ courseId: course.id });
      // Codes are case-insensitive and unique per educator…
      expect(await refused({ code: taken.code.toLowerCase() }, 409)).toMatch(/already have a coupon/);
      // …but another educator may use the same code for their own courses.
      const rivalCourse = await createCourse(app, rival.id, { price: 500 });
      await createCoupon({ code: taken.code, courseId: rivalCourse.id }, rivalCookie);
    });
  });

  describe('at the checkout', () => {
    it('quotes percent and fixed coupons to the paisa and says why a code cannot be used', async () => {
      const course = await createCourse(app, educator.id, { price: 999 });
      const other = await createCourse(app, educator.id, { price: 999 });
      const rivalCourse = await createCourse(app, rival.id, { price: 999 });
      const { cookie } = await learner();
      const percent = await createCoupon({ courseId: course.id, value: 15 });
      const fixed = await createCoupon({ courseId: null, type: 'fixed', value: 100 });

      const q = await quote(cookie, course.id, percent.code.toLowerCase());
      expect(q.statusCode, q.body).toBe(200);
      // 15 % of ₹999 = ₹149.85.
      expect(q.json()).toMatchObject({ price: 999, discount: 149.85, amount: 849.15, coupon: { code: percent.code } });
      const { taxable, cgst, sgst, igst, amount } = q.json();
      expect(Math.round((taxable + cgst + sgst + igst) * 100)).toBe(Math.round(amount * 100));
      expect((await quote(cookie, other.id, fixed.code)).json()).toMatchObject({ discount: 100, amount: 899 });
      // No code, or an empty one: the plain price.
      expect((await quote(cookie, course.id, '')).json()).toMatchObject({ discount: 0, amount: 999 });

      const why = async (courseId: string, code: string) => {
        const res = await quote(cookie, courseId, code);
        expect(res.statusCode, res.body).toBe(400);
        return res.json().message;
      };
      expect(await why(course.id, 'NOSUCHCODE')).toBe(COUPON_MESSAGES.invalid);
      expect(await why(other.id, percent.code)).toBe(COUPON_MESSAGES.foreign);
      expect(await why(rivalCourse.id, percent.code)).toBe(COUPON_MESSAGES.foreign);
      const expired = await createCoupon({ courseId: course.id });
      await app.db
        .update(coupons)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(coupons.id, expired._id));
      expect(await why(course.id, expired.code)).toBe(COUPON_MESSAGES.expired);
      const later = await createCoupon({
        courseId: course.id,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(await why(course.id, later.code)).toBe(COUPON_MESSAGES.notStarted);
      const off = await createCoupon({ courseId: course.id });
      await call('POST', `/api/coupon/edit/${off._id}`, educatorCookie, { active: false });
      expect(await why(course.id, off.code)).toBe(COUPON_MESSAGES.inactive);
      const cheap = await createCourse(app, educator.id, { price: 99 });
      expect(await why(cheap.id, fixed.code)).toBe(COUPON_MESSAGES.tooLarge);
    });

    it('charges the discounted amount, counts the redemption and its revenue, and enforces one use per learner', async () => {
      const course = await createCourse(app, educator.id, { price: 1200 });
      const second = await createCourse(app, educator.id, { price: 1200 });
      const coupon = await createCoupon({ courseId: null, value: 25 });
      const { user, cookie } = await learner();

      const order = await createOrder(cookie, course.id, coupon.code);
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json().amount).toBe(90_000);
      // Asking again reuses the open order (one reservation, no "already used").
      const again = await createOrder(cookie, course.id, coupon.code);
      expect(again.json().id).toBe(order.json().id);
      // Without the coupon it is another order at the full price.
      expect((await createOrder(cookie, course.id)).json().amount).toBe(120_000);

      await payOrder(cookie, course.id, order.json().id);
      const [row] = await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, order.json().id));
      expect(row).toMatchObject({
        status: 'paid',
        amount: 90_000,
        price: 120_000,
        discount: 30_000,
        couponCode: coupon.code,
      });
      const [enrolment] = await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
      expect(enrolment?.amountPaid).toBe(90_000);
      expect((await mine()).find((c) => c._id === coupon._id)).toMatchObject({ redemptions: 1, revenue: 900 });

      // perUserLimit 1: the same learner cannot use it on the educator's other course.
      const used = await quote(cookie, second.id, coupon.code);
      expect(used.statusCode).toBe(400);
      expect(used.json().message).toBe(COUPON_MESSAGES.used);
      expect((await createOrder(cookie, second.id, coupon.code)).statusCode).toBe(400);
    });

    it('enrols at once with a 100 % coupon, with the free-enrolment answer', async () => {
      const course = await createCourse(app, educator.id, { price: 2500 });
      const coupon = await createCoupon({ courseId: course.id, value: 100 });
      const { user, cookie } = await learner();
      expect((await quote(cookie, course.id, coupon.code)).json()).toMatchObject({ amount: 0, discount: 2500 });
      const res = await createOrder(cookie, course.id, coupon.code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        enrolled: true,
        message: MESSAGES.freeEnrolled,
        id: null,
        amount: 0,
        currency: 'INR',
      });
      const enrolled = await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
      expect(enrolled).toHaveLength(1);
      expect(enrolled[0]?.amountPaid).toBe(0);
      expect((await mine()).find((c) => c._id === coupon._id)).toMatchObject({ redemptions: 1, revenue: 0 });
      // No order, so no invoice and nothing to refund.
      const orders = await app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
      expect(orders).toHaveLength(0);
    });

    it('never exceeds maxRedemptions, even with 20 learners checking out at once', async () => {
      const course = await createCourse(app, educator.id, { price: 800 });
      const coupon = await createCoupon({ courseId: course.id, value: 50, maxRedemptions: 5 });
      const learners = await Promise.all(Array.from({ length: 20 }, learner));
      const answers = await Promise.all(learners.map(({ cookie }) => createOrder(cookie, course.id, coupon.code)));
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(5);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(COUPON_MESSAGES.exhausted);
      }
      const held = await app.db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, coupon._id), eq(couponRedemptions.status, 'reserved')));
      expect(held).toHaveLength(5);
    });

    it('honours an order whose coupon was valid when it was opened, and keeps a used coupon on record', async () => {
      const course = await createCourse(app, educator.id, { price: 600 });
      const coupon = await createCoupon({ courseId: course.id, value: 50, maxRedemptions: 1 });
      const { user, cookie } = await learner();
      const order = await createOrder(cookie, course.id, coupon.code);
      expect(order.json().amount).toBe(30_000);
      // The educator deactivates it and it expires while the learner is paying.
      await call('POST', `/api/coupon/edit/${coupon._id}`, educatorCookie, { active: false });
      await app.db
        .update(coupons)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(coupons.id, coupon._id));
      await payOrder(cookie, course.id, order.json().id);
      const [enrolment] = await app.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
      expect(enrolment?.amountPaid).toBe(30_000);

      const removed = await call('DELETE', `/api/coupon/remove/${coupon._id}`, educatorCookie);
      expect(removed.json()).toMatchObject({ removed: false, message: MESSAGES.couponDeactivated });
      expect((await mine()).find((c) => c._id === coupon._id)).toMatchObject({ active: false, redemptions: 1 });
    });

    it('lets a place held by an expired checkout go to someone else', async () => {
      const course = await createCourse(app, educator.id, { price: 700 });
      const coupon = await createCoupon({ courseId: course.id, value: 10, maxRedemptions: 1 });
      const first = await learner();
      const second = await learner();
      expect((await createOrder(first.cookie, course.id, coupon.code)).statusCode).toBe(200);
      expect((await createOrder(second.cookie, course.id, coupon.code)).json().message).toBe(COUPON_MESSAGES.exhausted);
      await app.db
        .update(couponRedemptions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(couponRedemptions.couponId, coupon._id));
      expect((await createOrder(second.cookie, course.id, coupon.code)).statusCode).toBe(200);
    });
  });
});
