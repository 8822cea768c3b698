import type { FastifyBaseLogger } from 'fastify';

/**
 * What a page's HTML says of it before the app runs, for link previews and search engines: Open
 * Graph tags, and for a page that is listed (the public catalogue) its own `<title>`, description,
 * canonical link and schema.org JSON-LD in place of the build's. Every value is escaped for where
 * it goes.
 */

/** A page's facts, looked up by its path (certificates, the public catalogue: passed in by app.ts). */
export interface PageMeta {
  /** og:title. */
  title: string;
  /** og:description (and the meta description of a listed page). */
  description: string;
  /** Absolute: og:url (and the canonical link of a listed page). */
  url: string;
  /** Absolute URL of the picture link previews show; none when null or absent. */
  image?: string | null;
  /** og:type; `website` when absent. */
  type?: string;
  /**
   * A listed page's `<title>`: with it the build's title and description are replaced and a
   * canonical link added; without it (a certificate) only the Open Graph tags are.
   */
  documentTitle?: string;
  /** schema.org data, as `<script type="application/ld+json">`. */
  jsonLd?: Record<string, unknown>;
}

/** Looks up a page's facts by path; undefined or null: none (plain HTML). */
export type PageMetaLookup = (path: string) => Promise<PageMeta | null | undefined>;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `<meta property="og:…">` tags, every value escaped. */
export const openGraphTags = (meta: PageMeta) =>
  [
    ['og:type', meta.type ?? 'website'],
    ['og:site_name', 'Kaksha'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ...(meta.image ? [['og:image', meta.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
    .join('');

/**
 * JSON inside a `<script>` element: `<`, `>` and `&` as JSON escapes, so no text in it (a course
 * title of `</script><script>…` or `<!--`) can end the element or open a comment; U+2028/2029 too,
 * for readers that take it for JavaScript. JSON.parse reads every one back.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Puts a page's facts into its HTML: Open Graph tags always; title, description, canonical and JSON-LD for a listed page. */
export function withPageMeta(html: string, meta: PageMeta | null | undefined) {
  if (!meta) return html;
  let tags = openGraphTags(meta);
  let page = html;
  if (meta.documentTitle) {
    const title = `<title>${escapeHtml(meta.documentTitle)}</title>`;
    const description = `<meta name="description" content="${escapeHtml(meta.description)}">`;
    // The build's own are taken out (one of each in a page); a build without them just gets these.
    page = page.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
    tags = `${title}${description}<link rel="canonical" href="${escapeHtml(meta.url)}">${tags}`;
  }
  if (meta.jsonLd) tags += `<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`;
  return page.replace('</head>', () => `${tags}</head>`);
}

/** A page's facts; a failed lookup only leaves them out (the page must not fail). */
export async function lookUpPageMeta(lookup: PageMetaLookup | undefined, url: string, log: FastifyBaseLogger) {
  if (!lookup) return null;
  try {
    return (await lookup(url)) ?? null;
  } catch (error) {
    log.warn({ err: error }, 'page meta lookup failed: the page is served without its meta tags');
    return null;
  }
}
