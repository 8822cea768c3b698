import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../app.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

describe('a failed query is logged without its parameters', async () => {
  const MARKER = 'SECRET-MARKER-$argon2id$v=19';
  const lines: string[] = [];
  const app = await buildTestApp(
    {},
    {
      logger: { level: 'info', redact: LOG_REDACT, stream: { write: (line: string) => lines.push(line) } },
      beforeReady: (app) => {
        app.get('/test/failing-query', async () => {
          await app.db.execute(sql`select * from kaksha_no_such_table where secret = ${MARKER}`);
          return {};
        });
      },
    },
  );

  it('the 500 is logged with the SQL text and the cause, never the params', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('select * from kaksha_no_such_table where secret = $1');
    expect(logged).toContain('kaksha_no_such_table\\" does not exist');
    expect(logged).not.toContain('SECRET-MARKER');
  });

  it('an error that wraps a failed query hides its params too', async () => {
    const failed = await app.db
      .execute(sql`select * from kaksha_no_such_table where secret = ${MARKER}`)
      .catch((e) => e);
    expect(failed.params).toContain(MARKER);
    app.log.error({ err: new Error('saving failed', { cause: failed }) }, 'wrapped');
    const logged = lines.join('\n');
    expect(logged).toContain('saving failed');
    expect(logged).not.toContain('SECRET-MARKER');
  });
});

describe('request logging', async () => {
  const capture = () => {
    const lines: { level: number; msg: string; url?: string; statusCode?: number }[] = [];
    const logger = { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line)) } };
    return { lines, logger };
  };
  const routes = (app: TestApp) => {
    app.get('/test/fails', async () => {
      throw new Error('boom');
    });
  };
  const dev = capture();
  const app = await buildTestApp({}, { logger: dev.logger, beforeReady: routes });
  const prod = capture();
  const production = await buildTestApp(
    { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
    { logger: prod.logger, beforeReady: routes },
  );

  it('writes one line per request, without the query string', async () => {
    await app.inject('/api/health?token=SECRET-QUERY');
    // At info and above (debug adds an "incoming request" line).
    const requestLines = dev.lines.filter((l) => l.url === '/api/health' && l.level >= 30);
    expect(requestLines).toEqual([expect.objectContaining({ level: 30, msg: 'request completed', statusCode: 200 })]);
    expect(JSON.stringify(dev.lines)).not.toContain('SECRET-QUERY');
  });

  it('in production a routine request is debug, a server error a warning', async () => {
    await production.inject('/api/health');
    await production.inject('/test/fails');
    const byUrl = (url: string) => prod.lines.filter((l) => l.msg === 'request completed' && l.url === url);
    expect(byUrl('/api/health').map((l) => l.level)).toEqual([20]);
    expect(byUrl('/test/fails').map((l) => l.level)).toEqual([40]);
  });
});
