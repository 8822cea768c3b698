import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../../scripts/databases.mjs';
import { build, freePort, startServer } from '../../../scripts/serve.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    /** The run's SMTP server, for a test that starts a server of its own. */
    smtpUrl: string;
    dataDir: string;
  }
}

/**
 * With TEST_DATABASE_URL (CI's full stage), the server runs on a PostgreSQL database of its own,
 * created here and dropped at the end, so the browser journeys run on production's database (about as
 * fast as on the embedded one: measured on three files, 225–257 s against 244–266 s). Without it, on the
 * embedded default (the first-run path).
 */
async function serverDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createDatabase(url, `kaksha_e2e_${process.pid}_${Date.now().toString(36)}`) : undefined;
}

/**
 * Builds the production app once, then starts it on a free port with a temporary DATA_DIR
 * and demo content (on PostgreSQL when TEST_DATABASE_URL is set: serverDatabase), plus a real SMTP
 * server whose messages the tests read from `mailDir` (one JSON file per message: {to, subject, text, html}).
 */
export default async function setup(project: TestProject) {
  build();
  const smtpPort = await freePort();
  const mailDir = await mkdtemp(path.join(tmpdir(), 'kaksha-mail-'));
  let mailCount = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? 'unknown';
          const file = path.join(mailDir, `${Date.now()}-${++mailCount}.json`);
          await writeFile(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const closeSmtp = () => new Promise<void>((r) => smtp.close(() => r()));

  let server: Awaited<ReturnType<typeof startServer>>;
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  try {
    database = await serverDatabase();
    server = await startServer({
      // Demo content is seeded at start: allow for a busy machine.
      readySeconds: 180,
      // Every signed-in page server-rendered, however many test files load one at the same moment
      // (the limit itself is tested in apps/server/src/modules/web/web.any-db.test.ts).
      // Every browser test signs up from 127.0.0.1: the built-in 30 sign-ups an hour per address ran out
      // late in a whole run (toasts.e2e's last sign-up got 429); the limits are tested by the server's tests.
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SERVER_RENDERED_PAGES_AT_ONCE: '100',
        AUTH_RATE_LIMIT_SCALE: '20',
        // Analytics (#33): today's figures rolled up every 2 s, so analytics.e2e sees them soon.
        ANALYTICS_ROLLUP_SECONDS: '2',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
  } catch (error) {
    await database?.drop();
    await closeSmtp();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', `smtp://127.0.0.1:${smtpPort}`);
  project.provide('dataDir', server.dataDir);

  return async () => {
    await server.stop();
    await database?.drop();
    await closeSmtp();
    await rm(mailDir, { recursive: true, force: true });
  };
}
