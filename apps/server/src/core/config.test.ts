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
});
