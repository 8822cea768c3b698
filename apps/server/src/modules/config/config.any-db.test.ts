import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

describe('GET /api/config', async () => {
  const plain = await buildTestApp();
  const google = await buildTestApp({
    GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    RAZORPAY_KEY_SECRET: 'top-secret-value',
  });

  it('gives the public settings, nothing secret', async () => {
    const res = await plain.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      googleClientId: null,
      paymentProvider: 'sandbox',
      paymentKeyId: 'rzp_test_kakshasandbox',
      currency: 'INR',
      refundPolicy: { windowDays: 7, maxProgressPercent: 30, maxPer90Days: 3 },
      // The spec's guards unless PUBLIC_CATALOGUE=true (modules/seo's tests turn it on).
      publicCatalogue: false,
    });
    const withGoogle = await google.inject('/api/config');
    expect(withGoogle.json().googleClientId).toBe('abc.apps.googleusercontent.com');
    expect(withGoogle.body).not.toContain('top-secret-value');
    expect(withGoogle.body).not.toContain('webhook');
  });
});
