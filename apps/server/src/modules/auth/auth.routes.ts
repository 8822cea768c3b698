import {
  deviceSessionsSchema,
  googleSignupRequestSchema,
  isLocale,
  LOCALE_COOKIE,
  loginRequestSchema,
  MESSAGES,
  messageSchema,
  resetPasswordRequestSchema,
  revokeOthersResponseSchema,
  sendOtpRequestSchema,
  sessionIdParamsSchema,
  signupRequestSchema,
  twoFactorChallengeSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyRequestSchema,
  userSchema,
  verifyOtpRequestSchema,
} from '@kaksha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCrossSite } from '../../core/auth.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import {
  ipPrefix as ipPrefixOf,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeSessionById,
  SESSION_COOKIE,
} from '../../core/sessions.ts';
import { presentUser } from '../users/users.service.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  describeDevice,
  networkOf,
  newDeviceMail,
  newDeviceToken,
  presentSession,
  rememberDevice,
} from './auth.devices.ts';
import { authLimiters } from './auth.limits.ts';
import { findUserById, login, signup, type UserRow } from './auth.service.ts';
import {
  checkSecondFactor,
  enableTwoFactor,
  hasTwoFactor,
  PENDING_LOGIN_TTL_MS,
  readPendingLogin,
  removeTwoFactor,
  setupTwoFactor,
  signPendingLogin,
  TWO_FACTOR_ERRORS,
  twoFactorStatus,
} from './auth.two-factor.ts';
import { googleAccount, googleVerifier } from './google.ts';
import { createResetCode, RESET_WINDOW_MS, resetPassword, verifyResetCode } from './password-reset.ts';
import { verifyPassword } from './passwords.ts';

export const RESET_COOKIE = 'kaksha_reset';
/** The half-finished sign-in of an account with 2FA, between the password (or Google) and the code. */
export const PENDING_LOGIN_COOKIE = 'kaksha_2fa';
const SESSION_ENDED = 'Signed out of that device';

