import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../app.ts';
import { buildTestApp } from '../test/app.ts';

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
