import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../test/app.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Where the web app may live (docs/operations.md): beside the API, on the same site with
 * CORS_ORIGINS, or on another site with COOKIE_SAMESITE=none; and the Origin check behind a
 * proxy that rewrites Host.
 */
const login = (app: Awaited<ReturnType<typeof buildTestApp>>, who: { email: string; password: string }, headers = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: who.password },
    headers,
  });

describe('session cookie for a web app on another site (COOKIE_SAMESITE=none)', async () => {
  const site = 'https://api.kaksha.example';
  const webApp = 'https://kaksha-learn.example';
  const app = await buildTestApp({ PUBLIC_URL: site, CORS_ORIGINS: webApp, COOKIE_SAMESITE: 'none' });

  it('sets SameSite=None; Secure, and the web app may make credentialed, state-changing calls', async () => {
    const user = await createUser(app);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: webApp, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(webApp);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const res = await login(app, user, { origin: webApp, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });

    // Any other site is still refused.
    const evil = await login(app, user, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(evil.statusCode).toBe(403);
  });
});

describe('session cookie by default', async () => {
  const app = await buildTestApp();

  it('is SameSite=Lax', async () => {
    const user = await createUser(app);
    const res = await login(app, user);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ sameSite: 'Lax' });
  });

  it('behind a proxy that rewrites Host, a state-changing request from the site is refused without PUBLIC_URL', async () => {
    const user = await createUser(app);
    // nginx's default `proxy_set_header Host $proxy_host`: the server sees the upstream's name.
    const res = await login(app, user, { host: '127.0.0.1:3100', origin: 'https://kaksha.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/did not come from this site/);
  });
});

describe('behind a proxy that rewrites Host, with PUBLIC_URL set', async () => {
  const app = await buildTestApp({ PUBLIC_URL: 'https://kaksha.example' });

  it('accepts the site’s own origin whatever Host the proxy sends', async () => {
    const user = await createUser(app);
    const res = await login(app, user, { host: '127.0.0.1:3100', origin: 'https://kaksha.example' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