/**
 * Accounts (spec §7): sign-up, login, Google sign-in, logout and the password-reset steps; two-factor
 * sign-in and the signed-in devices (issue #32).
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = authLimiters(app);
  const verifyGoogleCredential = googleVerifier(app.config);
  const userResponse = { 200: userSchema, 201: userSchema };
  const signInResponse = { 200: z.union([userSchema, twoFactorChallengeSchema]) };
  const twoFactor = { db: app.db, dataKey: app.dataKey };
  const authCookieOptions = {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
  };

  /**
   * Ends the session this browser had (if any) and starts a new one: no session fixation. Records
   * the browser (a long-lived device cookie); a sign-in from a browser new to the account queues a
   * mail to its owner (not at sign-up: `newDeviceMail: false`).
   */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    { mailNewDevice = true } = {},
  ) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await revokeSession(app.db, previous);
    await app.signIn(reply, user.id, request);
    const sent = request.cookies[DEVICE_COOKIE];
    const device = sent && /^[\w-]{22}$/.test(sent) ? sent : newDeviceToken();
    reply.setCookie(DEVICE_COOKIE, device, { ...authCookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    await app.db.transaction(async (tx) => {
      if (!(await rememberDevice(tx, user.id, device)) || !mailNewDevice) return;
      const at = new Date();
      const name = describeDevice(request.headers['user-agent']);
      const network = networkOf(ipPrefixOf(request.ip));
      await app.mailer.enqueue(newDeviceMail(user, { ...name, network, at }, app.config.publicUrl), tx);
    });
    return presentUser(app.db, app.storage, user);
  };

  /**
   * The password (or Google) step passed: with 2FA on, no session yet — a signed pending-login cookie
   * that `2fa/verify` finishes; without, the session.
   */
  const signInOrChallenge = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    if (!(await hasTwoFactor(app.db, user.id))) return startSession(request, reply, user);
    reply.setCookie(PENDING_LOGIN_COOKIE, signPendingLogin(app.dataKey, user.id), {
      ...authCookieOptions,
      maxAge: PENDING_LOGIN_TTL_MS / 1000,
    });
    return { twoFactorRequired: true as const };
  };

  app.post(
    '/signup',
    { schema: { tags: ['auth'], body: signupRequestSchema, response: userResponse } },
    async (request, reply) => {
      await limits.signup.hit(request);
      const user = await signup(app.db, { ...request.body, locale: visitorLocale(request) });
      reply.status(201);
      return startSession(request, reply, user, { mailNewDevice: false });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        description:
          'With two-factor sign-in on, answers `{twoFactorRequired: true}` and no session: `POST /api/auth/2fa/verify` with a code finishes the sign-in.',
        body: loginRequestSchema,
        response: signInResponse,
      },
    },
    async (request, reply) => {
      await limits.login.attempt(request);
      let user: UserRow;
      try {
        user = await login(app.db, request.body);
      } catch (error) {
        await limits.login.failed(request);
        throw error;
      }
      return signInOrChallenge(request, reply, user);
    },
  );

  app.post(
    '/googlesignup',
    {
      schema: {
        tags: ['auth'],
        description: 'An account with two-factor sign-in on answers `{twoFactorRequired: true}`, as login does.',
        body: googleSignupRequestSchema,
        response: signInResponse,
      },
    },
    async (request, reply) => {
      const identity = await verifyGoogleCredential(request.body.credential);
      const user = await googleAccount(app.db, identity, request.body.role || 'student', visitorLocale(request));
      return signInOrChallenge(request, reply, user);
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
  const resetCookieOptions = authCookieOptions;

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

  // Two-factor sign-in (issue #32).
  const tags2fa = ['auth', 'two-factor'];

  app.post(
    '/2fa/verify',
    {
      schema: {
        tags: tags2fa,
        summary: 'The second step of a sign-in: a code from the authenticator app, or a recovery code',
        description:
          'Needs the pending sign-in a login or Google sign-in answered `{twoFactorRequired: true}` with (a cookie, valid 5 minutes); 401 without it, or for a wrong, used or replayed code; attempts are limited per account and IP like passwords (429).',
        body: twoFactorVerifyRequestSchema,
        response: userResponse,
      },
    },
    async (request, reply) => {
      const userId = readPendingLogin(app.dataKey, request.cookies[PENDING_LOGIN_COOKIE]);
      const user = userId && (await findUserById(app.db, userId));
      if (!user) throw unauthorized(TWO_FACTOR_ERRORS.loginExpired);
      await limits.twoFactor.attempt(request, user.id);
      const wrong = await checkSecondFactor(twoFactor, user.id, request.body);
      if (wrong) {
        await limits.twoFactor.failed(request);
        throw unauthorized(wrong);
      }
      reply.clearCookie(PENDING_LOGIN_COOKIE, authCookieOptions);
      return startSession(request, reply, user);
    },
  );

  app.get(
    '/2fa',
    {
      preHandler: app.authenticate,
      schema: { tags: tags2fa, summary: 'Whether two-factor sign-in is on', response: { 200: twoFactorStatusSchema } },
    },
    async (request) => twoFactorStatus(app.db, request.user!.id),
  );

  app.post(
    '/2fa/setup',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tags2fa,
        summary: 'A new authenticator secret: its otpauth URI and QR code (not in force until enable)',
        description: '409 when two-factor sign-in is already on. Calling it again replaces a set-up not yet enabled.',
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => setupTwoFactor(twoFactor, request.user!),
  );

  app.post(
    '/2fa/enable',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tags2fa,
        summary: 'Turns two-factor sign-in on with a code from the app; answers 10 one-time recovery codes, shown once',
        description: '400 for a wrong code (limited like passwords, 429), 409 without a set-up or when already on.',
        body: twoFactorEnableRequestSchema,
        response: { 200: twoFactorRecoveryCodesSchema },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      await limits.twoFactor.attempt(request, userId);
      try {
        return { recoveryCodes: await enableTwoFactor(twoFactor, userId, request.body.code) };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 400) await limits.twoFactor.failed(request);
        throw error;
      }
    },
  );

  app.post(
    '/2fa/disable',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tags2fa,
        summary: 'Turns two-factor sign-in off: the password (if the account has one) and a code or recovery code',
        description: '400 naming the field that is wrong (limited like passwords, 429); 409 when it is not on.',
        body: twoFactorDisableRequestSchema,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!(await hasTwoFactor(app.db, user.id))) throw conflictNotEnabled();
      await limits.twoFactor.attempt(request, user.id);
      const fail = async (field: 'password' | 'code', text: { id: string; message: string }) => {
        await limits.twoFactor.failed(request);
        return badRequest(text as Parameters<typeof badRequest>[0], { [field]: text.message });
      };
      if (user.passwordHash) {
        const password = request.body.password ?? '';
        if (!(await verifyPassword(user.passwordHash, password)))
          throw await fail('password', TWO_FACTOR_ERRORS.passwordWrong);
      }
      const wrong = await checkSecondFactor(twoFactor, user.id, { code: request.body.code });
      if (wrong) throw await fail('code', wrong);
      await removeTwoFactor(app.db, user.id);
      return twoFactorStatus(app.db, user.id);
    },
  );

  // Signed-in devices (issue #32). Sessions are read from the database on every request (never
  // cached), so ending one here refuses its next request on every instance.
  const tagsSessions = ['auth', 'sessions'];

  app.get(
    '/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tagsSessions,
        summary: "This user's signed-in devices: browser, system, approximate network, last seen, which is this one",
        response: { 200: deviceSessionsSchema },
      },
    },
    async (request) => ({
      sessions: (await listSessions(app.db, request.user!.id)).map((row) => presentSession(row, request.sessionId)),
    }),
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tagsSessions,
        summary: 'Signs one of your devices out at once (this one too: then the cookie is cleared)',
        params: sessionIdParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await revokeSessionById(app.db, request.user!.id, id)))
        throw notFound({ id: 'session_not_found', message: 'Session not found' });
      if (id === request.sessionId) app.clearSessionCookie(reply);
      return { message: SESSION_ENDED };
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      preHandler: app.authenticate,
      schema: {
        tags: tagsSessions,
        summary: 'Sign out everywhere else: every session of yours but this one ends at once',
        response: { 200: revokeOthersResponseSchema },
      },
    },
    async (request) => ({ revoked: await revokeOtherSessions(app.db, request.user!.id, request.sessionId!) }),
  );
};

export default authRoutes;

const conflictNotEnabled = () => conflict(TWO_FACTOR_ERRORS.notEnabled);

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
