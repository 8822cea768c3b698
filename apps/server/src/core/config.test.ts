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
});
