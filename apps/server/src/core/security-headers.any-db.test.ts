import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A built web app whose landing page inlines a script, a style block and a style attribute. */
async function webBuild() {
  const web = await mkdtemp(path.join(tmpdir(), 'kaksha-web-csp-'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><style>body{margin:0}</style><script>window.__x=1</script></head>' +
      '<body><div id="root"><h1>Landing</h1></div><noscript><p style="padding: 1rem">JS</p></noscript>' +
      '<script type="module" src="/assets/index-1.js"></script></body></html>',
  );
  await writeFile(path.join(web, 'app.html'), '<!doctype html><html><head></head><div id="root"></div></html>');
  await writeFile(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return web;
}

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

describe('security headers', async () => {
  const web = await webBuild();
  const app = await buildTestApp({ WEB_DIST: web });

  it.each([
    ['an API answer', '/api/health'],
    ['an API error', '/api/course/getcourse/not-a-uuid'],
    ['an unknown API route', '/api/nope'],
    ['a malformed path', '/%E0%A4%A'],
    ['the landing page', '/'],
    ['a client route', '/allcourses'],
    ['a static file', '/favicon.svg'],
    ['a missing public media file', '/media/public/none.webp'],
  ])('are on %s', async (_what, url) => {
    const res = await app.inject(url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Plain http: no HSTS (a browser would refuse the site until it had TLS).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("allows the page's own inline code by hash, and no third-party origin when none is configured", async () => {
    const csp = (await app.inject('/')).headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha('window.__x=1')]);
    // Inline styles are allowed (the toasts inject a <style> element at run time); scripts are not.
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/google|razorpay/);
  });

  it('serves the API docs outside production', async () => {
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('security headers with Google sign-in, Razorpay and https configured', async () => {
  const app = await buildTestApp({
    WEB_DIST: await webBuild(),
    PUBLIC_URL: 'https://kaksha.example.com',
    GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_1',
    RAZORPAY_KEY_SECRET: 'secret-1',
    RAZORPAY_WEBHOOK_SECRET: 'hook-1',
    // A production site that takes payments must name its seller (issue #28, core/config.ts).
    SELLER_LEGAL_NAME: 'Kaksha Pvt Ltd',
    SELLER_ADDRESS: 'Bengaluru',
    SELLER_STATE_CODE: '29',
    NODE_ENV: 'production',
  });

  it('sends HSTS and allows exactly the Google Identity and Razorpay checkout origins', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'kaksha.example.com' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining(['https://accounts.google.com/gsi/client', 'https://checkout.razorpay.com']),
    );
    expect(directive(csp, 'frame-src')).toEqual(
      expect.arrayContaining(['https://accounts.google.com/gsi/', 'https://api.razorpay.com']),
    );
    expect(directive(csp, 'connect-src')).toEqual(expect.arrayContaining(['https://accounts.google.com/gsi/']));
    expect(directive(csp, 'upgrade-insecure-requests')).toEqual([]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('hides the API docs in production unless API_DOCS=true', async () => {
    expect((await app.inject('/api/docs')).statusCode).toBe(404);
    expect((await app.inject('/api/docs/json')).statusCode).toBe(404);
  });
});

describe('API docs switched on in production', async () => {
  const app = await buildTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', API_DOCS: 'true' });

  it('serves them with their own CSP', async () => {
    const res = await app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
    expect(directive(res.headers['content-security-policy'] as string, 'script-src')).toContain("'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
