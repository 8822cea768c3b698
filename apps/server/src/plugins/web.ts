import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { hasLiveSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';

/** dist/page-data.json, written by the web build (apps/web/src/app/page-data.ts). */
interface PageData {
  apiUrl: string;
  pages: { path: string; data: string[]; signedIn?: boolean }[];
}

/** A route's `:param`s match one id-like path segment each; anything else gets no preloads. */
const routePattern = (route: string) =>
  new RegExp(`^${route.replace(/:(\w+)/g, '(?<$1>[A-Za-z0-9_-]+)').replace(/\//g, '\\/')}$`);

type Preloads = (url: string, signedIn: boolean) => string;

/** The `<link rel="preload">` tags for the API answers the page at a URL draws first. */
function preloadsFrom(pageData: PageData): Preloads {
  const pages = pageData.pages.map((page) => ({ ...page, pattern: routePattern(page.path) }));
  return (url, signedIn) => {
    for (const page of pages) {
      const match = page.pattern.exec(url);
      if (!match) continue;
      if (page.signedIn && !signedIn) return '';
      const params = match.groups ?? {};
      return page.data
        .map((api) => api.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ''))
        .map((api) => `<link rel="preload" href="${pageData.apiUrl}${api}" as="fetch" crossorigin="use-credentials">`)
        .join('');
    }
    return '';
  };
}

/** A file of the build, read again whenever a new build replaces it (the HTML names the hashed chunks). */
function buildFile<T>(file: string, parse: (text: string) => T) {
  let cached: { mtimeMs: number; value: T } | undefined;
  return (): T | undefined => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, value: parse(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a
 * year (brotli/gzip files made at build time), the HTML never cached, and every non-API GET
 * that is not a file falls back to the SPA so client routes survive a refresh. `/` gets
 * index.html (the landing page already drawn), other routes app.html (the top bar and a
 * spinner), each with preloads for the API answers that page draws first.
 */
export const webPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
      return;
    }
    const indexHtml = buildFile(path.join(root, 'index.html'), (html) => html);
    const appHtml = buildFile(path.join(root, 'app.html'), (html) => html);
    const preloads = buildFile(path.join(root, 'page-data.json'), (json): Preloads => {
      try {
        return preloadsFrom(JSON.parse(json) as PageData);
      } catch (error) {
        app.log.warn({ error }, 'page-data.json is unreadable: pages are served without preloads');
        return () => '';
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
      // A real file (favicon, robots.txt, an asset) wins over the SPA.
      const file = path.join(root, path.normalize(decodeURIComponent(url)));
      if (file.startsWith(root + path.sep) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
        return reply.sendFile(path.relative(root, file));
      }
      if (url.startsWith('/assets/')) return reply.callNotFound();
      const html = (url === '/' ? indexHtml() : (appHtml() ?? indexHtml())) ?? '';
      // Signed-in pages preload only for a live session: a stale cookie would waste the requests
      // before the page redirects. A stale cookie is dropped here, as the API would.
      const token = request.cookies[SESSION_COOKIE];
      const signedIn = token !== undefined && (await hasLiveSession(app.db, token));
      if (token !== undefined && !signedIn) app.clearSessionCookie(reply);
      const links = preloads()?.(url, signedIn) ?? '';
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', () => `${links}</head>`));
    });
  },
  { name: 'web', dependencies: ['db', 'auth'] },
);
