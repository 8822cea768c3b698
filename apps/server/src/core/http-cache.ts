import fastifyEtag from '@fastify/etag';
import fp from 'fastify-plugin';

/**
 * Revalidation for everything the server answers from memory (API JSON, the app's HTML): a
 * weak ETag (hash of the body; weak because the same body goes out as br, gzip or plain), and
 * 304 with no body when a GET's successful answer still matches the browser's copy. Never for
 * other methods (their effects have happened) or errors. API answers default to
 * `private, no-cache`: the browser may keep them (they depend on who is signed in) but asks
 * every time, so a refetch of an unchanged catalogue costs a few bytes instead of the whole
 * list. Routes that set their own Cache-Control keep it.
 * Register before compression: the ETag is of the uncompressed body.
 */
export const httpCachePlugin = fp(
  async (app) => {
    await app.register(fastifyEtag, { weak: true, replyWith304: false });
    app.addHook('onSend', async (request, reply, payload) => {
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (!read) return payload;
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'private, no-cache');
      }
      const etag = reply.getHeader('etag');
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      if (ok && typeof etag === 'string' && etagMatches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        // null, not '': a 304 must not say Content-Length: 0 (RFC 9110 §8.6).
        return null;
      }
      return payload;
    });
  },
  { name: 'http-cache' },
);

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x"; `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
