import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { inlineHashes } from '../../core/security-headers.ts';
import { serveBuildFiles } from './web.assets.ts';
import { registerSpaFallback } from './web.fallback.ts';
import type { PageMetaLookup } from './web.head.ts';
import type { PageImageLookup } from './web.preloads.ts';
import { serverRenderer } from './web.server-render.ts';

export interface WebOptions {
  /** The web build's dist/ (its server renderer is in dist-ssr/ beside it). */
  root: string;
  /**
   * A page's meta tags (certificates' Open Graph; the public catalogue's title, description, Open
   * Graph and JSON-LD), passed in by app.ts: this module imports no other.
   */
  pageMeta?: PageMetaLookup;
  /** A page's first large image (courses), likewise. */
  pageImage?: PageImageLookup;
  /** Signed-in pages rendered on the server at once (SERVER_RENDERED_PAGES_AT_ONCE; 0: never). */
  serverRenderedPagesAtOnce: number;
  /** PUBLIC_CATALOGUE: visitors get the catalogue and course pages too (rendered, preloaded). */
  publicCatalogue?: boolean;
}

/**
 * The web app from the same origin as the API (registered last by app.ts): the build's files
 * (web.assets.ts), and the SPA fallback for client routes (web.fallback.ts) with their preloads
 * (web.preloads.ts), compressed (web.compression.ts), server-rendered where the build says so
 * (web.server-render.ts). Without a build only the API is served.
 */
export default fp<WebOptions>(
  async (app, { root, pageMeta, pageImage, serverRenderedPagesAtOnce, publicCatalogue = false }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
      return;
    }
    // Each page with its CSP, which allows by hash whatever the build inlined into it.
    const page = (html: string) => ({ html, csp: app.contentSecurityPolicy(inlineHashes(html)) });
    await serveBuildFiles(app, root);
    const renderOnServer = serverRenderer(app, { root, page, atOnce: serverRenderedPagesAtOnce });
    registerSpaFallback(app, { root, page, pageMeta, pageImage, publicCatalogue, renderOnServer });
  },
  { name: 'web', dependencies: ['db', 'security-headers'] },
);
