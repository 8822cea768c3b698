import { open } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { MESSAGES } from '@kaksha/contracts';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Limiter } from '../../core/rate-limit.ts';
import { presentLecture } from '../courses/courses.service.ts';
import { lectureCaptionRows, loadOwnedLecture } from '../lectures/lectures.service.ts';
import { assertVideoContent, SNIFF_BYTES, videoTooLargeMessage } from '../media/media.service.ts';
import type { ResumableUploads } from './uploads.background.ts';
import {
  assertTusRequest,
  INTERNAL,
  isUploadId,
  TUS_PATH,
  toTusError,
  tusError,
  UPLOAD_NOT_FOUND,
  uploadMetadata,
  VIDEO_UPLOADS_PER_USER,
} from './uploads.service.ts';

/** app.ts registers it before these routes: the store they serve from, and the recovery and sweep. */
export { uploadsBackgroundPlugin } from './uploads.background.ts';

/** The request as the tus hooks see it: a web Request carrying Node's own (srvx). */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

/** A file's first SNIFF_BYTES (fewer if it is shorter). */
async function readHead(file: string) {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * tus writes every answer's body as text; ours, for every error (mapped in onResponseError), are
 * the API's `{message, id}` JSON, so their Content-Type says so.
 */
function jsonErrors(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find(Array.isArray) as unknown[] | undefined;
    if (status >= 400 && headers) {
      for (let i = 0; i < headers.length; i += 2) {
        if (String(headers[i]).toLowerCase() === 'content-type') headers[i + 1] = 'application/json; charset=utf-8';
      }
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}

/**
 * Resumable lecture-video uploads: the tus 1.0 protocol (creation, termination) at /api/uploads
 * (mounted there by app.ts). Educators only, each upload only by the user who created it;
 * Upload-Metadata names the `lectureId` (its creator's), `filename` and `filetype`. Parts are kept
 * under DATA_DIR/uploads (whatever STORAGE is); when the last byte arrives the file is checked by
 * content and stored as the lecture's video exactly as editlecture's would be, and the PATCH is
 * answered 200 with the lecture, like editlecture. An upload whose bytes are all there but which
 * was not stored (the process died in between) is finished at start-up, by the periodic sweep and
 * by any HEAD or PATCH that finds it, so HEAD never says "complete" before the lecture has it
 * (uploads.service.ts `uploadCompletion`). Errors are `{message, id}` JSON bodies, 4xx for
 * anything the client got wrong. The folder, its store and that completion, and the background
 * recovery and sweep (uploads nothing wrote to for PARTIAL_UPLOAD_MAX_AGE_MS are removed) are
 * uploads.background.ts's, which app.ts registers before these routes.
 */
const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const ctx: UploadsContext = {
    app,
    ...app.resumableUploads,
    tooLarge: videoTooLargeMessage(app.config.maxVideoBytes),
    uploads: app.limiter({ name: 'video-upload', ...VIDEO_UPLOADS_PER_USER, key: (r) => r.user?.id ?? null }),
    sniffed: new Set(),
    requests: new WeakMap(),
  };
  const tus = tusServer(ctx);

  // Bodies go to tus untouched, whatever their type (a PATCH of another type is refused, not parsed).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const route = {
    method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    // PATCH bodies are the video's bytes: timed and limited like a multipart upload (core/request-limits.ts).
    config: { uploadBody: true, maxUploadBytes: app.config.maxVideoBytes + 1024 * 1024 },
    schema: { hide: true },
    handler: (request: FastifyRequest, reply: FastifyReply) => handOver(ctx, tus, request, reply),
  } as const;
  app.route({ ...route, method: [...route.method], url: '/' });
  app.route({ ...route, method: [...route.method], url: '/:uploadId' });
};

interface UploadsContext extends ResumableUploads {
  app: FastifyInstance;
  /** The answer to a video over MAX_VIDEO_BYTES. */
  tooLarge: string;
  /** Upload creations per user (VIDEO_UPLOADS_PER_USER). */
  uploads: Limiter;
  /** Uploads whose first bytes said "video" (in this process; checked again when they finish). */
  sniffed: Set<string>;
  /** The Fastify request behind each tus request (its user was resolved from the session cookie). */
  requests: WeakMap<object, FastifyRequest>;
}

/** The tus server on the uploads folder, with our checks at each of its hooks. */
function tusServer(ctx: UploadsContext) {
  const { app, datastore } = ctx;
  return new Server({
    path: TUS_PATH,
    datastore,
    maxSize: app.config.maxVideoBytes,
    // `/api/uploads/<id>`: right behind any proxy, whatever host or scheme it forwards.
    relativeLocation: true,
    allowedOrigins: app.config.allowedOrigins,
    allowedCredentials: true,
    onIncomingRequest: (req, id) => guard(ctx, () => admitRequest(ctx, req, id)),
    onUploadCreate: (req, upload) => guard(ctx, () => admitCreation(ctx, req, upload)),
    // The last byte is in: the file becomes the lecture's video (or is refused), and the parts go.
    onUploadFinish: (req, upload) => guard(ctx, () => finishUpload(ctx, req, upload)),
    onResponseError(req, error) {
      const mapped = toTusError(error, ctx.tooLarge);
      if (mapped && mapped.status_code < 500) return mapped;
      const raw = req.runtime?.node?.req;
      const log = (raw && ctx.requests.get(raw)?.log) || app.log;
      log.error({ err: error }, 'resumable upload failed');
      return INTERNAL;
    },
  });
}

