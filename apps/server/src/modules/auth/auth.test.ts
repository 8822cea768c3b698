import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../core/db/schema/index.ts';
import { SESSION_COOKIE } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie } from '../../test/app.ts';

type Res = { cookies: { name: string; value: string }[] };
const sessionCookie = (res: Res) => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE && x.value);
  return c ? `${SESSION_COOKIE}=${c.value}` : undefined;
};
const userKeys = [
  '_id',
  'description',
  'email',
  'enrolledCourses',
  'locale',
  'name',
  'photoUrl',
  'role',
  'showContactEmail',
];

describe('accounts: signup, login, logout, current user', async () => {
  // Functional tests: limits scaled up so the many sign-ups here never hit them.
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '100' });
  let n = 0;
  const uniqueEmail = () => `learner${++n}-${Date.now()}@example.com`;
  const signup = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers });
  const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });
  const current = (cookie?: string) => app.inject({ url: '/api/user/currentuser', headers: cookie ? { cookie } : {} });

  describe('signup', () => {
    it('creates a student by default, signs in, and presents the user without secrets', async () => {
      const email = uniqueEmail();
      const res = await signup({ name: '  Asha Verma ', email: `  ${email.toUpperCase()} `, password: 'longenough' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(userKeys);
      expect(body).toMatchObject({ name: 'Asha Verma', email, role: 'student', description: '', photoUrl: null });
      expect(body.enrolledCourses).toEqual([]);
      expect(JSON.stringify(body)).not.toMatch(/argon|password|hash/i);

      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(new Date(cookie!.expires!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

      const me = await current(sessionCookie(res));
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(body);
    });

    it('stores the password hashed with argon2id and the session token hashed', async () => {
      const email = uniqueEmail();
      const res = await signup({ name: 'Hash Check', email, password: 'secret-pass-1' });
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain('secret-pass-1');
      const token = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      const rows = await app.db.select().from(sessions).where(eq(sessions.userId, row.id));
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).not.toBe(token);
      expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('creates an educator when asked', async () => {
      const res = await signup({ name: 'Teacher', email: uniqueEmail(), password: 'longenough', role: 'educator' });
      expect(res.statusCode).toBe(201);
      expect(res.json().role).toBe('educator');
    });

    it('refuses a duplicate email whatever its case or spaces (409)', async () => {
      const email = uniqueEmail();
      expect((await signup({ name: 'First', email, password: 'longenough' })).statusCode).toBe(201);
      const again = await signup({ name: 'Second', email: ` ${email.toUpperCase()}`, password: 'otherpass1' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('An account with this email already exists');
    });

    it('refuses parallel sign-ups with one email: exactly one wins', async () => {
      const email = uniqueEmail();
      const results = await Promise.all(
        [1, 2, 3].map((i) => signup({ name: `Racer ${i}`, email, password: 'longenough' })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    const bad: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { email: 'a@b.co', password: 'longenough' }, 'name', 'Name is required'],
      ['blank name', { name: '   ', email: 'a@b.co', password: 'longenough' }, 'name', 'Name is required'],
      ['name not text', { name: 42, email: 'a@b.co', password: 'longenough' }, 'name', 'Name is required'],
      [
        'name too long',
        { name: 'x'.repeat(81), email: 'a@b.co', password: 'longenough' },
        'name',
        'Name must be at most 80 characters',
      ],
      ['missing email', { name: 'A', password: 'longenough' }, 'email', 'Email is required'],
      ['blank email', { name: 'A', email: '  ', password: 'longenough' }, 'email', 'Email is required'],
      [
        'invalid email',
        { name: 'A', email: 'not-an-email', password: 'longenough' },
        'email',
        'Enter a valid email address',
      ],
      [
        'email without domain',
        { name: 'A', email: 'a@', password: 'longenough' },
        'email',
        'Enter a valid email address',
      ],
      ['missing password', { name: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
      [
        'short password',
        { name: 'A', email: 'a@b.co', password: 'short7!' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        'huge password',
        { name: 'A', email: 'a@b.co', password: 'p'.repeat(129) },
        'password',
        'Password must be at most 128 characters',
      ],
      [
        'unknown role',
        { name: 'A', email: 'a@b.co', password: 'longenough', role: 'admin' },
        'role',
        "Role must be 'student' or 'educator'",
      ],
      [
        'empty role',
        { name: 'A', email: 'a@b.co', password: 'longenough', role: '' },
        'role',
        "Role must be 'student' or 'educator'",
      ],
    ];
    it.each(bad)('answers 400 for %s, naming the field', async (_case, payload, field, message) => {
      const res = await signup(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('accepts exactly 8-character passwords and 80-character names', async () => {
      const res = await signup({ name: 'n'.repeat(80), email: uniqueEmail(), password: '12345678' });
      expect(res.statusCode).toBe(201);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON');
    });
  });

  describe('login', () => {
    it('signs in with the right password, whatever the email case', async () => {
      const user = await createUser(app, { password: 'right-password' });
      const res = await login({ email: `  ${user.email.toUpperCase()}  `, password: 'right-password' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: user.id, email: user.email, role: 'student' });
      expect((await current(sessionCookie(res))).json()._id).toBe(user.id);
    });

    it('says the same for a wrong password and an unknown email', async () => {
      const user = await createUser(app, { password: 'right-password' });
      const wrong = await login({ email: user.email, password: 'wrong-password' });
      const unknown = await login({ email: 'nobody-here@example.com', password: 'right-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid email or password');
      expect(unknown.json()).toEqual(wrong.json());
      expect(sessionCookie(wrong)).toBeUndefined();
    });

    it('refuses a password login for an account created by Google (no password)', async () => {
      const [g] = await app.db
        .insert(users)
        .values({ name: 'G', email: `g-${Date.now()}@example.com`, passwordHash: null, googleSub: `sub-${Date.now()}` })
        .returning();
      const res = await login({ email: g.email, password: 'anything-at-all' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    });

    it.each([
      ['missing email', { password: 'x' }, 'Email is required'],
      ['missing password', { email: 'a@b.co' }, 'Password is required'],
      ['empty password', { email: 'a@b.co', password: '' }, 'Password is required'],
      ['email not text', { email: 5, password: 'x' }, 'Email is required'],
    ])('answers 400 for %s', async (_case, payload, message) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('replaces the session the browser already had (no session fixation)', async () => {
      const user = await createUser(app, { password: 'right-password' });
      const old = await loginCookie(app, user);
      const res = await login({ email: user.email, password: 'right-password' }, { cookie: old });
      expect(res.statusCode).toBe(200);
      expect((await current(old)).json()).toBeNull();
      expect((await current(sessionCookie(res))).json()?._id).toBe(user.id);
    });
  });

  describe('current user and logout', () => {
    it('answers null without a session, and for an unknown token (clearing the cookie)', async () => {
      const none = await current();
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
      const bogus = await current(`${SESSION_COOKIE}=not-a-real-token`);
      expect(bogus.json()).toBeNull();
      expect(bogus.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      // Endpoints that need a user answer 401.
      const update = await app.inject({ method: 'POST', url: '/api/user/updateprofile', payload: { name: 'X' } });
      expect(update.statusCode).toBe(401);
      expect(update.json().message).toBe('Please log in to continue');
    });

    it('revokes the session on the server at logout: the old cookie no longer works', async () => {
      const user = await createUser(app);
      const cookie = await loginCookie(app, user);
      const other = await loginCookie(app, user);
      expect((await current(cookie)).json()?._id).toBe(user.id);
      const out = await app.inject({ url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'LogOut Successfully' });
      expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect((await current(cookie)).json()).toBeNull();
      const update = await app.inject({
        method: 'POST',
        url: '/api/user/updateprofile',
        payload: { name: 'X' },
        headers: { cookie },
      });
      expect(update.statusCode).toBe(401);
      // Only that session: the user's other device stays signed in.
      expect((await current(other)).json()?._id).toBe(user.id);
    });

    it('logout without a session still answers 200', async () => {
      const res = await app.inject({ url: '/api/auth/logout', headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a logout only on evidence of another site, accepting one with no such headers or same-origin', async () => {
      const user = await createUser(app);
      const logout = (cookie: string, headers: Record<string, string>) =>
        app.inject({ url: '/api/auth/logout', headers: { cookie, host: 'localhost:3000', ...headers } });
      const cookie = await loginCookie(app, user);
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      ];
      for (const headers of crossSite) {
        const res = await logout(cookie, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().message).toBe('Request blocked: it did not come from this site');
      }
      expect((await current(cookie)).json()?._id).toBe(user.id);

      const accepted: Record<string, string>[] = [
        {}, // older Safari, curl and other clients that send neither header
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        { origin: 'http://localhost:3000' },
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      ];
      for (const headers of accepted) {
        const session = await loginCookie(app, user);
        const res = await logout(session, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect((await current(session)).json()?._id, JSON.stringify(headers)).toBeUndefined();
      }
    });

    it('refuses a logout triggered by another site', async () => {
      const user = await createUser(app);
      const cookie = await loginCookie(app, user);
      const res = await app.inject({ url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(403);
      expect((await current(cookie)).json()?._id).toBe(user.id);
    });

    it('reflects role and enrolments of the signed-in user', async () => {
      const user = await createUser(app, { role: 'educator', description: 'I teach' });
      const res = await current(await loginCookie(app, user));
      expect(res.json()).toMatchObject({ _id: user.id, role: 'educator', description: 'I teach', enrolledCourses: [] });
    });
  });

  describe('CSRF: state-changing requests from a foreign origin are refused', () => {
    it('refuses login and signup posted from another site (403), before touching the account', async () => {
      const user = await createUser(app, { password: 'right-password' });
      const res = await login({ email: user.email, password: 'right-password' }, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Request blocked: it did not come from this site');
      expect(sessionCookie(res)).toBeUndefined();
      const email = uniqueEmail();
      const s = await signup({ name: 'X', email, password: 'longenough' }, { origin: 'https://evil.example' });
      expect(s.statusCode).toBe(403);
      expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('refuses a profile update from another site even with a valid session', async () => {
      const user = await createUser(app);
      const cookie = await loginCookie(app, user);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/updateprofile',
        headers: { cookie, origin: 'https://evil.example' },
        payload: { name: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
      expect((await current(cookie)).json().name).toBe(user.name);
    });

    it('refuses a request a browser marks cross-site even without Origin, and a malformed Origin', async () => {
      const a = await login({ email: 'a@b.co', password: 'x' }, { 'sec-fetch-site': 'cross-site' });
      expect(a.statusCode).toBe(403);
      const b = await login({ email: 'a@b.co', password: 'x' }, { origin: 'null' });
      expect(b.statusCode).toBe(403);
    });

    it('accepts the site’s own origin and same-host origins', async () => {
      const user = await createUser(app, { password: 'right-password' });
      const own = await login({ email: user.email, password: 'right-password' }, { origin: 'http://localhost:3000' });
      expect(own.statusCode).toBe(200);
      const sameHost = await login(
        { email: user.email, password: 'right-password' },
        { origin: 'http://127.0.0.1:4321', host: '127.0.0.1:4321' },
      );
      expect(sameHost.statusCode).toBe(200);
    });
  });
});

describe('secure cookies', async () => {
  const app = await buildTestApp({ PUBLIC_URL: 'https://kaksha.example.com' });
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://kaksha.example.com' },
      payload: { name: 'Secure', email: 'secure@example.com', password: 'longenough' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true });
  });
});
