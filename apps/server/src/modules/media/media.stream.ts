import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rangeNotSatisfiable } from '../../core/errors.ts';

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header against an object of `size` bytes (RFC 9110 §14.1.2).
 * Returns null when the header should be ignored (absent, another unit, several ranges —
 * answered with the whole object), a range (end inclusive, clamped to the object), or
 * throws 416 when it is malformed or cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!match) throw rangeNotSatisfiable(size);
  if (match[1].toLowerCase() !== 'bytes') return null;
  const specs = match[2].split(',').map((s) => s.trim());
  if (specs.length !== 1) return null;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]);
  if (!spec || (spec[1] === '' && spec[2] === '')) throw rangeNotSatisfiable(size);
  if (spec[1] === '') {
    // Suffix: the last N bytes.
    const length = Number(spec[2]);
    if (length === 0 || size === 0) throw rangeNotSatisfiable(size);
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Number(spec[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) {
    throw rangeNotSatisfiable(size);
  }
  return { start, end: Math.min(end, size - 1) };
}

export interface MediaObject {
  size: number;
  mtime: Date;
  contentType: string;
  cacheControl: string;
  open: (range?: ByteRange) => Readable;
}

const etagOf = (media: MediaObject) => `"${media.size.toString(16)}-${media.mtime.getTime().toString(16)}"`;

/** Whether the client's cached copy (If-None-Match / If-Modified-Since) is still current. */
function notModified(request: FastifyRequest, etag: string, mtime: Date) {
  const inm = request.headers['if-none-match'];
  if (inm) return inm === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  const ims = request.headers['if-modified-since'];
  if (ims) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** An If-Range that no longer matches asks for the whole (changed) object instead of a part. */
function ifRangeMatches(request: FastifyRequest, etag: string, mtime: Date) {
  const header = request.headers['if-range'];
  if (!header) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const at = Date.parse(ifRange);
  return !Number.isNaN(at) && Math.floor(mtime.getTime() / 1000) === Math.floor(at / 1000);
}

/**
 * Sends a media object with validators (ETag, Last-Modified → 304), byte ranges
 * (206 with Content-Range, 416 when unsatisfiable) and HEAD support, so browsers can seek.
 */
export function sendMedia(request: FastifyRequest, reply: FastifyReply, media: MediaObject) {
  const etag = etagOf(media);
  reply.headers({
    'accept-ranges': 'bytes',
    'content-type': media.contentType,
    'cache-control': media.cacheControl,
    etag,
    'last-modified': media.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  if (notModified(request, etag, media.mtime)) return reply.status(304).send();

  const range = ifRangeMatches(request, etag, media.mtime) ? parseRange(request.headers.range, media.size) : null;
  const head = request.method === 'HEAD';
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${media.size}`)
      .header('content-length', String(range.end - range.start + 1));
    return reply.send(head ? null : media.open(range));
  }
  reply.status(200).header('content-length', String(media.size));
  if (head || media.size === 0) return reply.send(null);
  return reply.send(media.open());
}
