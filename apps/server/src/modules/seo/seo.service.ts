/*
 * The seo module's public face: what app.ts hands the web plugin, the head (title, description,
 * Open Graph, JSON-LD) of the public catalogue's pages. Its routes (robots.txt, the sitemap) are
 * in seo.routes.ts.
 */
export { cataloguePageHeads, type PageHead } from './seo.head.ts';
