import path from 'node:path';
import type { PageData } from '@kaksha/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasLiveSession, SESSION_COOKIE } from '../../core/sessions.ts';
import { buildFile, isFile } from './web.assets.ts';
import { type CompressedPage, pageCompressor } from './web.compression.ts';
import { lookUpPageMeta, type PageMetaLookup, withPageMeta } from './web.head.ts';
import { localizedBuildFile, readerLocale } from './web.locale.ts';
import { type PageImageLookup, type PreloadsFor, pageImagePreload, preloadsFrom } from './web.preloads.ts';
import { type BuildPage, EMPTY_ROOT, type ServerRendered } from './web.server-render.ts';

export interface SpaFallbackOptions {
  root: string;
  page: (html: string) => BuildPage;
  pageMeta?: PageMetaLookup;
  pageImage?: PageImageLookup;
  /** PUBLIC_CATALOGUE: the pages the web build marks `publicCatalogue` are visitors' too. */
  publicCatalogue: boolean;
  renderOnServer: (request: FastifyRequest, reply: FastifyReply, url: string) => Promise<ServerRendered | undefined>;
}

/** The build's pages and what goes into them, read again whenever a deploy replaces a file. */
interface PageSources extends SpaFallbackOptions {
  /** In a language (the reader's cookie), or the default one. */
  indexHtml: (locale: string | undefined) => BuildPage | undefined;
  appHtml: (locale: string | undefined) => BuildPage | undefined;
  preloads: () => PreloadsFor | undefined;
  compressedPage: CompressedPage;
}

/**
 * The SPA fallback: every non-API GET that is not a file of the build gets the app, so client
 * routes survive a refresh. `/` gets index.html (the landing page already rendered at build
 * time), other routes app.html (the top bar and a spinner), or — a signed-in user's page the web
 * build marks `serverRendered`, or with PUBLIC_CATALOGUE a visitor's catalogue or course page —
 * the page rendered with its data; each with preloads for the API answers the page asks for first
 * and, where the web build names one and `pageImage` knows it, for its first large image, and the
 * meta tags `pageMeta` knows of it; the HTML is never cached.
 */
export function registerSpaFallback(app: FastifyInstance, options: SpaFallbackOptions) {
  const { root, page } = options;
  const sources: PageSources = {
    ...options,
    indexHtml: localizedBuildFile(root, 'index.html', page),
    appHtml: localizedBuildFile(root, 'app.html', page),
    preloads: buildFile(path.join(root, 'page-data.json'), (json): PreloadsFor => {
      try {
        return preloadsFrom(JSON.parse(json) as PageData);
      } catch (error) {
        app.log.warn({ error }, 'page-data.json is unreadable: pages are served without preloads');
        return () => undefined;
      }
    }),
    compressedPage: pageCompressor(),
  };
  app.get('/*', { schema: { hide: true } }, (request, reply) => fileOrPage(app, sources, request, reply));
}

/** A file of the build when the path names one, else the page; JSON 404 for the API's and media's paths. */
async function fileOrPage(app: FastifyInstance, sources: PageSources, request: FastifyRequest, reply: FastifyReply) {
  const { root } = sources;
  const url = request.url.split('?')[0] ?? '/';
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) return reply.callNotFound();
  const decoded = decodeURIComponent(url);
  // No file name holds a NUL byte; the file system would throw on it.
  if (decoded.includes('\0')) return reply.status(400).send({ message: 'Invalid path', id: 'bad_url' });
  // A real file (favicon, robots.txt, an asset) wins over the SPA.
  const file = path.join(root, path.normalize(decoded));
  if (file.startsWith(root + path.sep) && isFile(file)) return reply.sendFile(path.relative(root, file));
  if (url.startsWith('/assets/')) return reply.callNotFound();
  return sendPage(app, sources, request, reply, url);
}

/** The page for a client route: server-rendered, or the build's HTML, with its preloads and meta tags. */
async function sendPage(
  app: FastifyInstance,
  sources: PageSources,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
) {
  // A query string may change what the page asks for (/allcourses?category=…): no guessing.
  const preload = request.url.includes('?') ? undefined : sources.preloads()?.(url);
  // A public catalogue's pages are a visitor's too: rendered and preloaded without a session.
  // A page for everyone (`public`: the privacy page) is a visitor's whatever PUBLIC_CATALOGUE says.
  const forVisitors = (sources.publicCatalogue && !!preload?.publicCatalogue) || !!preload?.public;
  const rendered =
    preload?.serverRendered && (forVisitors || request.cookies[SESSION_COOKIE])
      ? await sources.renderOnServer(request, reply, url)
      : undefined;
  const locale = readerLocale(request, sources.root);
  const html =
    rendered?.template ??
    (url === '/' ? sources.indexHtml(locale) : (sources.appHtml(locale) ?? sources.indexHtml(locale)));
  if (html === undefined) {
    // Mid-deploy: the new build's HTML is not in place yet.
    return reply.status(503).header('retry-after', '2').send({ message: 'Kaksha is updating; try again in a moment' });
  }
  // A signed-in page's preloads need a live session; a page rendered for the user proves it (the
  // renderer asked who is signed in): no second check.
  const withPreloads =
    !!preload && (!preload.signedIn || forVisitors || !!rendered || (await hasSession(app, request)));
  const image = withPreloads ? await pageImagePreload(sources.pageImage, url, preload.image, request.log) : '';
  // A server-rendered page carries its data: only the other pages preload theirs.
  const links = withPreloads ? `${image}${rendered ? '' : preload.tags}` : '';
  const meta = await lookUpPageMeta(sources.pageMeta, url, request.log);
  let text = withPageMeta(html.html, meta).replace('</head>', () => `${links}</head>`);
  if (rendered) {
    text = text.replace(EMPTY_ROOT, () => rendered.markup);
    // Which pages were server-rendered, and at what cost: in the browser's network panel, and for benchmarks.
    reply.header('server-timing', `ssr;dur=${rendered.ms.toFixed(1)}`);
    // It holds the user's own data: no cache keeps it (not after sign-out, not on a shared machine).
    reply.header('cache-control', 'private, no-store');
  } else {
    reply.header('cache-control', 'no-cache');
  }
  return (
    reply
      .header('content-security-policy', html.csp)
      .header('vary', 'cookie, accept-language, accept-encoding')
      .type('text/html; charset=utf-8')
      // A course's page is a text of its own (its meta tags): compressed fast and not kept, like a rendered one.
      .send(await sources.compressedPage(request, reply, text, { perRequest: !!rendered || !!meta?.jsonLd }))
  );
}

/**
 * A signed-in page's preloads need a live session: a stale cookie would only waste them before
 * the page redirects. The HTML must not fail with the database, so an error counts as no session.
 */
async function hasSession(app: FastifyInstance, request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  try {
    return await hasLiveSession(app.db, token);
  } catch (error) {
    request.log.warn({ err: error }, 'session check failed: the page is served without preloads');
    return false;
  }
}
