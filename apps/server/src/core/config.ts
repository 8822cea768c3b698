import path from 'node:path';
import {
  GST_STATES,
  GSTIN_MESSAGES,
  type GstStateCode,
  gstinProblem,
  isGstStateCode,
  LECTURE_RESOURCE_MAX_BYTES,
} from '@kaksha/contracts';
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

/**
 * The payment keys' built-in defaults: fine for the sandbox, public knowledge otherwise, so the
 * payments module refuses them with PAYMENT_PROVIDER=razorpay.
 */
export const PAYMENT_SANDBOX_DEFAULTS = {
  RAZORPAY_KEY_ID: 'rzp_test_kakshasandbox',
  RAZORPAY_KEY_SECRET: 'kaksha_sandbox_secret',
  RAZORPAY_WEBHOOK_SECRET: 'kaksha_sandbox_webhook_secret',
} as const;

/** Every environment variable the server reads. Documented in `.env.example`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: list,
  COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  REDIS_URL: optional.pipe(z.url().optional()),
  SNAPSHOT_CACHE_MB: z.coerce.number().min(0).default(128),
  SNAPSHOT_MAX_MB: z.coerce.number().min(0).default(64),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  // Scheduled backups (modules/backup, ADR 0018): cron's five fields in UTC; unset, none.
  BACKUP_SCHEDULE: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[\d*/,?LW#A-Za-z-]+(\s+[\d*/,?LW#A-Za-z-]+){4}\s*$/,
        'must be a cron expression of five fields (minute hour day month weekday), such as 0 3 * * * for 03:00 UTC daily',
      )
      .optional(),
  ),
  BACKUP_DIR: optional,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  VIDEO_PROCESSING: bool.default(true),
  VIDEO_JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_VIDEO_DELIVERY: z.enum(['stream', 'redirect']).default('stream'),
  S3_PRESIGN_EXPIRES_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  MEDIA_PUBLIC_URL: optional.pipe(z.url().optional()),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  MAX_RESOURCE_BYTES: z.coerce.number().int().positive().default(LECTURE_RESOURCE_MAX_BYTES),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Kaksha <no-reply@kaksha.local>'),
  // No default here: production must name its provider (see loadConfig).
  PAYMENT_PROVIDER: optional.pipe(z.enum(['sandbox', 'razorpay']).optional()),
  RAZORPAY_KEY_ID: z.string().default(PAYMENT_SANDBOX_DEFAULTS.RAZORPAY_KEY_ID),
  RAZORPAY_KEY_SECRET: z.string().default(PAYMENT_SANDBOX_DEFAULTS.RAZORPAY_KEY_SECRET),
  RAZORPAY_WEBHOOK_SECRET: z.string().default(PAYMENT_SANDBOX_DEFAULTS.RAZORPAY_WEBHOOK_SECRET),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // The seller of record (issue #28); checked together in sellerConfig, demo values when none is set.
  SELLER_LEGAL_NAME: optional,
  SELLER_ADDRESS: optional,
  SELLER_STATE_CODE: optional.pipe(
    z
      .string()
      .refine(isGstStateCode, 'must be a two-digit GST state code (01-38 or 97), such as 07 for Delhi')
      .optional(),
  ),
  SELLER_GSTIN: optional.transform((v) => v?.replace(/\s+/g, '').toUpperCase()),
  GST_RATE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((v) => Number.isInteger(v * 100), 'must have at most two decimals')
    .default(18),
  SAC_CODE: z
    .string()
    .regex(/^[0-9]{6}$/, 'must be a six-digit SAC code')
    .default('999293'),
  INVOICE_PREFIX: z
    .string()
    // 4 at most: the number (prefix, series mark, financial year, sequence) must fit GST's 16 characters.
    .regex(/^[A-Za-z0-9]{1,4}$/, 'must be 1 to 4 letters or digits')
    .default('KAK'),
  REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  REFUND_MAX_PROGRESS_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  REFUND_MAX_PER_90_DAYS: z.coerce.number().int().min(0).max(1000).default(3),
  // Educator earnings and payouts (issue #31, modules/earnings).
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((v) => Number.isInteger(v * 100), 'must have at most two decimals')
    .default(20),
  PAYOUT_MIN_RUPEES: z.coerce.number().int().min(1).max(10_000_000).default(500),
  PAYOUT_PROVIDER: optional.pipe(z.enum(['sandbox', 'manual', 'razorpay']).optional()),
  DATA_ENCRYPTION_KEY: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAILS: list,
  // Two-factor sign-in (issue #32, modules/auth): required of operators before the console works,
  // and of educators before a payout account can be saved. Off only for development and tests.
  ADMIN_2FA_REQUIRED: bool.default(true),
  PAYOUT_2FA_REQUIRED: bool.default(true),
  // Course analytics (issue #33, modules/analytics).
  ANALYTICS_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  ANALYTICS_BUFFER_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
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
  EMBEDDINGS_PROVIDER: z.enum(['local', 'openai']).default('local'),
  EMBEDDINGS_BASE_URL: z.url().default('http://127.0.0.1:11434/v1'),
  EMBEDDINGS_MODEL: z.string().min(1).default('nomic-embed-text'),
  EMBEDDINGS_API_KEY: optional,
  EMBEDDINGS_DIMENSIONS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(2).max(8192).optional(),
  ),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  EMBEDDINGS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(10_000).default(300),
  // AI search learns from learners' clicks (issue #33, modules/search/search.learning.ts).
  SEARCH_CLICKS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SEARCH_CLICKS_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SEED_DEMO: bool.default(true),
  PUBLISH_CHECKLIST: z.enum(['on', 'off', 'true', 'false']).default('on'),
  PUBLIC_CATALOGUE: bool.default(false),
  API_DOCS: optional.pipe(bool.optional()),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  BODY_MIN_BYTES_PER_SEC: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PARTIAL_UPLOAD_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  // Data rights (issue #32, modules/privacy): an account with more rows than this gets its export by
  // a job and an e-mail; the e-mailed link works this many hours.
  PRIVACY_EXPORT_INLINE_ROWS: z.coerce.number().int().min(0).default(5000),
  PRIVACY_EXPORT_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  // Prometheus metrics at /metrics (issue #32, core/metrics.ts): never public unless one is set.
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SERVER_RENDERED_PAGES_AT_ONCE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
  /** The earlier name of SERVER_RENDERED_PAGES_AT_ONCE, still read when the new one is unset. */
  DRAWN_PAGES_AT_ONCE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
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
  if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER) {
    // A forgotten variable must not turn a live site into one where everybody enrols for free.
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: required when NODE_ENV=production ' +
        '(razorpay for real payments, or sandbox to run the test checkout on purpose)',
    );
  }
  const seller = sellerConfig(e);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT (it serves only /metrics)');
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  // Browsers drop a SameSite=None cookie that is not Secure, and it only serves a web app on another site.
  if (e.COOKIE_SAMESITE === 'none' && !publicUrl.startsWith('https://'))
    throw new ConfigError(
      'Invalid configuration:\n  COOKIE_SAMESITE: none needs an https PUBLIC_URL (the cookie must be Secure)',
    );
  if (e.COOKIE_SAMESITE === 'none' && e.CORS_ORIGINS.length === 0)
    throw new ConfigError("Invalid configuration:\n  COOKIE_SAMESITE: none needs CORS_ORIGINS (the web app's origin)");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    /** The session cookie's SameSite; `none` lets a web app on another site send it (needs https). */
    cookieSameSite: e.COOKIE_SAMESITE,
    /** Origins allowed to make credentialed, state-changing calls. */
    allowedOrigins: [new URL(publicUrl).origin, ...e.CORS_ORIGINS],
    corsOrigins: e.CORS_ORIGINS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** PostgreSQL connections per instance, and the longest a statement may run (0 = no limit). */
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    /** Background jobs (mail, later video processing) each instance works on at once. */
    jobsConcurrency: e.JOBS_CONCURRENCY,
    /**
     * Scheduled backups (modules/backup, ADR 0018): a job at each tick of `schedule` (cron, UTC)
     * writes `kaksha-backup-<time>.tar` into `dir`, keeping the newest `keep`.
     */
    backup: {
      schedule: e.BACKUP_SCHEDULE?.trim(),
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
    },
    /**
     * Uploaded lecture videos → HLS renditions, poster and duration (modules/media/video-processing.ts),
     * when `enabled` and ffmpeg/ffprobe run (checked at start); otherwise the original file plays.
     */
    video: {
      processing: e.VIDEO_PROCESSING,
      /** Transcodes each instance runs at once (each uses about all cores / this many threads). */
      concurrency: e.VIDEO_JOBS_CONCURRENCY,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      /** A failed attempt is retried after this (doubling); tests need no long waits. */
      retryDelaySeconds: e.NODE_ENV === 'test' ? 1 : 30,
    },
    redisUrl: e.REDIS_URL,
    /**
     * Hot public answers kept compressed per catalogue version (core/snapshots.ts): bytes held in all,
     * and the largest uncompressed answer kept (larger ones are streamed page by page).
     */
    snapshots: { maxBytes: e.SNAPSHOT_CACHE_MB * 1024 ** 2, maxEntryBytes: e.SNAPSHOT_MAX_MB * 1024 ** 2 },
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
        /** Lecture videos after the access check: streamed through the server, or a 302 to a presigned URL. */
        videoDelivery: e.S3_VIDEO_DELIVERY,
        presignExpiresSeconds: e.S3_PRESIGN_EXPIRES_SECONDS,
      },
      /** Base URL under which storage keys are reachable (a CDN or the bucket); unset → `/media/<key>` on this server. */
      publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
    },
    maxVideoBytes: e.MAX_VIDEO_BYTES,
    /**
     * Publishing a draft needs every item of the checklist (@kaksha/contracts `PUBLISH_CHECKLIST`);
     * off (imports, test deployments): only title, category, level and price, as before issue #27.
     */
    publishChecklist: e.PUBLISH_CHECKLIST === 'on' || e.PUBLISH_CHECKLIST === 'true',
    /**
     * Visitors may open /allcourses and /viewcourse/{id} without an account, served with their
     * title, description, Open Graph and JSON-LD, listed by /sitemap.xml and allowed by /robots.txt
     * (modules/seo); off: the spec's guards send them to sign up, robots.txt disallows everything.
     */
    publicCatalogue: e.PUBLIC_CATALOGUE,
    /** Largest file attached to a lecture (modules/lecture-resources). */
    maxResourceBytes: e.MAX_RESOURCE_BYTES,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxDir: path.join(dataDir, 'mail') },
    /** Data export and erasure (modules/privacy, issue #32). */
    privacy: { exportInlineRows: e.PRIVACY_EXPORT_INLINE_ROWS, exportLinkHours: e.PRIVACY_EXPORT_LINK_HOURS },
    payment: {
      provider: e.PAYMENT_PROVIDER ?? 'sandbox',
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''),
      /** How long an unpaid order (and the price it quotes) stays payable. */
      orderTtlMs: e.PAYMENT_ORDER_TTL_MINUTES * 60_000,
    },
    /**
     * GST (modules/billing, issue #28): the platform sells every course and invoices under its own
     * GSTIN; `seller.gstin` null means an unregistered seller (no tax lines). Prices include GST.
     */
    billing: {
      seller,
      gstRatePercent: e.GST_RATE_PERCENT,
      sacCode: e.SAC_CODE,
      invoicePrefix: e.INVOICE_PREFIX.toUpperCase(),
    },
    /** Refunds (modules/refunds, issue #28): the policy the course page and checkout show. */
    refunds: {
      windowDays: e.REFUND_WINDOW_DAYS,
      maxProgressPercent: e.REFUND_MAX_PROGRESS_PERCENT,
      maxPer90Days: e.REFUND_MAX_PER_90_DAYS,
    },
    /**
     * Educator earnings (modules/earnings, issue #31): the platform's fee (percent of a sale's
     * taxable value), payouts of available balances from PAYOUT_MIN_RUPEES by `payoutProvider`
     * (`sandbox` pays at once; the default outside production, `manual` in it), sales held for the
     * refund window. `dataEncryptionKey` encrypts bank account numbers; unset, the embedded database
     * keeps a generated one in DATA_DIR (with DATABASE_URL the app refuses to start without it).
     */
    earnings: {
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      releaseAfterDays: e.REFUND_WINDOW_DAYS,
      payoutMinPaise: e.PAYOUT_MIN_RUPEES * 100,
      payoutProvider: e.PAYOUT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'manual' : 'sandbox'),
      dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    },
    /**
     * Course analytics (modules/analytics, issue #33): the HMAC key of visitor hashes and learner
     * pseudonyms (unset: one made once and kept in the database), how often the rollup job brings the
     * daily tables up to date, how long raw events are kept, and how many events wait in memory for
     * the next write before new ones are dropped (counted).
     */
    analytics: {
      secret: e.ANALYTICS_SECRET,
      rollupSeconds: e.ANALYTICS_ROLLUP_SECONDS,
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      bufferEvents: e.ANALYTICS_BUFFER_EVENTS,
    },
    /** Accounts that are operators (admin role) whatever they signed up as (modules/admin). */
    adminEmails: e.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    /**
     * Two-factor sign-in (modules/auth, issue #32): an operator without it gets 403 from every
     * /api/admin route until it is on; an educator without it cannot save a payout account.
     */
    twoFactor: { requiredForAdmins: e.ADMIN_2FA_REQUIRED, requiredForPayouts: e.PAYOUT_2FA_REQUIRED },
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
    /**
     * The course and query vectors of dense retrieval (modules/search/engine/search.embedder.ts): `local`
     * (the shipped word vectors, offline) or any OpenAI-compatible `/embeddings` endpoint, whose
     * vectors are used once the whole catalogue has them (re-embedded in the background).
     */
    embeddings: {
      provider: e.EMBEDDINGS_PROVIDER,
      baseUrl: e.EMBEDDINGS_BASE_URL.replace(/\/$/, ''),
      model: e.EMBEDDINGS_MODEL,
      apiKey: e.EMBEDDINGS_API_KEY,
      /** Sent as `dimensions` and required of every answer when set; otherwise learnt from the first answer. */
      dimensions: e.EMBEDDINGS_DIMENSIONS,
      /** Course texts per request of the background re-embedding. */
      batchSize: e.EMBEDDINGS_BATCH_SIZE,
      /** A query waits this long (from its start) for its vector before it uses the local ones. */
      queryTimeoutMs: e.EMBEDDINGS_QUERY_TIMEOUT_MS,
      /** A failed re-embedding job is retried after this (doubling); tests need no long waits. */
      retryDelaySeconds: e.NODE_ENV === 'test' ? 1 : 10,
    },
    /**
     * AI search's click signal (modules/search/search.learning.ts, issue #33): recomputed this often
     * from the searches, opens and enrolments of the last `windowDays` days.
     */
    searchClicks: { refreshMinutes: e.SEARCH_CLICKS_REFRESH_MINUTES, windowDays: e.SEARCH_CLICKS_WINDOW_DAYS },
    seedDemo: e.SEED_DEMO,
    /** Swagger UI at /api/docs: on in development and tests, off in production unless API_DOCS=true. */
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    /** Headers, and a body that is not an upload, must arrive within this. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    /** An upload's body gets this long plus one second per BODY_MIN_BYTES_PER_SEC received (slow clients). */
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    bodyMinBytesPerSec: e.BODY_MIN_BYTES_PER_SEC,
    /** An upload that makes no progress for this long is cut off, whatever credit it has earned. */
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_MS,
    /** How long a SIGTERM waits for in-flight requests before the process exits anyway. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /** Unfinished upload files (`*.part`) untouched for this long are removed, at start and periodically. */
    partialUploadMaxAgeMs: e.PARTIAL_UPLOAD_MAX_AGE_MS,
    /**
     * Prometheus metrics (core/metrics.ts, modules/metrics): `/metrics` on the app's port with
     * `Authorization: Bearer <token>`, and/or on its own `port` bound to 127.0.0.1 (0: any free
     * port, for tests). With neither, `/metrics` answers 404 and requests are not timed.
     */
    metrics: {
      token: e.METRICS_TOKEN,
      port: e.METRICS_PORT,
      enabled: e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    /** Signed-in pages the server renders at once (ADR 0014); beyond it the app renders them (0: never). */
    serverRenderedPagesAtOnce: e.SERVER_RENDERED_PAGES_AT_ONCE ?? e.DRAWN_PAGES_AT_ONCE ?? 2,
  };
}

