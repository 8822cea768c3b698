import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authPlugin } from './core/auth.ts';
import type { Config } from './core/config.ts';
import type { Database } from './core/db/client.ts';
import { dbPlugin } from './core/db/plugin.ts';
import { errorHandlerPlugin } from './core/error-handler.ts';
import { httpCachePlugin } from './core/http-cache.ts';
import { jobsPlugin } from './core/jobs.ts';
import { RequestLog, serializeError } from './core/log.ts';
import { mailerPlugin } from './core/mailer.ts';
import { metricsPlugin } from './core/metrics.ts';
import { partialUploadsPlugin } from './core/partial-uploads.ts';
import { rateLimitPlugin } from './core/rate-limit.ts';
import { redisPlugin } from './core/redis.ts';
import { requestLimitsPlugin } from './core/request-limits.ts';
import { securityHeadersPlugin } from './core/security-headers.ts';
import { snapshotsPlugin } from './core/snapshots.ts';
import { type Storage, storagePlugin } from './core/storage.ts';
import adminRoutes from './modules/admin/admin.routes.ts';
import { adminPlugin } from './modules/admin/admin.service.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import { analyticsPlugin } from './modules/analytics/analytics.service.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import { backupPlugin } from './modules/backup/backup.service.ts';
import billingRoutes from './modules/billing/billing.routes.ts';
import certificatesRoutes from './modules/certificates/certificates.routes.ts';
import { certificatePageMeta } from './modules/certificates/certificates.service.ts';
import configRoutes from './modules/config/config.routes.ts';
import couponsRoutes from './modules/coupons/coupons.routes.ts';
import coursesRoutes from './modules/courses/courses.routes.ts';
import { coursePageImages } from './modules/courses/courses.service.ts';
import earningsRoutes from './modules/earnings/earnings.routes.ts';
import { earningsPlugin } from './modules/earnings/earnings.service.ts';
import healthRoutes from './modules/health/health.routes.ts';
import invoicesRoutes from './modules/invoices/invoices.routes.ts';
import lectureResourcesRoutes from './modules/lecture-resources/lecture-resources.routes.ts';
import lecturesRoutes from './modules/lectures/lectures.routes.ts';
import mediaRoutes from './modules/media/media.routes.ts';
import { videoWorkersPlugin } from './modules/media/media.service.ts';
import metricsRoutes from './modules/metrics/metrics.routes.ts';
import { metricsListenerPlugin } from './modules/metrics/metrics.service.ts';
import notificationsRoutes from './modules/notifications/notifications.routes.ts';
import { notificationsPlugin } from './modules/notifications/notifications.service.ts';
import paymentsRoutes from './modules/payments/payments.routes.ts';
import privacyRoutes from './modules/privacy/privacy.routes.ts';
import { privacyPlugin } from './modules/privacy/privacy.service.ts';
import progressRoutes from './modules/progress/progress.routes.ts';
import purchasesRoutes from './modules/purchases/purchases.routes.ts';
import qaRoutes from './modules/qa/qa.routes.ts';
import quizzesRoutes from './modules/quizzes/quizzes.routes.ts';
import reviewsRoutes from './modules/reviews/reviews.routes.ts';
import searchRoutes, { searchDemandRoutes } from './modules/search/search.routes.ts';
import {
  searchEmbedderPlugin,
  searchIndexUpgradePlugin,
  searchLearningPlugin,
} from './modules/search/search.service.ts';
import sectionsRoutes from './modules/sections/sections.routes.ts';
import seoRoutes from './modules/seo/seo.routes.ts';
import { cataloguePageHeads } from './modules/seo/seo.service.ts';
import uploadsRoutes, { uploadsBackgroundPlugin } from './modules/uploads/uploads.routes.ts';
import type { CompletionProbe } from './modules/uploads/uploads.service.ts';
import usersRoutes from './modules/users/users.routes.ts';
import webRoutes from './modules/web/web.routes.ts';
import wishlistRoutes from './modules/wishlist/wishlist.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: Database;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Tests: called at each step of finishing a resumable upload (modules/uploads), to fail or stop there. */
  uploadProbe?: CompletionProbe;
}

