import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('runs with no configuration at all: embedded database, sandbox payments, local search', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      payment: { provider: 'sandbox' },
      ai: { provider: 'local' },
      seedDemo: true,
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PAYMENT_PROVIDER: 'paypal', DATABASE_URL: 'not a url' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/PAYMENT_PROVIDER/);
      expect(message).toMatch(/DATABASE_URL/);
    }
  });

  it('marks cookies Secure when the public URL is https, and allows its origin', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://kaksha.example.com/', CORS_ORIGINS: 'https://app.example.com' });
    expect(config.secureCookies).toBe(true);
    expect(config.allowedOrigins).toEqual(['https://kaksha.example.com', 'https://app.example.com']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it('refuses to start in production without a payment provider, and takes an explicit sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: '' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
    // Development and tests keep the zero-configuration sandbox.
    expect(loadConfig({ NODE_ENV: 'development' }).payment.provider).toBe('sandbox');
  });

  it('keeps the catalogue for signed-in users unless PUBLIC_CATALOGUE=true, and names a bad value', () => {
    expect(loadConfig({}).publicCatalogue).toBe(false);
    expect(loadConfig({ PUBLIC_CATALOGUE: 'true' }).publicCatalogue).toBe(true);
    expect(loadConfig({ PUBLIC_CATALOGUE: 'false' }).publicCatalogue).toBe(false);
    expect(() => loadConfig({ PUBLIC_CATALOGUE: 'public' })).toThrow(/PUBLIC_CATALOGUE/);
  });

  it('serves the API docs in production only when API_DOCS=true', () => {
    const prod = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('keeps the session cookie SameSite=Lax unless COOKIE_SAMESITE=none is asked for with https and CORS_ORIGINS', () => {
    expect(loadConfig({}).cookieSameSite).toBe('lax');
    const crossSite = { PUBLIC_URL: 'https://api.kaksha.example', CORS_ORIGINS: 'https://kaksha-app.example' };
    expect(loadConfig({ ...crossSite, COOKIE_SAMESITE: 'none' })).toMatchObject({
      cookieSameSite: 'none',
      secureCookies: true,
    });
    expect(() =>
      loadConfig({ ...crossSite, PUBLIC_URL: 'http://api.kaksha.example', COOKIE_SAMESITE: 'none' }),
    ).toThrow(/COOKIE_SAMESITE: none needs an https PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: crossSite.PUBLIC_URL, COOKIE_SAMESITE: 'none' })).toThrow(
      /needs CORS_ORIGINS/,
    );
    expect(() => loadConfig({ COOKIE_SAMESITE: 'None' })).toThrow(/COOKIE_SAMESITE/);
  });

  it('gives payment orders 30 minutes unless PAYMENT_ORDER_TTL_MINUTES says otherwise', () => {
    expect(loadConfig({}).payment.orderTtlMs).toBe(30 * 60_000);
    expect(loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '5' }).payment.orderTtlMs).toBe(5 * 60_000);
    expect(() => loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '0' })).toThrow(/PAYMENT_ORDER_TTL_MINUTES/);
  });

  it('server-renders 2 pages at once unless SERVER_RENDERED_PAGES_AT_ONCE, or its old name DRAWN_PAGES_AT_ONCE, says otherwise', () => {
    const atOnce = (env: NodeJS.ProcessEnv) => loadConfig(env).serverRenderedPagesAtOnce;
    expect(atOnce({})).toBe(2);
    expect(atOnce({ SERVER_RENDERED_PAGES_AT_ONCE: '0' })).toBe(0);
    expect(atOnce({ DRAWN_PAGES_AT_ONCE: '5' })).toBe(5);
    // The new name wins; an empty one is unset.
    expect(atOnce({ SERVER_RENDERED_PAGES_AT_ONCE: '3', DRAWN_PAGES_AT_ONCE: '5' })).toBe(3);
    expect(atOnce({ SERVER_RENDERED_PAGES_AT_ONCE: '', DRAWN_PAGES_AT_ONCE: '5' })).toBe(5);
    expect(() => loadConfig({ DRAWN_PAGES_AT_ONCE: '-1' })).toThrow(/DRAWN_PAGES_AT_ONCE/);
    expect(() => loadConfig({ SERVER_RENDERED_PAGES_AT_ONCE: 'many' })).toThrow(/SERVER_RENDERED_PAGES_AT_ONCE/);
  });

  describe('the seller of record and GST (issue #28)', () => {
    const seller = { SELLER_LEGAL_NAME: 'Kaksha Pvt Ltd', SELLER_ADDRESS: 'Mumbai', SELLER_STATE_CODE: '27' };
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };

    it('uses the demo seller with a valid GSTIN and 18% when nothing is set', () => {
      expect(loadConfig({}).billing).toEqual({
        seller: {
          legalName: 'Kaksha Learning Private Limited (demo)',
          address: '1 Demo Road, Bengaluru, Karnataka 560001',
          stateCode: '29',
          stateName: 'Karnataka',
          gstin: '29AAACK1234K1ZL',
          demo: true,
        },
        gstRatePercent: 18,
        sacCode: '999293',
        invoicePrefix: 'KAK',
      });
      // A production site on the sandbox (a demo deployment) keeps it too.
      expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).billing.seller.demo).toBe(true);
    });

    it('needs the real seller in production with Razorpay, naming each variable', () => {
      const text = message({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay' });
      for (const name of ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_STATE_CODE']) {
        expect(text).toMatch(new RegExp(`${name}: required in production with PAYMENT_PROVIDER=razorpay`));
      }
      const config = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay', ...seller });
      expect(config.billing.seller).toEqual({
        legalName: 'Kaksha Pvt Ltd',
        address: 'Mumbai',
        stateCode: '27',
        stateName: 'Maharashtra',
        gstin: null,
        demo: false,
      });
    });

    it('needs name, address and state once any SELLER_* is set; no GSTIN is an unregistered seller', () => {
      expect(message({ SELLER_STATE_CODE: '27' })).toMatch(
        /SELLER_LEGAL_NAME: required once any SELLER_\* variable is set/,
      );
      expect(message({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toMatch(/SELLER_STATE_CODE: required/);
      expect(loadConfig({ ...seller, SELLER_GSTIN: '' }).billing.seller.gstin).toBeNull();
      expect(loadConfig({ ...seller, SELLER_GSTIN: '27aapfu0939f1zv' }).billing.seller.gstin).toBe('27AAPFU0939F1ZV');
    });

    it('checks the state code and the GSTIN: format, check character, and its state', () => {
      expect(message({ ...seller, SELLER_STATE_CODE: '39' })).toMatch(
        /SELLER_STATE_CODE: must be a two-digit GST state code/,
      );
      expect(message({ ...seller, SELLER_STATE_CODE: 'Maharashtra' })).toMatch(/SELLER_STATE_CODE/);
      expect(loadConfig({ ...seller, SELLER_STATE_CODE: '97' }).billing.seller.stateName).toBe('Other Territory');
      expect(message({ ...seller, SELLER_GSTIN: '27AAPFU0939F1Z' })).toMatch(
        /SELLER_GSTIN: GSTIN is not in the GST format/,
      );
      expect(message({ ...seller, SELLER_GSTIN: '27AAPFU0939F1ZX' })).toMatch(/SELLER_GSTIN: GSTIN check character/);
      expect(message({ ...seller, SELLER_GSTIN: '29AAGCB7383J1Z4' })).toMatch(
        /SELLER_GSTIN: its first two digits must equal SELLER_STATE_CODE \(27\)/,
      );
    });

    it('reads the refund policy (REFUND_*), 7 days, 30 % and 3 in 90 days by default', () => {
      expect(loadConfig({}).refunds).toEqual({ windowDays: 7, maxProgressPercent: 30, maxPer90Days: 3 });
      expect(loadConfig({ REFUND_WINDOW_DAYS: '14', REFUND_MAX_PER_90_DAYS: '0' }).refunds).toMatchObject({
        windowDays: 14,
        maxPer90Days: 0,
      });
      expect(message({ REFUND_WINDOW_DAYS: '-1' })).toMatch(/REFUND_WINDOW_DAYS/);
      expect(message({ REFUND_MAX_PROGRESS_PERCENT: '101' })).toMatch(/REFUND_MAX_PROGRESS_PERCENT/);
      expect(message({ REFUND_MAX_PER_90_DAYS: 'three' })).toMatch(/REFUND_MAX_PER_90_DAYS/);
    });

    it('checks GST_RATE_PERCENT, SAC_CODE and INVOICE_PREFIX', () => {
      expect(loadConfig({ GST_RATE_PERCENT: '5' }).billing.gstRatePercent).toBe(5);
      expect(loadConfig({ GST_RATE_PERCENT: '0.25' }).billing.gstRatePercent).toBe(0.25);
      expect(message({ GST_RATE_PERCENT: 'eighteen' })).toMatch(/GST_RATE_PERCENT/);
      expect(message({ GST_RATE_PERCENT: '-1' })).toMatch(/GST_RATE_PERCENT/);
      expect(message({ GST_RATE_PERCENT: '18.125' })).toMatch(/GST_RATE_PERCENT: must have at most two decimals/);
      expect(message({ SAC_CODE: '99929' })).toMatch(/SAC_CODE: must be a six-digit SAC code/);
      expect(loadConfig({ INVOICE_PREFIX: 'ks24' }).billing.invoicePrefix).toBe('KS24');
      expect(message({ INVOICE_PREFIX: 'KS/4' })).toMatch(/INVOICE_PREFIX: must be 1 to 4 letters or digits/);
      // Five would not leave the numbers room within GST's 16 characters.
      expect(message({ INVOICE_PREFIX: 'KSH24' })).toMatch(/INVOICE_PREFIX: must be 1 to 4 letters or digits/);
    });
  });
});
