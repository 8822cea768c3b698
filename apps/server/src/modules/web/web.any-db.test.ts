import { mkdir, mkdtemp, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessions } from '../../core/db/schema/index.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie } from '../../test/app.ts';
import { imagePreloadTag, pageImagePreload } from './web.preloads.ts';

describe('serving the web app', async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'kaksha-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
  await writeFile(
    path.join(web, 'app.html'),
    '<!doctype html><html><head><title>Kaksha</title></head><div id="root"><nav>Shell</nav></div></html>',
  );
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [
        { path: '/', data: ['/api/review/allReview'] },
        { path: '/viewcourse/:courseId', data: ['/api/course/getcourse/:courseId'], signedIn: true },
      ],
    }),
  );
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`);
  // What the web build's postbuild step writes beside each asset.
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("br")'));
  await writeFile(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build's robots.txt is not served: the server writes its own (modules/seo).
  await writeFile(path.join(web, 'robots.txt'), 'User-agent: *\nAllow: /');
  const app = await buildTestApp({ WEB_DIST: web });

  it.each(['/', '/viewcourse/abc', '/editlecture/a/b', '/no/such/page'])(
    'answers the client route %s with the app',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(url === '/' ? '<h1>Landing</h1>' : '<nav>Shell</nav>');
    },
  );

  it("preloads the API answers a page asks for first, a signed-in page's only with a session", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);
    const cookie = await loginCookie(app, await createUser(app));
    const course = await app.inject({ url: '/viewcourse/c-42', headers: { cookie } });
    expect(preloads(course.body)).toEqual(['/api/course/getcourse/c-42']);
    expect(course.body).toContain('as="fetch" crossorigin="use-credentials"></head>');
    expect(course.headers.vary).toMatch(/cookie/i);
    expect(preloads((await app.inject('/viewcourse/c-42')).body)).toEqual([]);
    // A stale cookie (logged out, expired) gets none either.
    const stale = await app.inject({ url: '/viewcourse/c-42', cookies: { kaksha_session: 'expired-token' } });
    expect(preloads(stale.body)).toEqual([]);
    // Only an id-like segment is put into the page.
    const odd = await app.inject({ url: '/viewcourse/%22%3E%3Cscript%3E', headers: { cookie } });
    expect(odd.statusCode).toBe(200);
    expect(preloads(odd.body)).toEqual([]);
    expect(odd.body).not.toContain('<script>');
  });

  it('sends pages compressed once per distinct text, in the encoding the browser prefers', async () => {
    const plain = await app.inject('/');
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // With a session the same route gets its preloads: another text, compressed on its own.
    const cookie = await loginCookie(app, await createUser(app));
    const signedIn = await app.inject({ url: '/viewcourse/c-7', headers: { cookie, 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toContain('/api/course/getcourse/c-7');
  });

  it('serves a new build at once, without a restart, even one with the old timestamps', async () => {
    const shell = path.join(web, 'app.html');
    const before = await readFile(shell, 'utf8');
    const { mtime } = await stat(shell);
    // A deploy that swaps the file in with a normalised time and the same size.
    const next = `${shell}.next`;
    await writeFile(next, before.replace('Shell', 'Shelf'));
    await utimes(next, mtime, mtime);
    await rename(next, shell);
    expect((await app.inject('/allcourses')).body).toContain('<nav>Shelf</nav>');
    await writeFile(shell, before);
    expect((await app.inject('/allcourses')).body).toContain('<nav>Shell</nav>');
  });

  it('asks the browser to retry while a deploy has no HTML in place', async () => {
    const files = ['index.html', 'app.html'].map((f) => path.join(web, f));
    for (const f of files) await rename(f, `${f}.old`);
    try {
      const res = await app.inject('/allcourses');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().message).toMatch(/updating/);
    } finally {
      for (const f of files) await rename(`${f}.old`, f);
    }
    expect((await app.inject('/allcourses')).statusCode).toBe(200);
  });

  it('sends the brotli file made at build time to browsers that accept it', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("br")');
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves real files, and 404s for missing assets instead of the app', async () => {
    expect((await app.inject('/favicon.svg')).body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await app.inject('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await app.inject('/assets/gone-123.js')).statusCode).toBe(404);
  });

  it('never answers an unknown API route with the app', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/not found/) });
  });

  it('answers a malformed percent-encoding in the path with the usual 400 error body', async () => {
    const res = await app.inject('/viewcourse/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not a valid url/), id: 'bad_url' });
  });

  it('answers paths the file system cannot hold with a 4xx or the app, never a 500', async () => {
    const nul = await app.inject('/%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: 'Invalid path' });
    expect((await app.inject('/assets/%00.js')).statusCode).toBe(400);
    // A name under a file (ENOTDIR) and a segment longer than any file name (ENAMETOOLONG).
    for (const url of ['/favicon.svg/x', `/${'a'.repeat(256)}`, `/viewcourse/${'é'.repeat(300)}`]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<nav>Shell</nav>');
    }
    expect((await app.inject(`/assets/${'a'.repeat(300)}.js`)).statusCode).toBe(404);
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

  it('keeps varying by Origin on the snapshot answers (the catalogue)', async () => {
    const res = await app.inject({ url: '/api/course/catalog', headers: { origin: 'https://app.kaksha.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.kaksha.example');
    expect(String(res.headers.vary).toLowerCase()).toMatch(/origin.*accept-encoding/);
  });
});

describe('a page the web build renders on the server, per request', async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'kaksha-ssr-'));
  const web = path.join(build, 'dist');
  await mkdir(path.join(build, 'dist-ssr'), { recursive: true });
  await mkdir(web);
  const head = '<!doctype html><html><head><title>Kaksha</title></head><body>';
  await writeFile(path.join(web, 'index.html'), `${head}<div id="root"><h1>Landing</h1></div></body></html>`);
  await writeFile(path.join(web, 'app.html'), `${head}<div id="root"><nav>Shell</nav></div></body></html>`);
  await writeFile(path.join(web, 'page.html'), `${head}<div id="root"></div></body></html>`);
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [
        {
          path: '/viewcourse/:courseId',
          data: ['/api/course/getcourse/:courseId'],
          signedIn: true,
          serverRendered: true,
        },
        {
          path: '/viewlecture/:courseId',
          data: ['/api/course/getcourse/:courseId'],
          signedIn: true,
          serverRendered: true,
        },
        { path: '/enrolledcourses', data: ['/api/course/getenrolledcourses'], signedIn: true },
        { path: '/certificate/:id', data: ['/api/certificate/verify/:id'] },
      ],
    }),
  );
  // What apps/web/src/prerender.tsx exports, reduced to what the server relies on: it asks the API as
  // the user, renders the page or nothing, and hands back the data it rendered with (here, text that
  // would end a <script> if it were not escaped).
  await writeFile(
    path.join(build, 'dist-ssr', 'prerender.js'),
    `export const PAGE_STATE_ID = 'page-state';
