import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Every environment variable the server reads. Documented in `.env.example`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: list,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  REDIS_URL: optional.pipe(z.url().optional()),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool.default(false),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Kaksha <no-reply@kaksha.local>'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  RAZORPAY_KEY_ID: z.string().default('rzp_test_kakshasandbox'),
  RAZORPAY_KEY_SECRET: z.string().default('kaksha_sandbox_secret'),
  RAZORPAY_WEBHOOK_SECRET: z.string().default('kaksha_sandbox_webhook_secret'),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' || v === '' ? false : v)),
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    /** Origins allowed to make credentialed, state-changing calls. */
    allowedOrigins: [new URL(publicUrl).origin, ...e.CORS_ORIGINS],
    corsOrigins: e.CORS_ORIGINS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    storage: {
      driver: e.STORAGE,
      localDir: path.join(dataDir, 'media'),
      s3: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxDir: path.join(dataDir, 'mail') },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''),
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    /** Multiplies the built-in limits on login, signup, sendotp and verifyotp (modules/auth/auth.limits.ts). */
    authRateLimitScale: e.AUTH_RATE_LIMIT_SCALE,
    /** Whom to believe for the client address (X-Forwarded-For): off, true, or the proxies' addresses/CIDRs. */
    trustProxy: e.TRUST_PROXY,
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.OPENAI_BASE_URL.replace(/\/$/, ''),
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL,
    },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
  };
}
