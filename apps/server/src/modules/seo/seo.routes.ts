import { Readable } from 'node:stream';
import { text } from '@kaksha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagMatches } from '../../core/http-cache.ts';
import { robotsTxt, sitemapIndex, sitemapPlan, sitemapUrls } from './seo.sitemap.ts';

const XML = 'application/xml; charset=utf-8';
/** `/sitemap/{n}.xml`, n from 1. */
const SITEMAP_FILE = /^([1-9][0-9]{0,5})\.xml$/;

/**
 * `/robots.txt` and `/sitemap.xml` (with `/sitemap/{n}.xml` past the protocol's 50,000 URLs a
 * file), for search engines. With PUBLIC_CATALOGUE off the site has no public catalogue: robots.txt
 * disallows everything and there is no sitemap (404). Registered at the root, before the web app.
 */
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl, publicCatalogue } = app.config;
  const robots = robotsTxt(publicUrl, publicCatalogue);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  /**
   * A sitemap is as fresh as the catalogue version (every publish, unpublish or edit moves it): its
   * ETag, so a crawler's revalidation costs one read and no listing.
   */
  const unchanged = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const etag = `W/"${name}-v${await app.catalogVersion()}"`;
    reply.header('etag', etag).header('cache-control', 'public, no-cache').type(XML);
    return etagMatches(request.headers['if-none-match'], etag);
  };

  // Registered either way: with the catalogue closed they are 404s, not the web app's page.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    if (!publicCatalogue) return reply.callNotFound();
    if (await unchanged(request, reply, 'sitemap')) return reply.code(304).send();
    const { files } = await sitemapPlan(app.db);
    if (files > 1) return reply.send(sitemapIndex(publicUrl, files));
    return reply.send(Readable.from(sitemapUrls(app.db, publicUrl)));
  });

  app.get(
    '/sitemap/:file',
    { schema: { hide: true, params: z.object({ file: text('file') }) } },
    async (request, reply) => {
      const number = SITEMAP_FILE.exec(request.params.file)?.[1];
      const file = number ? Number(number) : 0;
      if (!publicCatalogue || !file) return reply.callNotFound();
      // Numbered files exist only while /sitemap.xml is their index: one list of the catalogue, in one place.
      const { files } = await sitemapPlan(app.db);
      if (files < 2 || file > files) return reply.callNotFound();
      if (await unchanged(request, reply, `sitemap-${file}`)) return reply.code(304).send();
      return reply.send(Readable.from(sitemapUrls(app.db, publicUrl, { file })));
    },
  );
};

export default seoRoutes;
