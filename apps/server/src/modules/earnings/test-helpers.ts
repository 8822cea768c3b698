import { expect } from 'vitest';
import type { TestApp } from '../../test/app.ts';

type Json = Record<string, unknown>;

/** Calls through the app as a browser would (cookie of the signed-in user, JSON body). */
export const caller =
  (app: TestApp) => (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: Json) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** Buys a course through the sandbox checkout (create-order, pay, verify); answers the provider order id. */
export async function buy(app: TestApp, cookie: string, courseId: string, couponCode?: string) {
  const call = caller(app);
  const order = await call('POST', '/api/payment/create-order', cookie, {
    courseId,
    ...(couponCode ? { couponCode } : {}),
  });
  expect(order.statusCode, order.body).toBe(200);
  const paid = await call('POST', '/api/payment/sandbox/pay', cookie, { orderId: order.json().id, outcome: 'success' });
  expect(paid.statusCode, paid.body).toBe(200);
  const { status: _status, ...signed } = paid.json();
  const verified = await call('POST', '/api/payment/verify-payment', cookie, { ...signed, courseId });
  expect(verified.statusCode, verified.body).toBe(200);
  return order.json().id as string;
}

/** Refunds the learner's purchase of a course (sandbox refunds at once). */
export async function refund(app: TestApp, cookie: string, courseId: string) {
  const res = await caller(app)('POST', '/api/payment/refund', cookie, { courseId, reason: 'Changed my mind' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A bank account and PAN that pass the format checks. */
export const ACCOUNT = {
  accountHolder: 'Asha Verma',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  pan: 'ABCDE1234F',
};
