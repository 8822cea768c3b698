import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const MINUTE = 60_000;

/**
 * Built-in limits (per window), multiplied by `AUTH_RATE_LIMIT_SCALE`. Per-IP limits are
 * generous because many Indian mobile users share an IP (carrier NAT); per-email limits
 * protect one account. Login counts only failed attempts, so a busy shared IP that logs in
 * correctly is never blocked.
 */
export const AUTH_LIMITS = {
  login: { perIp: 100, perEmail: 10, windowMs: 15 * MINUTE },
  signup: { perIp: 30, perEmail: 5, windowMs: 60 * MINUTE },
  sendotp: { perIp: 20, perEmail: 3, windowMs: 60 * MINUTE },
  verifyotp: { perIp: 50, perEmail: 10, windowMs: 15 * MINUTE },
} as const;

type Endpoint = keyof typeof AUTH_LIMITS;

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
      /** Counts the request against both limits; 429 when either is exceeded. */
      hit: async (request: FastifyRequest) => {
        await l.ip.hit(request);
        await l.email.hit(request);
      },
      /** Counts a failed attempt against both limits without answering 429 for it. */
      record: async (request: FastifyRequest) => {
        await Promise.allSettled([l.ip.hit(request), l.email.hit(request)]);
      },
      /** 429 when either limit is already used up (does not count). */
      check: async (request: FastifyRequest) => {
        await l.ip.check(request);
        await l.email.check(request);
      },
    };
  };
  return { login: both('login'), signup: both('signup'), sendotp: both('sendotp'), verifyotp: both('verifyotp') };
}
