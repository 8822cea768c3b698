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
  /**
   * Two-factor codes (issue #32), limited like passwords: every attempt counts per account (at
   * sign-in, turning 2FA on or off), failures per IP. A code matches 3 of 10^6 (the window of ±1
   * step), so 30 tries a day leave a guesser ~0.009 % a day; recovery codes have 79 bits.
   */
  twoFactor: { perUser: 10, perIp: 100, windowMs: 15 * MINUTE },
  twoFactorDaily: { perUser: 30, windowMs: 24 * 60 * MINUTE },
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
  /** The account a two-factor attempt is for (set by `twoFactor.attempt`, read by the limiters' keys). */
  const twoFactorUser = new WeakMap<FastifyRequest, string>();
  const userKey = (request: FastifyRequest) => twoFactorUser.get(request) ?? null;
  const tf = AUTH_LIMITS.twoFactor;
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  const twoFactorUserLimit = app.limiter({
    name: '2fa:user',
    max: scaled(tf.perUser),
    windowMs: tf.windowMs,
    key: userKey,
  });
  const twoFactorUserDaily = app.limiter({
    name: '2fa:user-day',
    max: scaled(AUTH_LIMITS.twoFactorDaily.perUser),
    windowMs: AUTH_LIMITS.twoFactorDaily.windowMs,
    key: userKey,
  });
  const twoFactorIp = app.limiter({ name: '2fa:ip', max: scaled(tf.perIp), windowMs: tf.windowMs, key: ipKey });
  return {
    twoFactor: {
      /** Counts a code attempt for the account (429 past its limits), then checks the IP's failures. */
      attempt: async (request: FastifyRequest, userId: string) => {
        twoFactorUser.set(request, userId);
        await twoFactorUserLimit.hit(request);
        await twoFactorUserDaily.hit(request);
        await twoFactorIp.check(request);
      },
      /** A wrong code also counts against the IP. */
      failed: async (request: FastifyRequest) => {
        await Promise.allSettled([twoFactorIp.hit(request)]);
      },
    },
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
