import { buildApp, LOG_REDACT } from '../app.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
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
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kaksha is ready at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
