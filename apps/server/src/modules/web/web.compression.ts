import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../../core/snapshots.ts';

/** Distinct pages (landing, app shell, each with its preloads) kept compressed. */
const COMPRESSED_PAGES_MAX = 256;

const brotli = (text: Buffer, quality: number) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(
      text,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );
const gzip = (text: Buffer, level: number) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.gzip(text, { level }, (error, out) => (error ? reject(error) : resolve(out))),
  );

/**
 * The pages' HTML compressed once per distinct text (brotli at its best quality, gzip), not for
 * every request: a page differs only by its preloads and meta tags, so a handful of texts repeat.
 * A page rendered for one user (`perRequest`) never repeats: compressed fast, in the encoding
 * asked, and not kept. Sets Content-Encoding; answers the body to send.
 */
export function pageCompressor() {
  const compressedPages = new Map<string, Promise<{ br: Buffer; gzip: Buffer }>>();
  return async function compressedPage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    { perRequest }: { perRequest: boolean },
  ) {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return html;
    reply.header('content-encoding', encoding);
    if (perRequest) return encoding === 'br' ? brotli(Buffer.from(html), 5) : gzip(Buffer.from(html), 6);
    let compressed = compressedPages.get(html);
    if (!compressed) {
      if (compressedPages.size >= COMPRESSED_PAGES_MAX) {
        compressedPages.delete(compressedPages.keys().next().value ?? '');
      }
      const text = Buffer.from(html);
      compressed = Promise.all([brotli(text, 11), gzip(text, 9)]).then(([br, gz]) => ({ br, gzip: gz }));
      compressedPages.set(html, compressed);
      compressed.catch(() => compressedPages.delete(html));
    }
    return (await compressed)[encoding];
  };
}

export type CompressedPage = ReturnType<typeof pageCompressor>;
