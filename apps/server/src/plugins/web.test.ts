import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

describe('serving the web app', async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'kaksha-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`);
  await writeFile(path.join(web, 'robots.txt'), 'User-agent: *');
  const app = await buildTestApp({ WEB_DIST: web });

  it.each(['/', '/viewcourse/abc', '/editlecture/a/b', '/no/such/page'])(
    'answers the client route %s with the app',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves real files, and 404s for missing assets instead of the app', async () => {
    expect((await app.inject('/robots.txt')).body).toBe('User-agent: *');
    expect((await app.inject('/assets/gone-123.js')).statusCode).toBe(404);
  });

  it('never answers an unknown API route with the app', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/not found/) });
  });

  it('does not serve files outside the web folder', async () => {
    const res = await app.inject('/..%2f..%2fetc%2fpasswd');
    expect(res.body).not.toContain('root:');
  });
});

describe('a web app hosted on another origin', async () => {
  const app = await buildTestApp({ CORS_ORIGINS: 'https://app.kaksha.example' });

  it('may call the API with credentials from the configured origin only', async () => {
    const allowed = await app.inject({ url: '/api/health', headers: { origin: 'https://app.kaksha.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.kaksha.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
