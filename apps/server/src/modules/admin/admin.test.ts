import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  coupons,
  enrollments,
  invoices,
  ledgerEntries,
  paymentOrders,
  refundRetries,
  refunds,
  users,
} from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { ACCOUNT, buy, caller, refund } from '../earnings/test-helpers.ts';
import { signWebhook } from '../payments/payments.provider.ts';
import { createAdmin, syncAdminEmails } from './admin.service.ts';

const WEBHOOK_SECRET = 'admin_webhook_secret';

describe('the operator console', async () => {
  const app = await buildTestApp({
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
  });
  const call = caller(app);
  // ADMIN_EMAILS, an account signing up after the start: the database makes it an admin.
  const signup = await call('POST', '/api/auth/signup', undefined, {
    name: 'Boss',
    email: 'boss@example.com',
    password: 'correct horse battery',
    role: 'educator',
  });
  const operatorId = signup.json()._id as string;
  const [operator] = await app.db.select().from(users).where(eq(users.id, operatorId));
  const adminCookie = await loginCookie(app, operator!);
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const otherEducator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);
  const learnerCookie = await loginCookie(app, learner);
  const course = await createCourse(app, educator.id, { price: 1200, title: 'Ledgers for Humans' });

  it('ADMIN_EMAILS: an account signing up with one is an admin, whatever role it asked for', () => {
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().role).toBe('admin');
  });

  it('ADMIN_EMAILS at start: an existing account with one becomes an admin (audited); an inserted one is at once', async () => {
    const inserted = await createUser(app, { email: 'ops@example.com', role: 'educator' });
    expect(inserted.role).toBe('admin');
    const existing = await createUser(app, { role: 'educator' });
    const promoted = await syncAdminEmails(app.db, [...app.config.adminEmails, existing.email]);
    expect(promoted.map((u) => u.id)).toEqual([existing.id]);
    const [row] = await app.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.role).toBe('admin');
    const [line] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${existing.id}`));
    expect(line).toMatchObject({ action: 'admin.grant', actorId: null, after: { role: 'admin', by: 'ADMIN_EMAILS' } });
    // Run again (another start): nothing more to do.
    expect(await syncAdminEmails(app.db, [...app.config.adminEmails, existing.email])).toEqual([]);
    await syncAdminEmails(app.db, app.config.adminEmails);
  });

  it('admin:create makes an existing account an admin (audited), or creates one with a one-time password', async () => {
    const existing = await createUser(app, { role: 'educator' });
    const promoted = await createAdmin(app.db, existing.email.toUpperCase());
    expect(promoted).toMatchObject({ created: false, password: null, user: { id: existing.id, role: 'admin' } });
    const created = await createAdmin(app.db, 'new-operator@example.com', 'Night Shift');
    expect(created.created).toBe(true);
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: 'new-operator@example.com',
      password: created.password!,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().role).toBe('admin');
    const grants = await app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.grant'));
    expect(grants.map((g) => g.target)).toEqual(
      expect.arrayContaining([`user:${existing.id}`, `user:${created.user.id}`]),
    );
    expect(grants.find((g) => g.target === `user:${existing.id}`)).toMatchObject({
      actorId: null,
      before: { role: 'educator' },
      after: { role: 'admin', by: 'admin:create' },
    });
  });

  it('searches orders by learner e-mail, order id and invoice number', async () => {
    const providerOrderId = await buy(app, learnerCookie, course.id);
    const [order] = await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    const find = async (q: string) => {
      const res = await call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, adminCookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().orders.map((o: { _id: string }) => o._id);
    };
    expect(await find(learner.email.slice(0, 8).toUpperCase())).toEqual([order!.id]);
    expect(await find(providerOrderId)).toEqual([order!.id]);
    expect(await find(order!.id)).toEqual([order!.id]);
    expect(await find(invoice!.number.toLowerCase())).toEqual([order!.id]);
    expect(await find('nobody@nowhere.example')).toEqual([]);
    expect(await find('%')).toEqual([]);
    const [answer] = (await call('GET', `/api/admin/orders?q=${providerOrderId}`, adminCookie)).json().orders;
    expect(answer).toMatchObject({
      status: 'paid',
      amount: 1200,
      learner: { _id: learner.id, email: learner.email },
      educator: { _id: educator.id },
      course: { title: 'Ledgers for Humans' },
      invoice: { number: invoice!.number },
      creditNote: null,
      refund: null,
    });
  });

  it('pages orders newest first with a keyset cursor', async () => {
    for (let i = 0; i < 3; i++) {
      const c = await createCourse(app, otherEducator.id, { price: 100 + i });
      await buy(app, learnerCookie, c.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/api/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`, adminCookie);
      seen.push(...res.json().orders.map((o: { _id: string }) => o._id));
      cursor = res.json().nextCursor;
    } while (cursor);
    const all = await app.db.select().from(paymentOrders);
    expect(new Set(seen).size).toBe(all.length);
    expect(seen).toHaveLength(all.length);
  });

  it('retries a refund that failed after access ended: a new key, the status follows, nothing reversed twice', async () => {
    const c = await createCourse(app, educator.id, { price: 800 });
    const buyer = await createUser(app);
    const cookie = await loginCookie(app, buyer);
    await buy(app, cookie, c.id);
    await refund(app, cookie, c.id);
    const [row] = await app.db.select().from(refunds).where(eq(refunds.userId, buyer.id));
    const raw = JSON.stringify({
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: row!.providerRefundId, entity: 'refund', amount: 80_000, status: 'failed' } },
      },
    });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(raw, WEBHOOK_SECRET) },
      payload: raw,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const failed = (await call('GET', '/api/admin/refunds?status=failed', adminCookie)).json().refunds;
    expect(failed).toEqual([
      expect.objectContaining({ _id: row!.id, status: 'failed', retries: 0, creditNote: expect.any(Object) }),
    ]);
    // The learner buys the course again meanwhile: the retry must not take it away.
    await buy(app, cookie, c.id);
    const retried = await call('POST', `/api/admin/refunds/${row!.id}/retry`, adminCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: 'processed' });
    expect(retried.json().refund.providerRefundId).not.toBe(row!.providerRefundId);
    const [attempt] = await app.db.select().from(refundRetries).where(eq(refundRetries.refundId, row!.id));
    expect(attempt).toMatchObject({ actorId: operatorId, previousProviderRefundId: row!.providerRefundId });
    expect(attempt!.providerRefundId).toBe(retried.json().refund.providerRefundId);
    const enrolled = await app.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, c.id)));
    expect(enrolled).toHaveLength(1);
    const reversals = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, row!.orderId), eq(ledgerEntries.kind, 'refund')));
    expect(reversals).toHaveLength(1);
    // Only a failed refund can be retried.
    expect((await call('POST', `/api/admin/refunds/${row!.id}/retry`, adminCookie)).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/refunds/nope/retry', adminCookie)).statusCode).toBe(404);
    const [line] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'refund.retry'));
    expect(line).toMatchObject({
      actorId: operatorId,
      target: `refund:${row!.id}`,
      before: { status: 'failed', providerRefundId: row!.providerRefundId },
      after: { status: 'processed' },
    });
  });

  it('retries a refund the provider failed at once: access ends and the credit note and reversal come now', async () => {
    const c = await createCourse(app, educator.id, { price: 900 });
    const buyer = await createUser(app);
    const cookie = await loginCookie(app, buyer);
    const providerOrderId = await buy(app, cookie, c.id);
    const [order] = await app.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
    // What a refund the provider refused at once leaves (payments.refunds.ts): failed, the learner enrolled.
    const [row] = await app.db
      .insert(refunds)
      .values({
        orderId: order!.id,
        userId: buyer.id,
        courseId: c.id,
        amount: 90_000,
        reason: 'Wrong course',
        status: 'failed',
        providerRefundId: 'rfnd_FailedAtOnce01',
      })
      .returning();
    const retried = await call('POST', `/api/admin/refunds/${row!.id}/retry`, adminCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    const enrolled = await app.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, c.id)));
    expect(enrolled).toHaveLength(0);
    const documents = await app.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(documents.map((d) => d.kind).sort()).toEqual(['creditNote', 'invoice']);
    const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(['refund', 'sale']);
  });

  it("lists every educator's coupons and deactivates one (audited, once)", async () => {
    const created = await call('POST', '/api/coupon/create', educatorCookie, {
      code: 'ABUSED50',
      courseId: course.id,
      type: 'percent',
      value: 50,
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = (await call('GET', '/api/admin/coupons?q=abu', adminCookie)).json();
    expect(list.coupons).toEqual([
      expect.objectContaining({
        code: 'ABUSED50',
        active: true,
        educator: expect.objectContaining({ _id: educator.id }),
      }),
    ]);
    const id = list.coupons[0]._id;
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/admin/coupons/${id}/deactivate`, adminCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().coupon.active).toBe(false);
    }
    const [row] = await app.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row!.active).toBe(false);
    const lines = await app.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.deactivate'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    // A learner can no longer use it.
    const quote = await call('POST', '/api/payment/quote', learnerCookie, {
      courseId: course.id,
      couponCode: 'ABUSED50',
    });
    expect(quote.statusCode).toBe(400);
  });

  it('adjusts a balance only with a reason, available at once, audited with before and after', async () => {
    const noReason = await call('POST', '/api/admin/ledger/adjustments', adminCookie, {
      educatorId: educator.id,
      amount: 100,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const paise = await call('POST', '/api/admin/ledger/adjustments', adminCookie, {
      educatorId: educator.id,
      amount: 1.234,
      reason: 'Goodwill credit',
    });
    expect(paise.json().fields).toHaveProperty('amount');
    const summary = async () => (await call('GET', '/api/earnings/summary', educatorCookie)).json();
    const before = await summary();
    const res = await call('POST', '/api/admin/ledger/adjustments', adminCookie, {
      educatorId: educator.id,
      amount: -25.5,
      reason: 'Chargeback on a card payment',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await summary();
    expect(after.available).toBeCloseTo(before.available - 25.5, 2);
    expect(after.lifetime).toBeCloseTo(before.lifetime - 25.5, 2);
    const [entry] = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, res.json().entryId));
    expect(entry).toMatchObject({
      kind: 'adjustment',
      educatorShare: -2550,
      reason: 'Chargeback on a card payment',
      actorId: operatorId,
    });
    const [line] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.adjust'));
    expect(line).toMatchObject({ target: `educator:${educator.id}`, actorEmail: 'boss@example.com' });
    expect(
      (
        await call('POST', '/api/admin/ledger/adjustments', adminCookie, {
          educatorId: learner.id,
          amount: 5,
          reason: 'Not an educator',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the audit log: newest first, paged, and nothing edits it', async () => {
    const first = (await call('GET', '/api/admin/audit?limit=2', adminCookie)).json();
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({
      action: 'ledger.adjust',
      actor: { _id: operatorId, email: 'boss@example.com' },
    });
    const rest = (await call('GET', `/api/admin/audit?cursor=${first.nextCursor}`, adminCookie)).json();
    const total = (await app.db.select().from(auditLog)).length;
    expect(first.entries.length + rest.entries.length).toBe(total);
    await expect(app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(app.db.execute(sql`update audit_log set actor_email = 'someone@else.example'`)).rejects.toThrow();
  });

  it('auth matrix: anonymous 401; learner, educator and another educator 403 on every admin endpoint; admin 200', async () => {
    const otherCookie = await loginCookie(app, otherEducator);
    const [anyCoupon] = await app.db.select().from(coupons).limit(1);
    const [anyRefund] = await app.db.select().from(refunds).limit(1);
    const endpoints: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/refunds'],
      ['POST', `/api/admin/refunds/${anyRefund!.id}/retry`],
      ['GET', '/api/admin/payouts/due'],
      ['POST', '/api/admin/payouts/run'],
      ['GET', '/api/admin/payouts'],
      ['POST', '/api/admin/payouts/00000000-0000-4000-8000-000000000000/mark-paid', { reference: 'UTR12345678' }],
      ['GET', '/api/admin/coupons'],
      ['POST', `/api/admin/coupons/${anyCoupon!.id}/deactivate`],
      ['POST', '/api/admin/ledger/adjustments', { educatorId: educator.id, amount: 1, reason: 'Matrix test' }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/gst/report?month=2026-04'],
      ['GET', '/api/admin/reconcile'],
    ];
    const before = (await app.db.select().from(auditLog)).length;
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [who, cookie] of [
        ['learner', learnerCookie],
        ['educator', educatorCookie],
        ['other educator', otherCookie],
      ] as const) {
        const res = await call(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url} ${who}`).toBe(403);
      }
    }
    // Refused requests change nothing.
    expect((await app.db.select().from(auditLog)).length).toBe(before);
    for (const [method, url, body] of endpoints) {
      const res = await call(method, url, adminCookie, body);
      // The mark-paid of a payout that does not exist is 404, the refund retry of a processed refund 409.
      const expected = url.includes('mark-paid') ? 404 : url.includes('/retry') ? 409 : 200;
      expect(res.statusCode, `${method} ${url} admin: ${res.body}`).toBe(expected);
    }
    // Earnings endpoints belong to educators: an admin is refused there.
    expect((await call('PUT', '/api/earnings/payout-account', adminCookie, ACCOUNT)).statusCode).toBe(403);
  });
});