/**
 * The demo seller, used when no SELLER_* variable is set and the site does not take real payments:
 * a syntactically valid GSTIN (its check character computed) in Karnataka, so a fresh install shows
 * the whole breakdown. It is nobody's registration.
 */
export const DEMO_SELLER = {
  legalName: 'Kaksha Learning Private Limited (demo)',
  address: '1 Demo Road, Bengaluru, Karnataka 560001',
  stateCode: '29',
  gstin: '29AAACK1234K1ZL',
} as const;

type Env = z.infer<typeof envSchema>;

export interface Seller {
  legalName: string;
  address: string;
  stateCode: GstStateCode;
  stateName: string;
  /** Null: not GST-registered, so no tax is charged. */
  gstin: string | null;
  demo: boolean;
}

/**
 * Who sells. With none of SELLER_* set the demo seller stands in — except in production with
 * PAYMENT_PROVIDER=razorpay, where money is taken and the invoices must name the real seller. Once
 * any is set, name, address and state are required; SELLER_GSTIN is optional (unset or empty: an
 * unregistered seller) and, when given, must pass its check character and be of SELLER_STATE_CODE.
 */
function sellerConfig(e: Env): Seller {
  const given = [e.SELLER_LEGAL_NAME, e.SELLER_ADDRESS, e.SELLER_STATE_CODE, e.SELLER_GSTIN].some(
    (v) => v !== undefined,
  );
  const sells = e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER === 'razorpay';
  if (!given && !sells) return { ...DEMO_SELLER, stateName: GST_STATES[DEMO_SELLER.stateCode], demo: true };
  const why = given ? 'once any SELLER_* variable is set' : 'in production with PAYMENT_PROVIDER=razorpay';
  const problems: string[] = [];
  const required = { SELLER_LEGAL_NAME: e.SELLER_LEGAL_NAME, SELLER_ADDRESS: e.SELLER_ADDRESS };
  for (const [name, value] of Object.entries(required)) if (!value?.trim()) problems.push(`${name}: required ${why}`);
  const stateCode = e.SELLER_STATE_CODE;
  if (!stateCode) problems.push(`SELLER_STATE_CODE: required ${why}`);
  const gstin = e.SELLER_GSTIN;
  if (gstin) {
    const problem = gstinProblem(gstin, stateCode);
    if (problem === 'state')
      problems.push(`SELLER_GSTIN: its first two digits must equal SELLER_STATE_CODE (${stateCode})`);
    else if (problem) problems.push(`SELLER_GSTIN: ${GSTIN_MESSAGES[problem]}`);
  }
  if (problems.length > 0 || !stateCode) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    legalName: (e.SELLER_LEGAL_NAME as string).trim(),
    address: (e.SELLER_ADDRESS as string).trim(),
    stateCode,
    stateName: GST_STATES[stateCode],
    gstin: gstin ?? null,
    demo: false,
  };
}