/** The signed-in user behind a tus request (401 without one). */
function requestOf(ctx: UploadsContext, req: TusRequest) {
  const raw = req.runtime?.node?.req;
  const request = raw && ctx.requests.get(raw);
  if (!request?.user) throw tusError(401, 'unauthorized', 'Please log in to continue');
  return { request, user: request.user };
}

/** Our errors as tus answers (`{message, id}` with their status). */
async function guard<T>(ctx: UploadsContext, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    throw toTusError(error, ctx.tooLarge) ?? error;
  }
}

/** Every request but creation names an upload: only its creator may see, resume or end it. */
async function admitRequest(ctx: UploadsContext, req: TusRequest, id: string) {
  const { datastore, completion, sniffed } = ctx;
  const { request, user } = requestOf(ctx, req);
  if (req.method === 'POST') return;
  const upload = isUploadId(id) ? await datastore.getUpload(id).catch(() => null) : null;
  if (!upload || upload.metadata?.userId !== user.id) throw tusError(404, 'not_found', UPLOAD_NOT_FOUND);
  if (req.method === 'DELETE') {
    sniffed.delete(id);
    await completion.beforeRemoval(id);
    return;
  }
  // Every byte is there but it was never stored (the process died in between): finish it
  // first, so that HEAD says "complete" only once the lecture has the video.
  if (datastore.isComplete(upload)) await completion.finish(id, request.log);
  // Stored already: HEAD says complete, DELETE forgets it (the lecture keeps its video), no more bytes.
  if (req.method === 'PATCH' && (datastore.isComplete(upload) || datastore.isFinished(upload))) {
    throw tusError(409, 'conflict', 'This upload is already complete');
  }
  // Once its first bytes are in, a file that is no video is refused at its next chunk, not at its end.
  if (req.method === 'PATCH' && upload.offset >= SNIFF_BYTES && !sniffed.has(id)) {
    await assertVideoContent(await readHead(datastore.dataFile(id))).catch(async (error) => {
      await datastore.remove(id).catch(() => undefined);
      throw error;
    });
    sniffed.add(id);
  }
}

/** Creation: a known length within the limit, for a lecture of the user's own course. */
async function admitCreation(ctx: UploadsContext, req: TusRequest, upload: Upload) {
  const { request, user } = requestOf(ctx, req);
  const lectureId = upload.metadata?.lectureId;
  if (!lectureId) throw tusError(400, 'bad_request', 'Upload-Metadata must name the lectureId');
  const lecture = await loadOwnedLecture(ctx.app.db, lectureId, user.id);
  await ctx.uploads.hit(request);
  return { metadata: uploadMetadata(upload.metadata, lecture.id, user.id) };
}

/** The finished upload stored as the lecture's video; the last PATCH answered with the lecture, as editlecture answers. */
async function finishUpload(ctx: UploadsContext, req: TusRequest, upload: Upload) {
  const { request } = requestOf(ctx, req);
  try {
    const lecture = await ctx.completion.finish(upload.id, request.log);
    const presented = presentLecture(lecture, await lectureCaptionRows(ctx.app.db, lecture.id));
    return {
      status_code: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ ...presented, lecture: presented, message: MESSAGES.lectureUpdated }),
    };
  } finally {
    ctx.sniffed.delete(upload.id);
  }
}

/** Checks what tus does not (the user, the request's shape), then hands the raw request to tus. */
async function handOver(ctx: UploadsContext, tus: Server, request: FastifyRequest, reply: FastifyReply) {
  const { app } = ctx;
  // Preflights carry no cookie; everything else needs a signed-in educator (401/403 as JSON).
  if (request.method !== 'OPTIONS') await app.requireEducator(request);
  // Malformed or unsupported tus requests: a 4xx with a sentence, before tus sees them.
  assertTusRequest(request.method, request.headers);
  ctx.requests.set(request.raw, request);
  // Headers the app's hooks meant for this answer (a renewed session cookie, security headers).
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
  }
  for (const [name, value] of Object.entries(app.securityHeaders)) reply.raw.setHeader(name, value);
  jsonErrors(reply.raw);
  reply.hijack();
  try {
    await tus.handle(request.raw, reply.raw);
  } catch (error) {
    request.log.error({ err: error }, 'resumable upload failed');
    if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    reply.raw.end(INTERNAL.body);
  }
}

export default uploadsRoutes;
