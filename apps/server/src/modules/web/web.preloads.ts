import { mediaSrcSet, mediaUrl, type PageData, type PageImage } from '@kaksha/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What a page's HTML says about it before the app runs: `<link rel="preload">` for the API answers
 * and the first large image it shows first (the web build's dist/page-data.json), and Open Graph
 * tags for link previews. Every value that goes into the HTML is escaped.
 */

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

/** A page's Open Graph tags; a failed lookup only leaves them out (the page must not fail). */
export async function pageMetaTags(lookup: PageMetaLookup | undefined, url: string, log: FastifyBaseLogger) {
  if (!lookup) return '';
  try {
    const meta = await lookup(url);
    return meta ? openGraphTags(meta) : '';
  } catch (error) {
    log.warn({ err: error }, 'page meta lookup failed: the page is served without Open Graph tags');
    return '';
  }
}

/** A route's `:param`s match one id-like path segment each; anything else gets no preloads. */
const routePattern = (route: string) =>
  new RegExp(`^${route.replace(/:(\w+)/g, '(?<$1>[A-Za-z0-9_-]+)').replace(/\//g, '\\/')}$`);

/**
 * The page at a URL: its `<link rel="preload">` tags for its API answers, whether only a signed-in
 * user sees it, whether the server renders it, and the `sizes` of its first large image when it
 * has one to preload (with the API's base URL).
 */
export interface PagePreloads {
  tags: string;
  signedIn: boolean;
  serverRendered: boolean;
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
      return { tags, signedIn: page.signedIn ?? false, serverRendered: page.serverRendered ?? false, image };
    }
    return undefined;
  };
}