export async function renderPage(url, serverFetch) {
  if (url.startsWith('/viewlecture/')) throw new Error('renderer bug');
  if (url.startsWith('/viewcourse/held-')) await globalThis.holdRender(url);
  if (!url.startsWith('/viewcourse/') && url !== '/enrolledcourses') return null;
  const user = await (await serverFetch('/api/user/currentuser')).json();
  if (!user) return null;
  return { html: '<h1>Rendered for ' + user.name + '</h1>', data: { user: user.name, note: '</script><script>alert(1)</script><!--' } };
}`,
  );
  const app = await buildTestApp({ WEB_DIST: web, SERVER_RENDERED_PAGES_AT_ONCE: '2' });
  const pageState = (body: string) =>
    /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(body)?.[1];

  it('renders a signed-in page with its data after it, escaped, and preloads no data it already carries', async () => {
    const user = await createUser(app, { name: 'Asha Verma' });
    const cookie = await loginCookie(app, user);
    const res = await app.inject({ url: '/viewcourse/c-1', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>Rendered for Asha Verma</h1></div><script type="application/json"');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(JSON.parse(pageState(res.body) ?? 'null')).toEqual({
      user: 'Asha Verma',
      note: '</script><script>alert(1)</script><!--',
    });
    expect(res.body).not.toContain('/api/course/getcourse/c-1');
    // It holds the user's own data.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    // Compressed for this one answer, in the encoding asked for.
    const br = await app.inject({ url: '/viewcourse/c-1', headers: { cookie, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Rendered for Asha Verma');
  });

  it("hands the browser the session the page's first answer renewed, as the app's own request would have", async () => {
    const user = await createUser(app, { name: 'Kiran' });
    const cookie = await loginCookie(app, user);
    // Last renewed two hours ago: the next authenticated request extends it (once an hour at most).
    const due = new Date(Date.now() + SESSION_TTL_MS - 2 * 60 * 60 * 1000);
    await app.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.userId, user.id));
    const res = await app.inject({ url: '/viewcourse/c-6', headers: { cookie } });
    expect(res.body).toContain('<h1>Rendered for Kiran</h1>');
    const renewed = res.cookies.filter((c) => c.name === SESSION_COOKIE);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]?.value).toBe(cookie.split('=')[1]);
    expect(renewed[0]?.httpOnly).toBe(true);
    expect(new Date(renewed[0]?.expires ?? 0).getTime()).toBeGreaterThan(due.getTime() + 60 * 60 * 1000);
  });

  it('sends a visitor, a stale session and a public page the app as before', async () => {
    for (const res of [
      await app.inject('/viewcourse/c-1'),
      await app.inject({ url: '/viewcourse/c-1', cookies: { kaksha_session: 'expired-token' } }),
      await app.inject('/certificate/abc'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<nav>Shell</nav>');
      expect(pageState(res.body)).toBeUndefined();
    }
  });

  it('asks the renderer only for the pages the web build marks as server-rendered', async () => {
    const cookie = await loginCookie(app, await createUser(app));
    const res = await app.inject({ url: '/enrolledcourses', headers: { cookie } });
    expect(res.body).toContain('<nav>Shell</nav>');
    expect(res.body).toContain('<link rel="preload" href="/api/course/getenrolledcourses"');
    expect(pageState(res.body)).toBeUndefined();
  });

  it('sends the app with its preloads when the renderer fails: the page never fails with it', async () => {
    const cookie = await loginCookie(app, await createUser(app));
    const res = await app.inject({ url: '/viewlecture/c-2', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<nav>Shell</nav>');
    expect(res.body).toContain('<link rel="preload" href="/api/course/getcourse/c-2"');
    expect(pageState(res.body)).toBeUndefined();
  });

  it('sends the app while as many pages as it renders at once are being rendered, and renders again after', async () => {
    const cookie = await loginCookie(app, await createUser(app, { name: 'Meera' }));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let bothRendering = () => {};
    const rendering = new Promise<void>((resolve) => {
      bothRendering = resolve;
    });
    const held: string[] = [];
    const hook = globalThis as { holdRender?: (url: string) => Promise<void> };
    hook.holdRender = (url) => {
      held.push(url);
      if (held.length === 2) bothRendering();
      return released;
    };
    onTestFinished(() => {
      hook.holdRender = undefined;
    });
    const slow = ['/viewcourse/held-1', '/viewcourse/held-2'].map((url) => app.inject({ url, headers: { cookie } }));
    await rendering;
    const busy = await app.inject({ url: '/viewcourse/c-5', headers: { cookie } });
    expect(busy.statusCode).toBe(200);
    expect(busy.body).toContain('<nav>Shell</nav>');
    expect(busy.body).toContain('<link rel="preload" href="/api/course/getcourse/c-5"');
    expect(busy.headers['server-timing']).toBeUndefined();
    release();
    for (const res of await Promise.all(slow)) expect(res.body).toContain('<h1>Rendered for Meera</h1>');
    const free = await app.inject({ url: '/viewcourse/c-5', headers: { cookie } });
    expect(free.body).toContain('<h1>Rendered for Meera</h1>');
    expect(free.headers['server-timing']).toMatch(/^ssr;dur=\d+\.\d$/);
  });

  it('uses a new renderer as soon as a new build puts it in place', async () => {
    const cookie = await loginCookie(app, await createUser(app, { name: 'Ravi' }));
    const renderer = path.join(build, 'dist-ssr', 'prerender.js');
    const old = await readFile(renderer, 'utf8');
    await writeFile(`${renderer}.tmp`, old.replace("'<h1>Rendered for '", "'<h1>Rendered anew for '"));
    await rename(`${renderer}.tmp`, renderer);
    const res = await app.inject({ url: '/viewcourse/c-3', headers: { cookie } });
    expect(res.body).toContain('<h1>Rendered anew for Ravi</h1>');
  });
});

describe("preloading a page's first large image", () => {
  const sizes = '(min-width: 1024px) 560px, 92vw';
  const silent = { warn: vi.fn() } as unknown as FastifyBaseLogger;

  it('asks for exactly what the <img> will: same srcset and sizes, at high priority', () => {
    const tag = imagePreloadTag(
      { src: '/media/t-640.webp', srcSet: '/media/t-320.webp 320w, /media/t-640.webp 640w' },
      sizes,
    );
    expect(tag).toBe(
      '<link rel="preload" as="image" href="/media/t-640.webp" imagesrcset="/media/t-320.webp 320w, /media/t-640.webp 640w" ' +
        'imagesizes="(min-width: 1024px) 560px, 92vw" fetchpriority="high">',
    );
    // Without renditions the <img> has no srcset or sizes, and neither has the preload.
    expect(imagePreloadTag({ src: '/media/t.webp', srcSet: null }, sizes)).toBe(
      '<link rel="preload" as="image" href="/media/t.webp" fetchpriority="high">',
    );
  });

  it("resolves paths against the API's host like the web app, leaves absolute URLs, escapes every value", () => {
    const tag = imagePreloadTag(
      { src: '/media/a.webp', srcSet: '/media/a-320.webp 320w,https://cdn.example/a"><script>-640.webp 640w' },
      '100vw" onload="x',
      'https://api.example',
    );
    expect(tag).toContain('href="https://api.example/media/a.webp"');
    expect(tag).toContain(
      'imagesrcset="https://api.example/media/a-320.webp 320w, https://cdn.example/a&quot;&gt;&lt;script&gt;-640.webp 640w"',
    );
    expect(tag).toContain('imagesizes="100vw&quot; onload=&quot;x"');
    expect(tag).not.toContain('<script>');
  });

  it('is left out when the page has none, the lookup knows none, or the lookup fails', async () => {
    const image = { sizes, apiUrl: '' };
    const found = async () => ({ src: '/media/t.webp' });
    expect(await pageImagePreload(found, '/allcourses', image, silent)).toContain('href="/media/t.webp"');
    expect(await pageImagePreload(found, '/profile', undefined, silent)).toBe('');
    expect(await pageImagePreload(undefined, '/allcourses', image, silent)).toBe('');
    expect(await pageImagePreload(async () => null, '/allcourses', image, silent)).toBe('');
    const failing = async () => {
      throw new Error('database gone');
    };
    expect(await pageImagePreload(failing, '/allcourses', image, silent)).toBe('');
    expect(silent.warn).toHaveBeenCalledOnce();
  });
});

describe('pages in the reader’s language (the web’s `locale` cookie)', async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'kaksha-locale-'));
  const web = path.join(build, 'dist');
  await mkdir(path.join(build, 'dist-ssr'), { recursive: true });
  await mkdir(web);
  // What the web build writes: the default pages, and each other language's beside them.
  for (const [suffix, lang, text] of [
    ['', 'en', 'Grow your skills'],
    ['.hi', 'hi', 'अपने हुनर बढ़ाइए'],
  ]) {
    const head = `<!doctype html><html lang="${lang}"><head><title>Kaksha</title></head><body>`;
    await writeFile(
      path.join(web, `index${suffix}.html`),
      `${head}<div id="root"><h1>${text}</h1></div></body></html>`,
    );
    await writeFile(
      path.join(web, `app${suffix}.html`),
      `${head}<div id="root"><nav>${text}</nav></div></body></html>`,
    );
    await writeFile(path.join(web, `page${suffix}.html`), `${head}<div id="root"></div></body></html>`);
  }
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [{ path: '/viewcourse/:courseId', data: [], signedIn: true, serverRendered: true }],
    }),
  );
  await writeFile(
    path.join(build, 'dist-ssr', 'prerender.js'),
    `export const PAGE_STATE_ID = 'page-state';
