import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from './errors.ts';
import { createSession, ipPrefix, resolveSession, SESSION_COOKIE, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved for /api and /media requests only. */
    user: SessionUser | null;
    /** The id of the request's session (the `current` one of the device list), or null. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless signed in. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 unless signed in, 403 unless an educator. */
    requireEducator: (request: FastifyRequest) => Promise<void>;
    /**
     * Starts a session for the user and sets the cookie; with the sign-in's request, the session
     * keeps its browser (User-Agent) and the IP's first two octets for the device list. Its id.
     */
    signIn: (reply: FastifyReply, userId: string, request?: FastifyRequest) => Promise<string>;
    /** Clears the session cookie (the caller revokes the session). */
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions (opaque random token, stored hashed, sliding 7-day expiry) and CSRF
 * protection: a state-changing request that a browser marks as coming from a foreign
 * origin is refused.
 */
export const authPlugin = fp(
  async (app) => {
    const { config } = app;
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      // Lax unless the operator opts into `none` for a web app hosted on another site (config.ts).
      sameSite: config.cookieSameSite,
      secure: config.secureCookies,
    };
    const setCookie = (reply: FastifyReply, token: string, expires: Date) =>
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires });

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, config.allowedOrigins)) {
        throw forbidden({ id: 'cross_site_blocked', message: 'Request blocked: it did not come from this site' });
      }
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const session = await resolveSession(app.db, token);
      if (!session) {
        app.clearSessionCookie(reply);
        return;
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      if (session.renewed) setCookie(reply, token, session.expiresAt);
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    });
    app.decorate('requireEducator', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (request.user.role !== 'educator')
        throw forbidden({ id: 'educators_only', message: 'Only educators can do this' });
    });
    app.decorate('signIn', async (reply: FastifyReply, userId: string, request?: FastifyRequest) => {
      const device = request && { userAgent: request.headers['user-agent'], ipPrefix: ipPrefix(request.ip) };
      const { token, expiresAt, sessionId } = await createSession(app.db, userId, device);
      setCookie(reply, token, expiresAt);
      return sessionId;
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** True when the request's Origin (or, without one, Sec-Fetch-Site) shows it came from another site. */
export function isCrossSite(request: FastifyRequest, allowedOrigins: string[]) {
  const origin = request.headers.origin;
  if (origin) {
    if (allowedOrigins.includes(origin)) return false;
    // Same origin as the address the browser used (e.g. 127.0.0.1 instead of localhost).
    return URL.canParse(origin) ? new URL(origin).host !== request.headers.host : true;
  }
  // Browsers that omit Origin still say where the request came from.
  return request.headers['sec-fetch-site'] === 'cross-site';
}
