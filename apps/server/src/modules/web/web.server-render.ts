import path from 'node:path';
import type { PageRenderer } from '@kaksha/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildModule } from './web.assets.ts';
import { scriptJson } from './web.head.ts';
import { localizedBuildFile, readerLocale } from './web.locale.ts';

/**
 * Server-rendered pages (ADR 0014): a signed-in user's page (with PUBLIC_CATALOGUE, a visitor's
 * catalogue or course page too) rendered by the web build's server renderer
 * (apps/web/src/prerender.tsx, built to dist-ssr/ beside dist/, never served), its API answers
 * given by this server in-process, as the user.
 */

/** Where a server-rendered page goes into dist/page.html. */
export const EMPTY_ROOT = '<div id="root"></div>';

/** Statuses whose answers never have a body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** An HTML page of the build with the CSP that allows by hash what the build inlined into it. */
export interface BuildPage {
  html: string;
  csp: string;
}

/** A page rendered for one request: the template it goes into, `#root` with its state after it, and what it cost. */
export interface ServerRendered {
  template: BuildPage;
  markup: string;
  ms: number;
}

/**
 * The server renderer of the build at `root`, at most `atOnce` pages at a time. It answers
 * undefined when the build has no renderer, the renderer renders nothing for this page, anything
 * fails (the page must not fail with it: the app then renders it as before), or `atOnce` pages are
 * being rendered already: a server-rendered page costs the server about 2.5× the app's page and its
 * API answers, so under load the CPU goes to answers.
 */
export function serverRenderer(
  app: FastifyInstance,
  { root, page, atOnce }: { root: string; page: (html: string) => BuildPage; atOnce: number },
) {
  const emptyPageHtml = localizedBuildFile(root, 'page.html', page);
  const renderer = buildModule<PageRenderer<Response>>(path.join(root, '..', 'dist-ssr', 'prerender.js'), app.log);
  let rendering = 0;

  return async function renderOnServer(
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
  ): Promise<ServerRendered | undefined> {
    if (rendering >= atOnce) return undefined;
    rendering++;
    const started = performance.now();
    try {
      // In the reader's language: its page's <html lang> and the app's texts.
      const locale = readerLocale(request, root);
      const template = emptyPageHtml(locale);
      const pages = await renderer();
      if (!template?.html.includes(EMPTY_ROOT) || !pages) return undefined;
      const rendered = await pages.renderPage(url, (apiPath) => answerInProcess(app, request, reply, apiPath), locale);
      if (!rendered) return undefined;
      const state = `<script type="application/json" id="${pages.PAGE_STATE_ID}">${scriptJson(rendered.data)}</script>`;
      return { template, markup: `<div id="root">${rendered.html}</div>${state}`, ms: performance.now() - started };
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering failed: the app renders the page instead');
      return undefined;
    } finally {
      rendering--;
    }
  };
}

/**
 * An API answer for the page's renderer, from this server, as the page's user. A cookie it sets
 * (a session renewed or ended) goes to the browser with the page, as it would have with the
 * app's own request: the session is renewed in the database only once.
 */
async function answerInProcess(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, apiPath: string) {
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
