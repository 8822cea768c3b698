import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const MINUTE = 60_000;

/**
 * Built-in limits (per window), multiplied by `AUTH_RATE_LIMIT_SCALE`. Per-IP limits are
 * generous because many Indian mobile users share an IP (carrier NAT); per-email limits
 * protect one account. On login the per-IP limit counts only failed attempts (a busy shared
 * IP that logs in correctly is never blocked), while every attempt counts per account and
 * per account-and-IP before the password is checked, so parallel guesses cannot slip past,
 * and someone guessing from elsewhere locks the owner out only after many more attempts.
 */
export const AUTH_LIMITS = {
  login: { perIp: 100, perEmail: 50, perEmailIp: 10, windowMs: 15 * MINUTE },
  signup: { perIp: 30, perEmail: 5, windowMs: 60 * MINUTE },
  sendotp: { perIp: 20, perEmail: 3, windowMs: 60 * MINUTE },
  verifyotp: { perIp: 50, perEmail: 10, windowMs: 15 * MINUTE },
  /** Codes tried per account per day, across codes: bounds guessing a 4-digit code to ~0.3 % a day. */
  verifyotpDaily: { perEmail: 30, windowMs: 24 * 60 * MINUTE },
} as const;

type Endpoint = 'login' | 'signup' | 'sendotp' | 'verifyotp';

const ipKey = (request: FastifyRequest) => request.ip;
const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !email.trim()) return null;
  // Hashed: counters (possibly in Redis) do not hold people's addresses.
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
};

/** Per-IP and per-email limiters of each endpoint. */
export function authLimiters(app: FastifyInstance) {
  const scale = app.config.authRateLimitScale;
  const make = (endpoint: Endpoint) => {
    const l = AUTH_LIMITS[endpoint];
    const max = (n: number) => Math.max(1, Math.round(n * scale));
    return {
      ip: app.limiter({ name: `${endpoint}:ip`, max: max(l.perIp), windowMs: l.windowMs, key: ipKey }),
      email: app.limiter({ name: `${endpoint}:email`, max: max(l.perEmail), windowMs: l.windowMs, key: emailKey }),
    };
  };
  const both = (endpoint: Endpoint) => {
    const l = make(endpoint);
    return {
      limiters: l,
      /** Counts the request against both limits; 429 when either is exceeded. */
      hit: async (request: FastifyRequest) => {
        await l.ip.hit(request);
        await l.email.hit(request);
      },
    };
  };
  const login = both('login');
  const verifyotp = both('verifyotp');
  const verifyotpDaily = app.limiter({
    name: 'verifyotp:email-day',
    max: Math.max(1, Math.round(AUTH_LIMITS.verifyotpDaily.perEmail * scale)),
    windowMs: AUTH_LIMITS.verifyotpDaily.windowMs,
    key: emailKey,
  });
  const { perEmailIp, windowMs } = AUTH_LIMITS.login;
  const emailAtIp = app.limiter({
    name: 'login:email-ip',
    max: Math.max(1, Math.round(perEmailIp * scale)),
    windowMs,
    key: (request) => {
      const email = emailKey(request);
      return email && `${email}:${ipKey(request)}`;
    },
  });
  return {
    login: {
      /** Counts the attempt per account and per account-and-IP (429 past either), then checks the IP's failures. */
      attempt: async (request: FastifyRequest) => {
        await emailAtIp.hit(request);
        await login.limiters.email.hit(request);
        await login.limiters.ip.check(request);
      },
      /** A failed attempt also counts against the IP. */
      failed: async (request: FastifyRequest) => {
        await Promise.allSettled([login.limiters.ip.hit(request)]);
      },
    },
    signup: both('signup'),
    sendotp: both('sendotp'),
    verifyotp: {
      hit: async (request: FastifyRequest) => {
        await verifyotp.hit(request);
        await verifyotpDaily.hit(request);
      },
    },
  };
}
