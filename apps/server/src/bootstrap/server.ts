import type { Server } from 'node:http';
import { buildApp, LOG_REDACT } from '../app.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { seedDemoContent } from './seed/seed.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // People running `npm start` in a terminal get readable logs; everything else gets JSON lines.
  const logger = {
    level: config.logLevel,
    redact: LOG_REDACT,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
  // The embedded database belongs to one process: a second server on this DATA_DIR refuses to start.
  if (!config.databaseUrl) {
    try {
      lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const app = await buildApp(config, { logger });
  if (config.seedDemo) await seedDemoContent(app);
  if (config.env === 'production') {
    if (config.payment.provider === 'sandbox') {
      app.log.warn('payments run in SANDBOX mode: learners enrol without paying (set PAYMENT_PROVIDER=razorpay)');
    }
    if (!config.mail.smtpUrl) app.log.warn(`no SMTP_URL: mail is written to ${config.mail.mailboxDir}, not sent`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const timer = setTimeout(() => {
      app.log.warn(`requests still running after ${config.shutdownTimeoutMs} ms: exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await drain(app.server);
    await app.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kaksha is ready at ${config.publicUrl}`);
}

/**
 * Stops accepting connections and waits until every open one has served what it received,
 * closing each as soon as it is idle. Fastify's own close would answer Connection: close to the
 * request in progress, dropping any request the client had already sent behind it.
 */
async function drain(server: Server) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await closed;
  } finally {
    clearInterval(reaper);
  }
}

main().catch((error) => {
  // A setting a plugin finds wrong while the app is built (DATA_ENCRYPTION_KEY) reads like loadConfig's.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