/** Secrets that must never reach the logs. */
export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];
/** Serializers every logger of the app gets (a failed query's parameters stay out of the logs). */
export const LOG_SERIALIZERS = { err: serializeError };

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole product: infrastructure plugins first, then the feature modules. */
export async function buildApp(config: Config, opts: BuildOptions = {}) {
  const logger = opts.logger ?? { level: config.logLevel, redact: LOG_REDACT };
  const app = Fastify({
    logger:
      typeof logger === 'object' ? { ...logger, serializers: { ...logger.serializers, ...LOG_SERIALIZERS } } : logger,
    // Only behind a known proxy may X-Forwarded-For name the client: rate limits key on it.
    trustProxy: config.trustProxy,
    // One line per request instead of Fastify's two (core/log.ts).
    logController: new RequestLog(config.env === 'production' ? 'debug' : 'info'),
    // Opening and migrating the embedded database can take a while on a busy machine.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // Headers must arrive within REQUEST_TIMEOUT_MS (Node answers 408); bodies: core/request-limits.ts.
    http: {
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, config.requestTimeoutMs / 4)),
    },
    // Errors the router raises before any handler (a malformed %-escape in the path) get the
    // same `{message, id}` body as every other error.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      reply
        .headers(app.securityHeaders)
        .status(400)
        .send({ message: error.message, id: error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // First, so every plugin and module can register its own metrics on `app.metrics`.
  await app.register(metricsPlugin);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(requestLimitsPlugin);
  await app.register(fastifyCookie);
  // A web app hosted on another origin (VITE_API_URL) may call the API with its cookies.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  await app.register(httpCachePlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxVideoBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Kaksha API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // The interactive docs are for developers; production opts in with API_DOCS=true.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(dbPlugin, { database: opts.database });
  await app.register(storagePlugin, { storage: opts.storage });
  await app.register(partialUploadsPlugin);
  await app.register(authPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  await app.register(jobsPlugin);
  // Background work, started here and by no route: AI search's re-embedding worker and its
  // sweeps, the search index's upgrade to a new format, the video conversion workers, the resumable
  // uploads' recovery and sweep (with the store their routes serve from).
  await app.register(searchEmbedderPlugin);
  await app.register(searchIndexUpgradePlugin);
  // AI search learns from learners (#33): the search rollup and the click signal's job.
  await app.register(searchLearningPlugin);
  await app.register(videoWorkersPlugin);
  await app.register(uploadsBackgroundPlugin, { probe: opts.uploadProbe });
  // Backups (ADR 0018): BACKUP_SCHEDULE's job, and the loopback endpoint `npm run backup` asks.
  await app.register(backupPlugin);
  await app.register(snapshotsPlugin);
  await app.register(mailerPlugin);
  // The data key for payout accounts, the payout provider, ledger entries for earlier sales.
  await app.register(earningsPlugin);
  // ADMIN_EMAILS: their accounts are operators, now and when they sign up.
  await app.register(adminPlugin);
  // Notifications: dispatching recorded events, the bell (through Redis when set), their e-mail.
  await app.register(notificationsPlugin);
  // Course analytics: the event buffer and its writes, the rollup and retention jobs; puts every
  // request in scope so modules record events in its name (DNT / GPC honoured).
  await app.register(analyticsPlugin);
  // Data rights: the export job's worker and the sweep of expired exports.
  await app.register(privacyPlugin);

  // Thumbnails and avatars: public, content-addressed names, so they may be cached for long.
  // (From an object store the media module serves them.)
  if (config.storage.driver === 'local') {
    await app.register(fastifyStatic, {
      root: path.join(config.storage.localDir, 'public'),
      prefix: '/media/public/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  await app.register(healthRoutes, { prefix: '/api' });
  // Prometheus metrics: /metrics with METRICS_TOKEN, and/or alone on METRICS_PORT (loopback).
  await app.register(metricsRoutes);
  await app.register(metricsListenerPlugin);
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/user' });
  await app.register(billingRoutes, { prefix: '/api/user' });
  await app.register(privacyRoutes, { prefix: '/api/user' });
  await app.register(coursesRoutes, { prefix: '/api/course' });
  await app.register(lecturesRoutes, { prefix: '/api/course' });
  await app.register(sectionsRoutes, { prefix: '/api/course' });
  await app.register(lectureResourcesRoutes, { prefix: '/api/course' });
  await app.register(reviewsRoutes, { prefix: '/api/review' });
  await app.register(paymentsRoutes, { prefix: '/api/payment' });
  await app.register(purchasesRoutes, { prefix: '/api/payment' });
  await app.register(progressRoutes, { prefix: '/api/progress' });
  await app.register(quizzesRoutes, { prefix: '/api/quiz' });
  await app.register(certificatesRoutes, { prefix: '/api/certificate' });
  await app.register(invoicesRoutes, { prefix: '/api/invoice' });
  await app.register(wishlistRoutes, { prefix: '/api/wishlist' });
  await app.register(couponsRoutes, { prefix: '/api/coupon' });
  await app.register(earningsRoutes, { prefix: '/api/earnings' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(searchRoutes, { prefix: '/api/ai' });
  await app.register(searchDemandRoutes, { prefix: '/api/analytics' });
  await app.register(qaRoutes, { prefix: '/api/qa' });
  await app.register(notificationsRoutes, { prefix: '/api/notifications' });
  // Course analytics: /api/events (the web app's events) and /api/analytics/* (reports).
  await app.register(analyticsRoutes, { prefix: '/api' });
  // Resumable lecture-video uploads (tus); the tus server answers at this path itself.
  await app.register(uploadsRoutes, { prefix: '/api/uploads' });
  await app.register(mediaRoutes, { prefix: '/media' });
  // robots.txt and the sitemap, at the root, before the web app's catch-all.
  await app.register(seoRoutes);

  // With PUBLIC_CATALOGUE a catalogue or course page also tells search engines what it is.
  const catalogueHead = config.publicCatalogue
    ? cataloguePageHeads(app.db, app.storage, config.publicUrl, () => app.catalogVersion())
    : async () => null;
  await app.register(webRoutes, {
    root: config.webDist ?? defaultWebDist,
    serverRenderedPagesAtOnce: config.serverRenderedPagesAtOnce,
    publicCatalogue: config.publicCatalogue,
    pageMeta: async (url) => (await certificatePageMeta(app.db, config.publicUrl, url)) ?? catalogueHead(url),
    pageImage: coursePageImages(app.db, app.storage, () => app.catalogVersion()),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
