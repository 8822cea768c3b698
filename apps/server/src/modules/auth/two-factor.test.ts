import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { twoFactorReset } from '../../bootstrap/two-factor-reset.ts';
import { twoFactor, twoFactorRecoveryCodes } from '../../core/db/schema/index.ts';
import { MAIL_QUEUE } from '../../core/mailer.ts';
import { SESSION_COOKIE } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie, type TestApp } from '../../test/app.ts';
import { PENDING_LOGIN_COOKIE } from './auth.routes.ts';
import { resetTwoFactor, verifySecondFactor } from './auth.service.ts';
import { PENDING_LOGIN_TTL_MS, readPendingLogin, signPendingLogin } from './auth.two-factor.ts';

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** The code the user's app shows `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** Helpers over one app: a user with 2FA on, signing in with a password and then a code. */
function twoFactorHelpers(app: TestApp) {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });

  /** Lets the next code of the current step through again (the replay guard is tested on its own). */
  const forgetLastCode = (userId: string) =>
    app.db.update(twoFactor).set({ lastUsedStep: null }).where(eq(twoFactor.userId, userId));

  async function withTwoFactor(fields: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(app, fields);
    const cookie = await loginCookie(app, user);
    const setup = await inject('POST', '/api/auth/2fa/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await inject('POST', '/api/auth/2fa/enable', cookie, { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    await forgetLastCode(user.id);
    return { user, cookie, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
  }

  /** The password step: the pending-login cookie (asserting no session was given). */
  async function passwordStep(user: { email: string; password: string }, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    const pending = cookieOf(res, PENDING_LOGIN_COOKIE);
    expect(pending).toBeTruthy();
    return `${PENDING_LOGIN_COOKIE}=${pending}`;
  }

  const verify = (pendingCookie: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { cookie: pendingCookie, ...headers },
      payload,
    });

  return { inject, forgetLastCode, withTwoFactor, passwordStep, verify };
}

