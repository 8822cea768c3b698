import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { buildTestApp } from '../../test/app.ts';
import { has, parseScrape } from './test-helpers.ts';

/** GET `url` with plain node:http; the error code when the connection is refused. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/** Metrics off by default, and on a port of their own bound to loopback. */
describe('metrics are never public by default', async () => {
  const app = await buildTestApp();

  it('answers /metrics 404 with neither METRICS_TOKEN nor METRICS_PORT, whatever is sent', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-here' }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'Metrics are off on this server (set METRICS_TOKEN or METRICS_PORT)',
        id: 'not_found',
      });
    }
    // Nothing is timed for nobody; the registry is still there for plugins to register in.
    expect(app.metrics.enabled).toBe(false);
    const samples = parseScrape(await app.metrics.registry.metrics());
    expect(has(samples, 'kaksha_http_request_duration_seconds_count')).toBe(false);
    expect(app.metricsListener.address()).toBeNull();
  });

  it('refuses a short METRICS_TOKEN and a METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

describe('METRICS_PORT', async () => {
  const app = await buildTestApp({ METRICS_PORT: '0', HOST: '0.0.0.0' });
  const address = app.metricsListener.address();

  it('listens on loopback only (127.0.0.1, whatever HOST is) and serves the metrics there without a token', async () => {
    expect(address).not.toBeNull();
    expect(address?.address).toBe('127.0.0.1');
    await app.inject({ method: 'GET', url: '/api/health' });
    const res = await get(`http://127.0.0.1:${address?.port}/metrics`);
    expect(res).toMatchObject({ status: 200 });
    const samples = parseScrape((res as { body: string }).body);
    expect(has(samples, 'kaksha_http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(
      true,
    );
    // The process's own figures, read at scrape.
    expect(samples.find((s) => s.name === 'kaksha_process_resident_memory_bytes')?.value).toBeGreaterThan(0);
    expect(samples.find((s) => s.name === 'kaksha_process_cpu_seconds_total')?.value).toBeGreaterThan(0);
    // Nothing but /metrics there.
    expect(await get(`http://127.0.0.1:${address?.port}/api/health`)).toMatchObject({ status: 404 });
  });

  it('cannot be reached on another address of this machine', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    // A machine with loopback only has no other address to try; the bind address above still holds.
    if (!external) return;
    const res = await get(`http://${external.address}:${address?.port}/metrics`);
    expect(res).toHaveProperty('error');
  });

  it('answers 404 on the app port, which needs METRICS_TOKEN to serve them', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Metrics are served on METRICS_PORT only (set METRICS_TOKEN to serve them here)');
  });
});

describe('METRICS_PORT with METRICS_TOKEN', async () => {
  const token = 'metrics-port-token-abcdefgh';
  const app = await buildTestApp({ METRICS_PORT: '0', METRICS_TOKEN: token });
  const url = `http://127.0.0.1:${app.metricsListener.address()?.port}/metrics`;

  it('requires the token on the port too', async () => {
    expect(await get(url)).toMatchObject({ status: 401 });
    expect(await get(url, { authorization: 'Bearer wrong-token-wrong-token' })).toMatchObject({ status: 401 });
    expect(await get(url, { authorization: `Bearer ${token}` })).toMatchObject({ status: 200 });
    const app200 = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(app200.statusCode).toBe(200);
  });
});
