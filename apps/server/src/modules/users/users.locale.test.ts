import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { SESSION_COOKIE } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie } from '../../test/app.ts';

describe("a user's language (locale)", async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '100' });
  const putLocale = (payload: unknown, cookie?: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const current = async (cookie: string) =>
    (await app.inject({ url: '/api/user/currentuser', headers: { cookie } })).json();
  const localeOf = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0].locale;

  it('is English unless chosen, in every answer that presents the user', async () => {
    const user = await createUser(app);
    expect((await current(await loginCookie(app, user))).locale).toBe('en');
  });

  it('is set by PUT /api/user/locale, which answers the user, and kept for later answers and logins', async () => {
    const user = await createUser(app, { password: 'hindi-learner-1' });
    const cookie = await loginCookie(app, user);
    const res = await putLocale({ locale: 'hi' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user.id, email: user.email, locale: 'hi' });
    expect(await localeOf(user.id)).toBe('hi');
    expect((await current(cookie)).locale).toBe('hi');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'hindi-learner-1' },
    });
    expect(login.json().locale).toBe('hi');
    // And back.
    expect((await putLocale({ locale: 'en' }, cookie)).json().locale).toBe('en');
    expect(await localeOf(user.id)).toBe('en');
  });

  it.each([
    ['another language', { locale: 'fr' }],
    ['a region', { locale: 'hi-IN' }],
    ['no locale', {}],
    ['a number', { locale: 1 }],
  ])('refuses %s with 400 naming the locales accepted, and keeps the old one', async (_case, body) => {
    const user = await createUser(app);
    const res = await putLocale(body, await loginCookie(app, user));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Locale must be one of en, hi',
      id: 'validation',
      fields: { locale: 'Locale must be one of en, hi' },
    });
    expect(await localeOf(user.id)).toBe('en');
  });

  it('needs a session (401)', async () => {
    const res = await putLocale({ locale: 'hi' });
    expect(res.statusCode).toBe(401);
  });

  describe("sign-up takes the visitor's locale cookie", () => {
    let n = 0;
    const signup = (cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'नई सीखने वाली', email: `visitor${++n}-${Date.now()}@example.com`, password: 'longenough' },
        headers: cookie ? { cookie } : {},
      });

    it('a Hindi visitor becomes a Hindi user', async () => {
      const res = await signup('locale=hi');
      expect(res.statusCode).toBe(201);
      expect(res.json().locale).toBe('hi');
      const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect((await current(`${SESSION_COOKIE}=${session.value}`)).locale).toBe('hi');
    });

    it('without the cookie, or with one that is not a locale, the account is in English', async () => {
      expect((await signup()).json().locale).toBe('en');
      expect((await signup('locale=fr')).json().locale).toBe('en');
      expect((await signup('locale=')).json().locale).toBe('en');
    });
  });
});
