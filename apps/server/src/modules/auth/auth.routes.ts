import {
  googleSignupRequestSchema,
  isLocale,
  LOCALE_COOKIE,
  loginRequestSchema,
  MESSAGES,
  messageSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  signupRequestSchema,
  userSchema,
  verifyOtpRequestSchema,
} from '@kaksha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isCrossSite } from '../../core/auth.ts';
import { forbidden } from '../../core/errors.ts';
import { revokeSession, SESSION_COOKIE } from '../../core/sessions.ts';
import { presentUser } from '../users/users.service.ts';
import { authLimiters } from './auth.limits.ts';
import { login, signup, type UserRow } from './auth.service.ts';
import { googleAccount, googleVerifier } from './google.ts';
import { createResetCode, RESET_WINDOW_MS, resetPassword, verifyResetCode } from './password-reset.ts';

export const RESET_COOKIE = 'kaksha_reset';

/** Accounts (spec §7): sign-up, login, Google sign-in, logout and the password-reset steps. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = authLimiters(app);
  const verifyGoogleCredential = googleVerifier(app.config);
  const userResponse = { 200: userSchema, 201: userSchema };

  /** Ends the session this browser had (if any) and starts a new one: no session fixation. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await revokeSession(app.db, previous);
    await app.signIn(reply, user.id);
    return presentUser(app.db, app.storage, user);
  };

  app.post(
    '/signup',
    { schema: { tags: ['auth'], body: signupRequestSchema, response: userResponse } },
    async (request, reply) => {
      await limits.signup.hit(request);
      const user = await signup(app.db, { ...request.body, locale: visitorLocale(request) });
      reply.status(201);
      return startSession(request, reply, user);
    },
  );

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: loginRequestSchema, response: userResponse } },
    async (request, reply) => {
      await limits.login.attempt(request);
      try {
        const user = await login(app.db, request.body);
        return await startSession(request, reply, user);
      } catch (error) {
        await limits.login.failed(request);
        throw error;
      }
    },
  );

  app.post(
    '/googlesignup',
    { schema: { tags: ['auth'], body: googleSignupRequestSchema, response: userResponse } },
    async (request, reply) => {
      const identity = await verifyGoogleCredential(request.body.credential);
      const user = await googleAccount(app.db, identity, request.body.role || 'student', visitorLocale(request));
      return startSession(request, reply, user);
    },
  );

  app.get('/logout', { schema: { tags: ['auth'], response: { 200: messageSchema } } }, async (request, reply) => {
    // A GET (spec §7), so another site could trigger it with a link or an image: refuse it when
    // the browser says so (a foreign Origin, or Sec-Fetch-Site cross-site/same-site). A request
    // saying neither (older Safari, curl and other non-browser clients) is accepted.
    if (isCrossSiteGet(request, app.config.allowedOrigins))
      throw forbidden({ id: 'cross_site_blocked', message: 'Request blocked: it did not come from this site' });
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(app.db, token);
    app.clearSessionCookie(reply);
    return { message: MESSAGES.logoutSuccess };
  });

  /** Proves, at resetpassword, that this browser passed verifyotp (see password-reset.ts). */
  const resetCookieOptions = {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
  };

  app.post(
    '/sendotp',
    { schema: { tags: ['auth'], body: sendOtpRequestSchema, response: { 200: messageSchema } } },
    async (request) => {
      await limits.sendotp.hit(request);
      // The code and its mail commit together; a worker sends the mail after the answer (so its
      // timing does not tell whether the email has an account), retrying, even if this process dies.
      await app.db.transaction(async (tx) => {
        const mail = await createResetCode(tx, request.body.email);
        if (mail) await app.mailer.enqueue(mail, tx);
      });
      return { message: MESSAGES.otpSent };
    },
  );

  app.post(
    '/verifyotp',
    { schema: { tags: ['auth'], body: verifyOtpRequestSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      await limits.verifyotp.hit(request);
      const { message, resetToken } = await verifyResetCode(app.db, request.body.email, request.body.otp);
      reply.setCookie(RESET_COOKIE, resetToken, { ...resetCookieOptions, maxAge: RESET_WINDOW_MS / 1000 });
      return { message };
    },
  );

  app.post(
    '/resetpassword',
    { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const message = await resetPassword(app.db, email, password, request.cookies[RESET_COOKIE]);
      reply.clearCookie(RESET_COOKIE, resetCookieOptions);
      return { message };
    },
  );
};

export default authRoutes;

/**
 * The language the visitor chose before signing up (the web's `locale` cookie), for a new
 * account; none (the default, English) when the cookie is missing or not a locale.
 */
function visitorLocale(request: FastifyRequest) {
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : undefined;
}

function isCrossSiteGet(request: FastifyRequest, allowedOrigins: string[]) {
  if (request.headers.origin) return isCrossSite(request, allowedOrigins);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}
