import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { mediaSrcSet, mediaUrl, type PageData, type PageImage, type PageRenderer } from '@kaksha/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inlineHashes } from './security-headers.ts';
import { hasLiveSession, SESSION_COOKIE } from './sessions.ts';
import { pickEncoding } from './snapshots.ts';

/** Open Graph facts of a page that link previews (LinkedIn and others) read from its HTML. */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
}

/** Looks up a page's Open Graph facts by path; undefined or null: none (plain HTML). */
export type PageMetaLookup = (path: string) => Promise<PageMeta | null | undefined>;

/** Looks up a page's first large image by path; undefined or null: none (no image preload). */
export type PageImageLookup = (path: string) => Promise<PageImage | null | undefined>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `<meta property="og:…">` tags, every value escaped. */
export const openGraphTags = (meta: PageMeta) =>
  [
    ['og:type', 'website'],
    ['og:site_name', 'Kaksha'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`)
    .join('');

/**
 * `<link rel="preload" as="image">` for exactly what the page's `<img>` will ask for (same srcset
 * and sizes, so the browser picks the same rendition), at high priority: the download starts with
 * the HTML instead of after the app has rendered. Every value escaped.
 */
export function imagePreloadTag(image: PageImage, sizes: string, apiUrl = '') {
  const attrs = [`href="${escapeHtml(mediaUrl(image.src, apiUrl))}"`];
  if (image.srcSet) {
    attrs.push(`imagesrcset="${escapeHtml(mediaSrcSet(image.srcSet, apiUrl))}"`, `imagesizes="${escapeHtml(sizes)}"`);
  }
  return `<link rel="preload" as="image" ${attrs.join(' ')} fetchpriority="high">`;
}

/**
 * The preload of a page's first large image (`image`: the page has one, with these sizes), or ''.
 * The page must not fail with the lookup: an error only leaves the preload out.
 */
export async function pageImagePreload(
  lookup: PageImageLookup | undefined,
  url: string,
  image: { sizes: string; apiUrl: string } | undefined,
  log: FastifyBaseLogger,
) {
  if (!lookup || !image) return '';
  try {
    const found = await lookup(url);
    return found ? imagePreloadTag(found, image.sizes, image.apiUrl) : '';
  } catch (error) {
    log.warn({ err: error }, 'page image lookup failed: the page is served without its image preload');
    return '';
  }
}

/** A route's `:param`s match one id-like path segment each; anything else gets no preloads. */
const routePattern = (route: string) =>
  new RegExp(`^${route.replace(/:(\w+)/g, '(?<$1>[A-Za-z0-9_-]+)').replace(/\//g, '\\/')}$`);

/**
 * The page at a URL: its `<link rel="preload">` tags, whether only a signed-in user sees it, whether
 * the renderer draws it, and the `sizes` of its first large image when it has one to preload (with
 * the API's base URL).
 */
type PreloadsFor = (
  url: string,
) => { tags: string; signedIn: boolean; drawnByServer: boolean; image?: { sizes: string; apiUrl: string } } | undefined;

function preloadsFrom(pageData: PageData): PreloadsFor {
  const pages = pageData.pages.map((page) => ({ ...page, pattern: routePattern(page.path) }));
  return (url) => {
    for (const page of pages) {
      const match = page.pattern.exec(url);
      if (!match) continue;
      const params = match.groups ?? {};
      const tags = page.data
        .map((api) => api.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ''))
        .map((api) => `<link rel="preload" href="${pageData.apiUrl}${api}" as="fetch" crossorigin="use-credentials">`)
        .join('');
      const image = page.image ? { sizes: page.image.sizes, apiUrl: pageData.apiUrl } : undefined;
      return { tags, signedIn: page.signedIn ?? false, drawnByServer: page.serverRendered ?? false, image };
    }
    return undefined;
  };
}

/**
 * Whether the path is a regular file. A path the file system cannot hold (a segment over 255
 * bytes: ENAMETOOLONG; a name under a file such as `/favicon.svg/x`: ENOTDIR) is simply none.
 */
function isFile(file: string) {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * A file of the build, read again whenever a new build replaces it (the HTML names the hashed
 * chunks). A new file is told by its inode and size as well as its time: timestamps are coarse
 * and a deploy may normalise them.
 */
function buildFile<T>(file: string, parse: (text: string) => T) {
  let cached: { version: string; value: T } | undefined;
  return (): T | undefined => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (cached?.version !== version) cached = { version, value: parse(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * A module of the build (imported again whenever a new build replaces it), or undefined: none
 * there, or one that fails to load (logged; the pages it would draw are drawn by the app).
 */
function buildModule<T>(file: string, log: FastifyBaseLogger) {
  let cached: { version: string; value: Promise<T | undefined> } | undefined;
  return (): Promise<T | undefined> => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return Promise.resolve(undefined);
    const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (cached?.version !== version) {
      const value = import(`${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`).catch((error) => {
        log.warn({ err: error, file }, 'the web build’s page renderer does not load: the app draws every page');
        return undefined;
      });
      cached = { version, value };
    }
    return cached.value;
  };
}

/** Where a page drawn per request goes into dist/page.html. */
const EMPTY_ROOT = '<div id="root"></div>';

/** Statuses whose answers never have a body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * JSON inside `<script type="application/json">`: no `<` at all, so no text in it (a course
 * title of `</script><script>…`) can end the element or open a comment. JSON.parse reads it back.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a
 * year (brotli/gzip files made at build time), the HTML never cached, and every non-API GET
 * that is not a file falls back to the SPA so client routes survive a refresh. `/` gets
 * index.html (the landing page already drawn), other routes app.html (the top bar and a
 * spinner), each with preloads for the API answers that page draws first and, where the web
 * build names one and `pageImage` knows it, for the page's first large image.
 */
export const webPlugin = fp<{
  root: string;
  pageMeta?: PageMetaLookup;
  pageImage?: PageImageLookup;
  drawnPagesAtOnce: number;
}>(
  async (app, { root, pageMeta, pageImage, drawnPagesAtOnce }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
      return;
    }
    // Each page with its CSP, which allows by hash whatever the build inlined into it.
    const page = (html: string) => ({ html, csp: app.contentSecurityPolicy(inlineHashes(html)) });
    const indexHtml = buildFile(path.join(root, 'index.html'), page);
    const appHtml = buildFile(path.join(root, 'app.html'), page);
    const emptyPageHtml = buildFile(path.join(root, 'page.html'), page);
    const renderer = buildModule<PageRenderer<Response>>(path.join(root, '..', 'dist-ssr', 'prerender.js'), app.log);
    const preloads = buildFile(path.join(root, 'page-data.json'), (json): PreloadsFor => {
      try {
        return preloadsFrom(JSON.parse(json) as PageData);
      } catch (error) {
        app.log.warn({ error }, 'page-data.json is unreadable: pages are served without preloads');
        return () => undefined;
      }
    });

    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) {
        return reply.callNotFound();
      }
      const decoded = decodeURIComponent(url);
      // No file name holds a NUL byte; the file system would throw on it.
      if (decoded.includes('\0')) return reply.status(400).send({ message: 'Invalid path', id: 'bad_url' });
      // A real file (favicon, robots.txt, an asset) wins over the SPA.
      const file = path.join(root, path.normalize(decoded));
      if (file.startsWith(root + path.sep) && isFile(file)) {
        return reply.sendFile(path.relative(root, file));
      }
      if (url.startsWith('/assets/')) return reply.callNotFound();
      // A query string may change what the page asks for (/allcourses?category=…): no guessing.
      const preload = request.url.includes('?') ? undefined : preloads()?.(url);
      // A page drawn for the user proves the session live (the renderer asked who is signed in): no second check.
      const drawn =
        preload?.drawnByServer && request.cookies[SESSION_COOKIE] ? await drawPage(request, reply, url) : undefined;
      const live = drawn ? true : preload?.signedIn ? await hasSession(request) : false;
      const html = drawn?.template ?? (url === '/' ? indexHtml() : (appHtml() ?? indexHtml()));
      if (html === undefined) {
        // Mid-deploy: the new build's HTML is not in place yet.
        return reply
          .status(503)
          .header('retry-after', '2')
          .send({ message: 'Kaksha is updating; try again in a moment' });
      }
      const image =
        preload && (!preload.signedIn || live)
          ? await pageImagePreload(pageImage, url, preload.image, request.log)
          : '';
      // A drawn page carries its data: only the other pages preload theirs.
      const links = preload && (!preload.signedIn || live) ? `${image}${drawn ? '' : preload.tags}` : '';
      const meta = await metaTags(request, url);
      let text = html.html.replace('</head>', () => `${meta}${links}</head>`);
      if (drawn) {
        text = text.replace(EMPTY_ROOT, () => drawn.markup);
        // Which pages were drawn, and at what cost: in the browser's network panel, and for benchmarks.
        reply.header('server-timing', `draw;dur=${drawn.ms.toFixed(1)}`);
        // It holds the user's own data: no cache keeps it (not after sign-out, not on a shared machine).
        reply.header('cache-control', 'private, no-store');
      } else {
        reply.header('cache-control', 'no-cache');
      }
      return reply
        .header('content-security-policy', html.csp)
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8')
        .send(await compressedPage(request, reply, text, { perRequest: !!drawn }));
    });

    let pagesBeingDrawn = 0;
    /**
     * A signed-in user's page drawn by the web build's renderer, with the data it was drawn with
     * after it (the app takes the page over from there); undefined when the build has no renderer,
     * the renderer draws nothing for this page, anything fails (the page must not fail with it:
     * the app then draws it as before), or `drawnPagesAtOnce` pages are being drawn already: a
     * drawn page costs the server about 2.5× the app's page and its API answers, so under load the
     * CPU goes to answers.
     */
    async function drawPage(request: FastifyRequest, reply: FastifyReply, url: string) {
      if (pagesBeingDrawn >= drawnPagesAtOnce) return undefined;
      pagesBeingDrawn++;
      const started = performance.now();
      try {
        const template = emptyPageHtml();
        const pages = await renderer();
        if (!template?.html.includes(EMPTY_ROOT) || !pages) return undefined;
        const drawn = await pages.renderPage(url, (apiPath) => answerInProcess(request, reply, apiPath));
        if (!drawn) return undefined;
        const state = `<script type="application/json" id="${pages.PAGE_STATE_ID}">${scriptJson(drawn.data)}</script>`;
        return { template, markup: `<div id="root">${drawn.html}</div>${state}`, ms: performance.now() - started };
      } catch (error) {
        request.log.warn({ err: error }, 'drawing the page failed: the app draws it instead');
        return undefined;
      } finally {
        pagesBeingDrawn--;
      }
    }

    /**
     * An API answer for the page's renderer, from this server, as the page's user. A cookie it sets
     * (a session renewed or ended) goes to the browser with the page, as it would have with the
     * app's own request: the session is renewed in the database only once.
     */
    async function answerInProcess(request: FastifyRequest, reply: FastifyReply, apiPath: string) {
      if (!apiPath.startsWith('/api/')) throw new Error(`not an API path: ${apiPath}`);
      const res = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { cookie: request.headers.cookie ?? '' },
        remoteAddress: request.ip,
      });
      const sent = [reply.getHeader('set-cookie') ?? []].flat();
      for (const cookie of [res.headers['set-cookie'] ?? []].flat()) {
        if (!sent.includes(cookie)) reply.header('set-cookie', cookie);
      }
      return new Response(NULL_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    }

    /** A page's Open Graph tags; a failed lookup only leaves them out (the page must not fail). */
    async function metaTags(request: FastifyRequest, url: string) {
      if (!pageMeta) return '';
      try {
        const meta = await pageMeta(url);
        return meta ? openGraphTags(meta) : '';
      } catch (error) {
        request.log.warn({ err: error }, 'page meta lookup failed: the page is served without Open Graph tags');
        return '';
      }
    }

    /**
     * A signed-in page's preloads need a live session: a stale cookie would only waste them before
     * the page redirects. The HTML must not fail with the database, so an error counts as no session.
     */
    async function hasSession(request: FastifyRequest) {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return false;
      try {
        return await hasLiveSession(app.db, token);
      } catch (error) {
        request.log.warn({ err: error }, 'session check failed: the page is served without preloads');
        return false;
      }
    }
  },
  { name: 'web', dependencies: ['db', 'security-headers'] },
);

/** Distinct pages (landing, app shell, each with its preloads) kept compressed. */
const COMPRESSED_PAGES_MAX = 256;
const compressedPages = new Map<string, Promise<{ br: Buffer; gzip: Buffer }>>();

const brotli = (text: Buffer, quality: number) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(
      text,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );
const gzip = (text: Buffer, level: number) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.gzip(text, { level }, (error, out) => (error ? reject(error) : resolve(out))),
  );

/**
 * The page's HTML compressed once per distinct text (brotli at its best quality, gzip), not for
 * every request: a page differs only by its preloads and meta tags, so a handful of texts repeat.
 * A page drawn for one user (`perRequest`) never repeats: compressed fast, in the encoding asked, and not kept.
 */
async function compressedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  { perRequest }: { perRequest: boolean },
) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return html;
  reply.header('content-encoding', encoding);
  if (perRequest) return encoding === 'br' ? brotli(Buffer.from(html), 5) : gzip(Buffer.from(html), 6);
  let compressed = compressedPages.get(html);
  if (!compressed) {
    if (compressedPages.size >= COMPRESSED_PAGES_MAX) compressedPages.delete(compressedPages.keys().next().value ?? '');
    const text = Buffer.from(html);
    compressed = Promise.all([brotli(text, 11), gzip(text, 9)]).then(([br, gz]) => ({ br, gzip: gz }));
    compressedPages.set(html, compressed);
    compressed.catch(() => compressedPages.delete(html));
  }
  return (await compressed)[encoding];
}