// Generous timeouts: each sign-in checks an argon2id hash (slow on purpose), several per test.
describe('two-factor sign-in', { timeout: 180_000 }, async () => {
  const app = await buildTestApp();
  const { inject, forgetLastCode, withTwoFactor, passwordStep, verify } = twoFactorHelpers(app);

  it('sets up with a secret, its otpauth URI and QR code, kept encrypted, and in force only after a right code', async () => {
    const user = await createUser(app, { email: `setup-${Date.now()}@example.com` });
    const cookie = await loginCookie(app, user);
    expect((await inject('GET', '/api/auth/2fa', cookie)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const setup = await inject('POST', '/api/auth/2fa/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain('otpauth://totp/Kaksha:');
    expect(otpauthUri).toContain(encodeURIComponent(user.email));
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row.secretEncrypted).not.toContain(secret);
    expect(row.enabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().email).toBe(user.email);

    const wrong = await inject('POST', '/api/auth/2fa/enable', cookie, { code: codeFor(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ id: 'two_factor_code_wrong', fields: { code: expect.any(String) } });
    const bad = await inject('POST', '/api/auth/2fa/enable', cookie, { code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.code).toBeTruthy();

    const enabled = await inject('POST', '/api/auth/2fa/enable', cookie, { code: codeFor(secret) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Only hashes are kept.
    const stored = await app.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(recoveryCodes).not.toContain(r.codeHash);
    expect((await inject('GET', '/api/auth/2fa', cookie)).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Once on, neither set-up nor enable starts again.
    expect((await inject('POST', '/api/auth/2fa/setup', cookie)).statusCode).toBe(409);
    expect((await inject('POST', '/api/auth/2fa/enable', cookie, { code: codeFor(secret, 1) })).json().id).toBe(
      'two_factor_already_enabled',
    );
  });

  it('enable without a set-up is 409; setup, enable and status need a session', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const res = await inject('POST', '/api/auth/2fa/enable', cookie, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().id).toBe('two_factor_not_set_up');
    for (const [method, url] of [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/enable'],
      ['POST', '/api/auth/2fa/disable'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/revoke-others'],
    ] as const) {
      const payload = url.endsWith('/enable')
        ? { code: '123456' }
        : url.endsWith('/disable')
          ? { code: 'x' }
          : undefined;
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
    }
  });

  it('login answers twoFactorRequired without a session; the code step signs in', async () => {
    const { user, secret } = await withTwoFactor();
    const pending = await passwordStep(user);
    // No pending sign-in: nothing to finish.
    const none = await app.inject({ method: 'POST', url: '/api/auth/2fa/verify', payload: { code: codeFor(secret) } });
    expect(none.statusCode).toBe(401);
    expect(none.json().id).toBe('two_factor_login_expired');
    const wrong = await verify(pending, { code: codeFor(secret, 4) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().id).toBe('two_factor_code_wrong');
    const ok = await verify(pending, { code: codeFor(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(user.email);
    const session = cookieOf(ok, SESSION_COOKIE);
    const me = await app.inject({ url: '/api/user/currentuser', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(me.json().email).toBe(user.email);
    // The pending cookie is cleared.
    expect(ok.cookies.find((c) => c.name === PENDING_LOGIN_COOKIE)?.value).toBe('');
  });

  it('refuses a code used before (replay), also the same code twice at once', async () => {
    const { user, secret } = await withTwoFactor();
    const code = codeFor(secret);
    const first = await verify(await passwordStep(user), { code });
    expect(first.statusCode).toBe(200);
    const again = await verify(await passwordStep(user), { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().id).toBe('two_factor_code_used');
    // An older code of the window is refused too once a later one was used.
    expect((await verify(await passwordStep(user), { code: codeFor(secret, -1) })).json().id).toBe(
      'two_factor_code_used',
    );

    await forgetLastCode(user.id);
    const pending = await passwordStep(user);
    const next = codeFor(secret);
    const both = await Promise.all([verify(pending, { code: next }), verify(pending, { code: next })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once; typed in any case and with spaces', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const [code] = recoveryCodes as [string];
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const ok = await verify(await passwordStep(user), { recoveryCode: typed });
    expect(ok.statusCode).toBe(200);
    const again = await verify(await passwordStep(user), { recoveryCode: code });
    expect(again.statusCode).toBe(401);
    expect(again.json().id).toBe('two_factor_recovery_wrong');
    // Without its dashes too.
    const bare = (recoveryCodes[1] as string).replaceAll('-', '');
    expect((await verify(await passwordStep(user), { recoveryCode: bare })).statusCode).toBe(200);
    const cookie = await loginCookie(app, user);
    expect((await inject('GET', '/api/auth/2fa', cookie)).json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    // Used by two sign-ins at once: one wins.
    const pending = await passwordStep(user);
    const both = await Promise.all([
      verify(pending, { recoveryCode: recoveryCodes[2] }),
      verify(pending, { recoveryCode: recoveryCodes[2] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a forged, moved or expired pending sign-in is refused', async () => {
    const { user, secret } = await withTwoFactor();
    const other = await createUser(app);
    const token = signPendingLogin(app.dataKey, user.id);
    expect(readPendingLogin(app.dataKey, token)).toBe(user.id);
    expect(readPendingLogin(app.dataKey, token.replace(user.id, other.id))).toBeNull();
    expect(readPendingLogin(app.dataKey, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(readPendingLogin(Buffer.alloc(32, 7), token)).toBeNull();
    expect(readPendingLogin(app.dataKey, token, Date.now() + PENDING_LOGIN_TTL_MS + 1)).toBeNull();
    const expired = signPendingLogin(app.dataKey, user.id, Date.now() - PENDING_LOGIN_TTL_MS - 1);
    const res = await verify(`${PENDING_LOGIN_COOKIE}=${expired}`, { code: codeFor(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().id).toBe('two_factor_login_expired');
  });

  it('turning it off needs the password and a code; then the password alone signs in', async () => {
    const { user, cookie, secret, recoveryCodes } = await withTwoFactor();
    const wrongPassword = await inject('POST', '/api/auth/2fa/disable', cookie, {
      password: 'not the password',
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      id: 'two_factor_password_wrong',
      fields: { password: expect.any(String) },
    });
    const wrongCode = await inject('POST', '/api/auth/2fa/disable', cookie, {
      password: user.password,
      code: codeFor(secret, 6),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ id: 'two_factor_code_wrong', fields: { code: expect.any(String) } });
    // A recovery code does too.
    const off = await inject('POST', '/api/auth/2fa/disable', cookie, {
      password: user.password,
      code: recoveryCodes[0],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(
      await app.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().email).toBe(user.email);
    expect(
      (await inject('POST', '/api/auth/2fa/disable', cookie, { password: user.password, code: '123456' })).statusCode,
    ).toBe(409);
  });

  it('verifySecondFactor (account deletion): true without 2FA, and only for a valid, unused code', async () => {
    const plain = await createUser(app);
    expect(await verifySecondFactor(app, plain.id, undefined)).toBe(true);
    const { user, secret, recoveryCodes } = await withTwoFactor();
    expect(await verifySecondFactor(app, user.id, undefined)).toBe(false);
    expect(await verifySecondFactor(app, user.id, '')).toBe(false);
    expect(await verifySecondFactor(app, user.id, codeFor(secret, 5))).toBe(false);
    const code = codeFor(secret);
    expect(await verifySecondFactor(app, user.id, code)).toBe(true);
    expect(await verifySecondFactor(app, user.id, code)).toBe(false);
    expect(await verifySecondFactor(app, user.id, recoveryCodes[0])).toBe(true);
    expect(await verifySecondFactor(app, user.id, recoveryCodes[0])).toBe(false);
  });
});

describe("the operator's reset (npm run 2fa:reset)", { timeout: 180_000 }, async () => {
  const app = await buildTestApp();
  const { withTwoFactor, inject } = twoFactorHelpers(app);

  it('turns 2FA off, removes the recovery codes and ends every session; the password alone signs in again', async () => {
    const { user, cookie } = await withTwoFactor();
    expect(await resetTwoFactor(app.db, user.id)).toBe(true);
    expect((await inject('GET', '/api/auth/2fa', cookie)).statusCode).toBe(401);
    expect(
      await app.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().email).toBe(user.email);
    expect(await resetTwoFactor(app.db, user.id)).toBe(false);
  });

  it('the command says how to use it', async () => {
    await expect(twoFactorReset([])).rejects.toThrow('usage: npm run 2fa:reset -- --email learner@example.com');
    await expect(twoFactorReset(['--email', 'not-an-email'])).rejects.toThrow('usage:');
  });
});

describe('two-factor attempts are limited like passwords', { timeout: 180_000 }, async () => {
  const app = await buildTestApp();
  const { withTwoFactor, passwordStep, verify, inject } = twoFactorHelpers(app);

  it('10 code attempts per account in 15 minutes, then 429 even for the right code', async () => {
    const { user, secret } = await withTwoFactor();
    const pending = await passwordStep(user);
    for (let i = 0; i < 9; i++) expect((await verify(pending, { code: codeFor(secret, 8) })).statusCode).toBe(401);
    // enable counted one attempt for this account already.
    const limited = await verify(pending, { code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().id).toBe('too_many_requests');
    expect(limited.headers['retry-after']).toBeTruthy();
    // Another account is not held back by it.
    const other = await withTwoFactor();
    expect((await verify(await passwordStep(other.user), { code: codeFor(other.secret) })).statusCode).toBe(200);
  });

  it('recovery-code guesses count against the same limit, and so does turning 2FA off', async () => {
    const { user, cookie } = await withTwoFactor();
    for (let i = 0; i < 9; i++) {
      const res = await inject('POST', '/api/auth/2fa/disable', cookie, {
        password: user.password,
        code: 'aaaa-bbbb-cccc-dddd',
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await verify(await passwordStep(user), { recoveryCode: 'aaaa-bbbb-cccc-dddd' })).statusCode).toBe(429);
  });
});

describe('devices: the signed-in sessions of a user', { timeout: 180_000 }, async () => {
  const app = await buildTestApp();
  const phone =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const laptop =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0';

  async function signInFrom(user: { email: string; password: string }, userAgent: string, ip: string, device?: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent, ...(device ? { cookie: `kaksha_device=${device}` } : {}) },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    return { cookie: `${SESSION_COOKIE}=${cookieOf(res, SESSION_COOKIE)}`, device: cookieOf(res, 'kaksha_device')! };
  }

  it('lists browser, system, the network by two octets (all that is stored), last seen and which is this one', async () => {
    const user = await createUser(app);
    const a = await signInFrom(user, phone, '203.0.113.77');
    await signInFrom(user, laptop, '2001:db8:85a3::8a2e:370:7334');
    const res = await app.inject({ url: '/api/auth/sessions', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    const { sessions: list } = res.json() as { sessions: Record<string, unknown>[] };
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({ browser: 'Chrome 131', os: 'Android 14', platform: 'mobile', network: '203.0.x.x' });
    const other = list.find((s) => !s.current)!;
    expect(other).toMatchObject({
      browser: 'Microsoft Edge 130',
      os: 'Windows 10',
      platform: 'desktop',
      network: '2001:db8:…',
    });
    expect(Date.parse(other.lastSeenAt as string)).toBeGreaterThan(0);
    const { rows } = (await app.db.execute(
      sql`select ip_prefix from sessions where user_id = ${user.id} order by ip_prefix`,
    )) as unknown as { rows: { ip_prefix: string }[] };
    expect(rows.map((r) => r.ip_prefix)).toEqual(['2001:db8', '203.0']);
  });

  it('ending one device refuses its very next request; another user cannot end it', async () => {
    const user = await createUser(app);
    const a = await signInFrom(user, phone, '203.0.113.1');
    const b = await signInFrom(user, laptop, '198.51.100.2');
    const list = (await app.inject({ url: '/api/auth/sessions', headers: { cookie: a.cookie } })).json().sessions;
    const bId = list.find((s: { current: boolean }) => !s.current).id;
    const stranger = await loginCookie(app, await createUser(app));
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${bId}`,
      headers: { cookie: stranger },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().id).toBe('session_not_found');
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', headers: { cookie: a.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/user/currentuser', headers: { cookie: b.cookie } })).json()).toMatchObject({
      email: user.email,
    });
    const del = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: { cookie: a.cookie } });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/currentuser', headers: { cookie: b.cookie } })).json()).toBeNull();
    expect((await app.inject({ url: '/api/auth/sessions', headers: { cookie: b.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/sessions', headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });

  it('"sign out everywhere else" ends every other session at once and keeps this one', async () => {
    const user = await createUser(app);
    const a = await signInFrom(user, phone, '203.0.113.1');
    const others = [await signInFrom(user, laptop, '198.51.100.2'), await signInFrom(user, laptop, '192.0.2.3')];
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      headers: { cookie: a.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const o of others)
      expect((await app.inject({ url: '/api/auth/sessions', headers: { cookie: o.cookie } })).statusCode).toBe(401);
    const left = (await app.inject({ url: '/api/auth/sessions', headers: { cookie: a.cookie } })).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it('ending this very session clears its cookie', async () => {
    const user = await createUser(app);
    const a = await signInFrom(user, phone, '203.0.113.1');
    const [mine] = (await app.inject({ url: '/api/auth/sessions', headers: { cookie: a.cookie } })).json().sessions;
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${mine.id}`,
      headers: { cookie: a.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('a sign-in from a browser new to the account queues a mail in its language; a known browser does not', async () => {
    const mails = async (to: string) => {
      const { rows } = (await app.db.execute(
        sql`select data from pgboss.job where name = ${MAIL_QUEUE} and data->>'to' = ${to}`,
      )) as unknown as { rows: { data: { subject: string; text: string } }[] };
      return rows.map((r) => r.data);
    };
    const user = await createUser(app);
    // The first browser the account is known on is no news.
    const first = await signInFrom(user, phone, '203.0.113.1');
    expect(await mails(user.email)).toEqual([]);
    await signInFrom(user, phone, '203.0.113.1', first.device);
    expect(await mails(user.email)).toEqual([]);
    await signInFrom(user, laptop, '198.51.100.2');
    const [mail] = await mails(user.email);
    expect(mail?.subject).toBe('New sign-in to your Kaksha account');
    expect(mail?.text).toContain('Microsoft Edge 130 on Windows 10');
    expect(mail?.text).toContain('198.51.x.x');
    expect(mail?.text).toContain('/profile#security');
    // In Hindi for a Hindi account.
    const hindi = await createUser(app);
    await app.db.execute(sql`update users set locale = 'hi' where id = ${hindi.id}`);
    await signInFrom(hindi, phone, '203.0.113.1');
    await signInFrom(hindi, laptop, '198.51.100.2');
    const [hiMail] = await mails(hindi.email);
    expect(hiMail?.subject).toBe('आपके Kaksha खाते में नया साइन-इन');
    // Sign-up registers its browser without a mail; the next sign-in there is no news either.
    const email = `new-${Date.now()}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'New', email, password: 'correct horse battery' },
      headers: { 'user-agent': phone },
    });
    expect(signup.statusCode).toBe(201);
    await signInFrom(
      { email, password: 'correct horse battery' },
      phone,
      '203.0.113.1',
      cookieOf(signup, 'kaksha_device'),
    );
    expect(await mails(email)).toEqual([]);
  });
});

describe('requirements: ADMIN_2FA_REQUIRED and PAYOUT_2FA_REQUIRED (on by default)', { timeout: 180_000 }, async () => {
  const app = await buildTestApp({ ADMIN_2FA_REQUIRED: 'true', PAYOUT_2FA_REQUIRED: 'true' });
  const { withTwoFactor, inject } = twoFactorHelpers(app);
  const account = {
    accountHolder: 'Asha Verma',
    accountNumber: '123456789012',
    ifsc: 'HDFC0001234',
    pan: 'ABCPV1234K',
  };

  it('the defaults are on', async () => {
    const { loadConfig } = await import('../../core/config.ts');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
    expect(config.twoFactor).toEqual({ requiredForAdmins: true, requiredForPayouts: true });
  });

  it('an operator without 2FA is refused the console (403) until it is on', async () => {
    const admin = await createUser(app);
    await app.db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const cookie = await loginCookie(app, admin);
    const refused = await inject('GET', '/api/admin/orders', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().id).toBe('two_factor_required_admin');
    const withIt = await withTwoFactor();
    await app.db.execute(sql`update users set role = 'admin' where id = ${withIt.user.id}`);
    expect((await inject('GET', '/api/admin/orders', withIt.cookie)).statusCode).toBe(200);
  });

  it('an educator saves a payout account only with 2FA on', async () => {
    const educator = await createUser(app, { role: 'educator' });
    const cookie = await loginCookie(app, educator);
    const refused = await inject('PUT', '/api/earnings/payout-account', cookie, account);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().id).toBe('two_factor_required_payout');
    const withIt = await withTwoFactor({ role: 'educator' });
    const saved = await inject('PUT', '/api/earnings/payout-account', withIt.cookie, account);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('with the settings off (development, tests) neither is required', async () => {
    const off = await buildTestApp();
    expect(off.config.twoFactor).toEqual({ requiredForAdmins: false, requiredForPayouts: false });
    const educator = await createUser(off, { role: 'educator' });
    const res = await off.inject({
      method: 'PUT',
      url: '/api/earnings/payout-account',
      headers: { cookie: await loginCookie(off, educator) },
      payload: account,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
