import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config.ts';
import { type AppError, notFound, unauthorized } from '../../core/errors.ts';
import type { Metrics } from '../../core/metrics.ts';

/**
 * Who may scrape `/metrics` (issue #32): never anyone by default. On the app's own port only with
 * METRICS_TOKEN as a Bearer token; without a token there (METRICS_PORT only, or neither) the path
 * answers 404 as if it did not exist. On METRICS_PORT (bound to 127.0.0.1) the token, when set, is
 * required too.
 */
export function checkScrape(config: Config['metrics'], authorization: string | undefined, on: 'app' | 'port') {
  const { token } = config;
  if (!token) {
    if (on === 'port') return;
    throw notFound(
      config.port === undefined
        ? 'Metrics are off on this server (set METRICS_TOKEN or METRICS_PORT)'
        : 'Metrics are served on METRICS_PORT only (set METRICS_TOKEN to serve them here)',
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthorized('Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>');
  if (!sameSecret(match[1], token)) throw unauthorized('Metrics token is wrong');
}

/**
 * Compares in time independent of where the two differ (and of their lengths: both are hashed
 * first), so a wrong guess says nothing about the token.
 */
function sameSecret(given: string, expected: string) {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The Prometheus text of every metric the app registered (gauges read now). */
export async function scrape(metrics: Metrics) {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener once the app is ready (null without METRICS_PORT): tests read its address. */
    metricsListener: { address(): AddressInfo | null };
  }
}

/**
 * `/metrics` alone on METRICS_PORT, bound to 127.0.0.1 whatever HOST is: for a scraper (or an
 * agent that forwards) on the same host, away from the public port. Opened when the app is ready
 * (a port in use fails the start), closed with it.
 */
export const metricsListenerPlugin = fp(
  async (app) => {
    let server: Server | null = null;
    app.decorate('metricsListener', {
      address: () => (server?.address() as AddressInfo | null | undefined) ?? null,
    });
    const { port } = app.config.metrics;
    if (port === undefined) return;
    app.addHook('onReady', async () => {
      const listener = createServer((req, res) => {
        const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
          res.end(req.method === 'HEAD' ? undefined : body);
        };
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
          send(
            404,
            'application/json',
            JSON.stringify({ message: 'Only GET /metrics is served here', id: 'not_found' }),
          );
          return;
        }
        try {
          checkScrape(app.config.metrics, req.headers.authorization, 'port');
        } catch (error) {
          const e = error as AppError;
          const challenge: Record<string, string> =
            e.statusCode === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {};
          send(e.statusCode, 'application/json', JSON.stringify({ message: e.message, id: e.id }), challenge);
          return;
        }
        scrape(app.metrics).then(
          ({ contentType, body }) => send(200, contentType, body),
          (err) => {
            app.log.error({ err }, 'metrics scrape failed');
            send(500, 'application/json', JSON.stringify({ message: 'Metrics could not be read', id: 'internal' }));
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        // Loopback only, never HOST: the metrics are not for the network.
        listener.listen(port, '127.0.0.1', () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      app.log.info({ address: listener.address() }, 'metrics listening on loopback');
    });
    app.addHook('onClose', async () => {
      const listener = server;
      if (!listener) return;
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      // A scraper's kept-alive connection would hold the close up.
      listener.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics-listener', dependencies: ['metrics'] },
);
