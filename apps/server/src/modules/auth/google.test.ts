import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { SESSION_COOKIE } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie } from '../../test/app.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** Google's side, on loopback: an RSA key whose public half is served as a JWKS. */
async function fakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  let n = 0;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    /** A Google-style ID token; `claims` override the defaults, `opts` break it on purpose. */
    async token(claims: JWTPayload = {}, opts: { expiresIn?: string | number; wrongKey?: boolean } = {}) {
      n++;
      return new SignJWT({
        email: `google-user-${n}-${Date.now()}@gmail.com`,
        email_verified: true,
        name: `Google User ${n}`,
        sub: `10${Date.now()}${n}`,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
        .setAudience((claims.aud as string) ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? '1h')
        .sign(opts.wrongKey ? other.privateKey : privateKey);
    },
  };
}

describe('Google sign-in', async () => {
  const google = await fakeGoogle();
  const app = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
  const googleSignup = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/auth/googlesignup', payload });

  it('creates an account from a valid token with the chosen role, name and email from the token only', async () => {
    const credential = await google.token({ name: 'Priya Sharma', email: 'Priya.Sharma@Gmail.com' });
    const res = await googleSignup({ credential, role: 'educator', name: 'Mallory', email: 'mallory@evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Priya Sharma', email: 'priya.sharma@gmail.com', role: 'educator' });
    const [row] = await app.db.select().from(users).where(eq(users.email, 'priya.sharma@gmail.com'));
    expect(row.passwordHash).toBeNull();
    expect(row.googleSub).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    const me = await app.inject({
      url: '/api/user/currentuser',
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(me.json().email).toBe('priya.sharma@gmail.com');
  });

  it("gives a new account the visitor's locale cookie, and leaves an existing account's language", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/googlesignup',
      payload: { credential: await google.token(), role: 'student' },
      headers: { cookie: 'locale=hi' },
    });
    expect(res.json().locale).toBe('hi');
    const known = await createUser(app, { email: `known-en-${Date.now()}@gmail.com` });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/googlesignup',
      payload: { credential: await google.token({ email: known.email }) },
      headers: { cookie: 'locale=hi' },
    });
    expect(again.json()).toMatchObject({ _id: known.id, locale: 'en' });
  });

  it('defaults the role to student when the login page sends an empty role', async () => {
    const res = await googleSignup({ credential: await google.token(), role: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('student');
    const noRole = await googleSignup({ credential: await google.token() });
    expect(noRole.json().role).toBe('student');
  });

  it('signs an existing account in, role unchanged, and accepts the issuer without https', async () => {
    const user = await createUser(app, { role: 'educator', email: `known-${Date.now()}@gmail.com` });
    const sub = `sub-${Date.now()}`;
    const res = await googleSignup({
      credential: await google.token({ email: user.email.toUpperCase(), iss: 'accounts.google.com', sub }),
      role: 'student',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, role: 'educator', name: user.name });
    // Signing in again with the same Google account reaches the same account.
    const again = await googleSignup({ credential: await google.token({ email: user.email, sub }), role: '' });
    expect(again.json()._id).toBe(user.id);
    // Another Google account claiming the same address does not.
    const other = await googleSignup({ credential: await google.token({ email: user.email }), role: '' });
    expect(other.statusCode).toBe(409);
  });

  it('takes a password account away from whoever set the password once Google proves the email', async () => {
    // Someone signs up with the owner's address (sign-up does not prove email ownership).
    const squatter = await createUser(app, { email: `owner-${Date.now()}@gmail.com`, password: 'squatter password' });
    const squatterCookie = await loginCookie(app, squatter);
    const res = await googleSignup({ credential: await google.token({ email: squatter.email }), role: '' });
    expect(res.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: 'squatter password' },
    });
    expect(login.statusCode).toBe(401);
    const me = await app.inject({ url: '/api/user/currentuser', headers: { cookie: squatterCookie } });
    expect(me.json()).toBeNull();
  });

  it('refuses an unknown role', async () => {
    const res = await googleSignup({ credential: await google.token(), role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Role must be 'student' or 'educator'");
  });

  const refused: [string, () => Promise<string>, number, RegExp][] = [
    [
      'a token for another audience',
      () => google.token({ aud: 'someone-else.apps.googleusercontent.com' }),
      401,
      /could not be verified/,
    ],
    [
      'a token from another issuer',
      () => google.token({ iss: 'https://evil.example.com' }),
      401,
      /could not be verified/,
    ],
    ['an expired token', () => google.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }), 401, /expired/],
    ['a token signed with another key', () => google.token({}, { wrongKey: true }), 401, /could not be verified/],
    ['an unverified email', () => google.token({ email_verified: false }), 403, /not verified/],
    ['garbage', async () => 'not.a.jwt', 401, /could not be verified/],
  ];
  it.each(refused)('refuses %s and creates no account', async (_case, make, status, message) => {
    const credential = await make();
    const before = (await app.db.select({ id: users.id }).from(users)).length;
    const res = await googleSignup({ credential, role: 'student' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect((await app.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses a tampered payload', async () => {
    const token = await google.token({ email: 'honest@gmail.com' });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.email = 'victim@gmail.com';
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    const res = await googleSignup({ credential: forged });
    expect(res.statusCode).toBe(401);
  });

  it('requires the credential', async () => {
    const res = await googleSignup({ role: 'student' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Google credential is required');
  });
});

describe('Google sign-in not configured', async () => {
  const app = await buildTestApp();
  it('answers 503 with a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/googlesignup',
      payload: { credential: 'x.y.z', role: '' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Google sign-in is not configured on this server');
  });
});

describe('Google keys unreachable', async () => {
  const app = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' });
  it('answers 503, not 500, when the JWKS cannot be fetched', async () => {
    const google = await fakeGoogle();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/googlesignup',
      payload: { credential: await google.token() },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/unavailable/);
  });
});

describe('Google sign-in of an account with two-factor sign-in (issue #32)', async () => {
  const google = await fakeGoogle();
  const app = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });

  it('asks for the code too: no session until 2fa/verify', async () => {
    const { Secret, TOTP } = await import('otpauth');
    const credential = await google.token({ email: `g2fa-${Date.now()}@gmail.com` });
    const first = await app.inject({ method: 'POST', url: '/api/auth/googlesignup', payload: { credential } });
    expect(first.statusCode).toBe(200);
    const cookie = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } })).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const enable = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: { cookie },
      payload: { code: totp.generate() },
    });
    expect(enable.statusCode).toBe(200);

    const again = await app.inject({ method: 'POST', url: '/api/auth/googlesignup', payload: { credential } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ twoFactorRequired: true });
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const pending = again.cookies.find((c) => c.name === 'kaksha_2fa');
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { cookie: `kaksha_2fa=${pending?.value}` },
      // The next step's code: the current one was spent turning 2FA on.
      payload: { code: totp.generate({ timestamp: Date.now() + 30_000 }) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().email).toBe(first.json().email);
    expect(verify.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBeTruthy();
  });
});
