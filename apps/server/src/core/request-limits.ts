import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, payloadTooLarge } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Largest multipart body this route takes (default MULTIPART_MAX_BYTES): a video upload sets its own. */
    maxUploadBytes?: number;
    /**
     * The body is an upload in itself, not a form (tus PATCH, application/offset+octet-stream): timed
     * and cut at `maxUploadBytes` like a multipart upload instead of as an ordinary body.
     */
    uploadBody?: boolean;
  }
}

/** Multipart bodies of routes that do not say otherwise: one image (5 MB) and the form's fields. */
export const MULTIPART_MAX_BYTES = 8 * 1024 * 1024;
/** How often a streamed (chunked) multipart body is measured against its limit. */
const MEASURE_EVERY_MS = 200;

/**
 * Slow and oversized request bodies. Headers must arrive within REQUEST_TIMEOUT_MS (Node's
 * headersTimeout, set in app.ts); then an ordinary body within REQUEST_TIMEOUT_MS of the start,
 * and an upload (multipart) within BODY_TIMEOUT_MS plus one second per BODY_MIN_BYTES_PER_SEC
 * received, so a client dribbling bytes is cut off while a real upload on a slow line is not;
 * and an upload that receives nothing for BODY_IDLE_TIMEOUT_MS is cut off however much credit it
 * earned before (a fast burst then silence would otherwise hold the socket and its .part for hours).
 * A multipart body is also cut at its route's size limit, whether or not it ever names a part.
 * Bytes are counted on the socket: listening to the request stream here would steal its data.
 */
export const requestLimitsPlugin = fp(
  async (app) => {
    const { requestTimeoutMs, bodyTimeoutMs, bodyMinBytesPerSec, bodyIdleTimeoutMs } = app.config;

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const socket = raw.socket;
      if (raw.complete || !socket || !hasBody(request)) return;
      const routeConfig = request.routeOptions.config;
      const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '') || routeConfig?.uploadBody === true;
      const maxBytes = routeConfig?.maxUploadBytes ?? MULTIPART_MAX_BYTES;
      const declared = Number(request.headers['content-length']);
      if (multipart && declared > maxBytes) throw payloadTooLarge({ id: 'upload_too_large', message: TOO_LARGE });

      const started = Date.now();
      // (An injected request's stand-in socket counts nothing.)
      const bytesRead = () => socket.bytesRead || 0;
      const baseline = bytesRead();
      // Progress is sampled at each check, so silence is noticed between one and two idle limits.
      let lastBytes = baseline;
      let lastProgress = started;
      const deadline = () => {
        if (!multipart) return started + requestTimeoutMs;
        const now = Date.now();
        if (bytesRead() !== lastBytes) {
          lastBytes = bytesRead();
          lastProgress = now;
        }
        const received = lastBytes - baseline;
        return Math.min(
          started + bodyTimeoutMs + (received / bodyMinBytesPerSec) * 1000,
          lastProgress + bodyIdleTimeoutMs,
        );
      };
      const measure = multipart && !(declared >= 0);
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        timer = undefined;
        if (raw.complete || socket.destroyed || reply.sent) return;
        if (measure && bytesRead() - baseline > maxBytes)
          return stop(request, reply, payloadTooLarge({ id: 'upload_too_large', message: TOO_LARGE }));
        const left = deadline() - Date.now();
        if (left <= 0) return stop(request, reply, new AppError(408, 'request_timeout', TOO_SLOW));
        timer = setTimeout(check, measure ? Math.min(left, MEASURE_EVERY_MS) : left);
      };
      timer = setTimeout(check, measure ? MEASURE_EVERY_MS : deadline() - Date.now());
      const clear = () => timer && clearTimeout(timer);
      raw.once('end', clear);
      reply.raw.once('close', clear);
    });

    // Answering before the body has been read (an error, a refusal): close the connection, or
    // Node would read the rest of the body, however large, to keep the connection reusable.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.raw.complete) {
        reply.header('connection', 'close');
        if (request.raw.socket) lingerOnClose(request.raw.socket);
      }
      return payload;
    });
  },
  { name: 'request-limits' },
);

/** How long a closing connection still takes in (and drops) what the client is sending. */
const LINGER_MS = 1000;

/**
 * Closing a socket that still has unread bytes sends a TCP reset, and a reset can make the
 * client drop the answer it has not read yet (the 413 or 408 that explains why). So, as Go's
 * server does, half-close first and destroy a little later, while the rest is read and dropped.
 */
function lingerOnClose(socket: Socket) {
  const lingering = socket as Socket & { [LINGER]?: true };
  if (lingering[LINGER]) return;
  lingering[LINGER] = true;
  socket.destroySoon = function destroySoon(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
const LINGER = Symbol('lingering close');

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const TOO_LARGE = 'The upload is too large';
const TOO_SLOW = 'The request took too long to arrive; please try again';

/** Answers (when nothing has been sent yet) with Connection: close, which ends the body read. */
function stop(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  request.log.info({ status: error.statusCode }, 'request body cut off');
  if (reply.sent) {
    request.raw.socket?.destroy();
    return;
  }
  reply.status(error.statusCode).header('connection', 'close').send({ message: error.message, id: error.id });
}
