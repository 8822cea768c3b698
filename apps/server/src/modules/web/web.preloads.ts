import { mediaSrcSet, mediaUrl, type PageData, type PageImage } from '@kaksha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from './web.head.ts';

/**
 * What a page's HTML asks for before the app runs: `<link rel="preload">` for the API answers and
 * the first large image it shows first (the web build's dist/page-data.json). Every value that
 * goes into the HTML is escaped. (Its meta tags: web.head.ts.)
 */

/** Looks up a page's first large image by path; undefined or null: none (no image preload). */
export type PageImageLookup = (path: string) => Promise<PageImage | null | undefined>;

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
 * The page at a URL: its `<link rel="preload">` tags for its API answers, whether only a signed-in
 * user sees it (or visitors too when the catalogue is public), whether the server renders it, and
 * the `sizes` of its first large image when it has one to preload (with the API's base URL).
 */
export interface PagePreloads {
  tags: string;
  signedIn: boolean;
  publicCatalogue: boolean;
  serverRendered: boolean;
  public: boolean;
  image?: { sizes: string; apiUrl: string };
}

export type PreloadsFor = (url: string) => PagePreloads | undefined;

/** The pages of dist/page-data.json, looked up by URL. */
export function preloadsFrom(pageData: PageData): PreloadsFor {
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
      return {
        tags,
        signedIn: page.signedIn ?? false,
        publicCatalogue: page.publicCatalogue ?? false,
        serverRendered: page.serverRendered ?? false,
        public: page.public ?? false,
        image,
      };
    }
    return undefined;
  };
}
