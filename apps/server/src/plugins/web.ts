import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a
 * year, index.html never cached, and every non-API GET that is not a file falls back to
 * the SPA so client routes survive a refresh.
 */
export const webPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: false,
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
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