export async function renderPage(url, serverFetch, language) {
  return { html: '<h1>Drawn in ' + (language ?? 'the default language') + '</h1>', data: {} };
}`,
  );
  const app = await buildTestApp({ WEB_DIST: web });
  const lang = (body: string) => /<html lang="([^"]+)"/.exec(body)?.[1];

  it('serves the landing page and the app in the language the cookie names, the default one otherwise', async () => {
    const hindi = await app.inject({ url: '/', cookies: { locale: 'hi' } });
    expect(lang(hindi.body)).toBe('hi');
    expect(hindi.body).toContain('अपने हुनर बढ़ाइए');
    expect(hindi.headers.vary).toMatch(/cookie/i);
    expect(lang((await app.inject({ url: '/allcourses', cookies: { locale: 'hi' } })).body)).toBe('hi');
    // No cookie, English, a language the build has no pages in, or a cookie that is no language.
    const others: Record<string, string>[] = [{}, { locale: 'en' }, { locale: 'ta' }, { locale: '../index' }];
    for (const cookies of others) {
      const res = await app.inject({ url: '/', cookies });
      expect(res.statusCode).toBe(200);
      expect(lang(res.body)).toBe('en');
      expect(res.body).toContain('Grow your skills');
    }
  });

  it('takes a first visit’s language from the browser (Accept-Language), the cookie before it', async () => {
    const page = async (acceptLanguage: string, cookies: Record<string, string> = {}) => {
      const res = await app.inject({ url: '/', cookies, headers: { 'accept-language': acceptLanguage } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept-language/i);
      return lang(res.body);
    };
    expect(await page('hi-IN,hi;q=0.9,en-US;q=0.8')).toBe('hi');
    // The first language the build has pages in, by preference: French has none, English is the default.
    expect(await page('fr-FR,hi;q=0.5')).toBe('hi');
    expect(await page('en-IN,hi;q=0.9')).toBe('en');
    expect(await page('en;q=0.4,hi;q=0.6')).toBe('hi');
    expect(await page('hi;q=0,en')).toBe('en');
    expect(await page('ta-IN, *')).toBe('en');
    expect(await page('hi-IN', { locale: 'en' })).toBe('en');
    expect(await page(';;;,=,q=x,hi;q=abc,,')).toBe('en');
  });

  it('draws a server-rendered page in the reader’s language, in that language’s page', async () => {
    const cookie = await loginCookie(app, await createUser(app));
    const res = await app.inject({ url: '/viewcourse/c-1', headers: { cookie: `${cookie}; locale=hi` } });
    expect(res.body).toContain('<h1>Drawn in hi</h1>');
    expect(lang(res.body)).toBe('hi');
    const english = await app.inject({ url: '/viewcourse/c-1', headers: { cookie } });
    expect(english.body).toContain('<h1>Drawn in the default language</h1>');
    expect(lang(english.body)).toBe('en');
  });
});
