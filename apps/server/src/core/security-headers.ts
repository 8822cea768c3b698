import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';

/** Third-party origins, allowed only when the feature that needs them is configured. */
const GOOGLE_IDENTITY = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
};
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://*.razorpay.com'],
};

/** Hashes of the scripts an HTML page carries inline, so the policy can allow exactly those. */
export interface InlineHashes {
  scripts: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The inline `<script>` blocks of a page (the prerendered landing page may carry some), hashed. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
  return { scripts: [...new Set(scripts.filter((t) => t.trim() !== '').map(sha256))] };
}

/** Origin of a URL, or nothing for a missing or relative one. */
const originOf = (url: string | undefined) => (url && URL.canParse(url) ? [new URL(url).origin] : []);

/**
 * The Content-Security-Policy: this origin only, plus Google Identity and Razorpay checkout
 * when they are configured, plus a media host (S3/CDN) when media is served from one. No
 * 'unsafe-inline' for scripts: a page's own inline code is allowed by hash.
 */
export function contentSecurityPolicy(config: Config, inline?: InlineHashes) {
  const google = config.google.clientId ? GOOGLE_IDENTITY : undefined;
  const razorpay = config.payment.provider === 'razorpay' ? RAZORPAY : undefined;
  // Public media from a CDN or bucket (MEDIA_PUBLIC_URL), and lecture videos redirected to the bucket.
  const { storage } = config;
  const bucket =
    storage.driver === 's3' ? (storage.s3.endpoint ? originOf(storage.s3.endpoint) : ['https://*.amazonaws.com']) : [];
  const media = [...originOf(storage.publicUrl), ...bucket];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(inline?.scripts ?? []), ...(google?.script ?? []), ...(razorpay?.script ?? [])],
    // Styles may be inline: the app's toasts and Razorpay's checkout inject <style> elements at
    // run time (seen in Chromium). Scripts, the real risk, stay strict.
    'style-src': ["'self'", "'unsafe-inline'", ...(google?.style ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...(razorpay?.img ?? [])],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...config.corsOrigins, ...(google?.connect ?? []), ...(razorpay?.connect ?? [])],
    'frame-src': google || razorpay ? [...(google?.frame ?? []), ...(razorpay?.frame ?? [])] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSP for an HTML page with these inline hashes (modules/web sets it on the app's pages). */
    contentSecurityPolicy: (inline?: InlineHashes) => string;
    /** Every header below, for answers that skip the hooks (the router's own errors). */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Security headers on every answer (including errors and 404s). A route that sets its own
 * CSP (the app's HTML with its hashes, Swagger UI) keeps it.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config } = app;
    const policy = contentSecurityPolicy(config);
    app.decorate('contentSecurityPolicy', (inline?: InlineHashes) => contentSecurityPolicy(config, inline));
    const headers: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      // Google sign-in opens a popup that must be able to answer its opener.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      ...(config.secureCookies ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    };
    app.decorate('securityHeaders', { ...headers, 'content-security-policy': policy });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(headers);
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
      return payload;
    });
  },
  { name: 'security-headers' },
);
