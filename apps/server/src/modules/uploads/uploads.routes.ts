import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@kaksha/contracts';
import { Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sweepPeriodically } from '../../core/partial-uploads.ts';
import { presentLecture } from '../courses/courses.service.ts';
import { attachLectureVideo, lectureCaptionRows, loadOwnedLecture } from '../lectures/lectures.service.ts';
import { assertVideoContent, SNIFF_BYTES } from '../media/media.service.ts';
import {
  formatBytes,
  INTERNAL,
  isUploadId,
  LectureUploadStore,
  sweepStaleUploads,
  TUS_PATH,
  toTusError,
  tusError,
  UPLOAD_NOT_FOUND,
  uploadMetadata,
  VIDEO_UPLOADS_PER_USER,
} from './uploads.service.ts';

/** The request as the tus hooks see it: a web Request carrying Node's own (srvx). */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

/**
 * Resumable lecture-video uploads: the tus 1.0 protocol (creation, termination) at /api/uploads
 * (mounted there by app.ts). Educators only, each upload only by the user who created it;
 * Upload-Metadata names the `lectureId` (its creator's), `filename` and `filetype`. Parts are kept
 * under DATA_DIR/uploads (whatever STORAGE is); when the last byte arrives the file is checked by
 * content and stored as the lecture's video exactly as editlecture's would be, and the PATCH is
 * answered 200 with the lecture, like editlecture. Errors are `{message, id}` JSON bodies.
 * Uploads nothing wrote to for PARTIAL_UPLOAD_MAX_AGE_MS are removed.
 */
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

const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const dir = path.join(config.dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const datastore = new LectureUploadStore({ directory: dir });
  // What we offer: a known length at creation (checked against the limit), no expiry by creation
  // time (a long upload on a slow line must not expire while it runs; the sweep below goes by activity).
  datastore.extensions = ['creation', 'creation-with-upload', 'termination'];
  const tooLarge = `Videos must be ${formatBytes(config.maxVideoBytes)} or smaller`;
  const uploads = app.limiter({ name: 'video-upload', ...VIDEO_UPLOADS_PER_USER, key: (r) => r.user?.id ?? null });

  // Uploads whose first bytes said "video" (in this process; checked again when they finish).
  const sniffed = new Set<string>();
  // The Fastify request behind each tus request (its user was resolved from the session cookie).
  const requests = new WeakMap<object, FastifyRequest>();
  const requestOf = (req: TusRequest) => {
    const raw = req.runtime?.node?.req;
    const request = raw && requests.get(raw);
    if (!request?.user) throw tusError(401, 'unauthorized', 'Please log in to continue');
    return { request, user: request.user };
  };
  const guard = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw toTusError(error, tooLarge) ?? error;
    }
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: config.maxVideoBytes,
    // `/api/uploads/<id>`: right behind any proxy, whatever host or scheme it forwards.
    relativeLocation: true,
    allowedOrigins: config.allowedOrigins,
    allowedCredentials: true,
    // Every request but creation names an upload: only its creator may see, resume or end it.
    onIncomingRequest: (req, id) =>
      guard(async () => {
        const { user } = requestOf(req);
        if (req.method === 'POST') return;
        const upload = isUploadId(id) ? await datastore.getUpload(id).catch(() => null) : null;
        if (!upload || upload.metadata?.userId !== user.id) throw tusError(404, 'not_found', UPLOAD_NOT_FOUND);
        if (req.method === 'DELETE') sniffed.delete(id);
        // Stored already: HEAD says complete, DELETE forgets it (the lecture keeps its video), no more bytes.
        if (req.method === 'PATCH' && datastore.isFinished(upload)) {
          throw tusError(409, 'conflict', 'This upload is already complete');
        }
        // Once its first bytes are in, a file that is no video is refused at its next chunk, not at its end.
        if (req.method === 'PATCH' && upload.offset >= SNIFF_BYTES && !sniffed.has(id)) {
          await assertVideoContent(await readHead(path.join(dir, id))).catch(async (error) => {
            await datastore.remove(id).catch(() => undefined);
            throw error;
          });
          sniffed.add(id);
        }
      }),
    // Creation: a known length within the limit, for a lecture of the user's own course.
    onUploadCreate: (req, upload) =>
      guard(async () => {
        const { request, user } = requestOf(req);
        if (upload.sizeIsDeferred) throw tusError(400, 'bad_request', 'Upload-Length is required');
        const lectureId = upload.metadata?.lectureId;
        if (!lectureId) throw tusError(400, 'bad_request', 'Upload-Metadata must name the lectureId');
        const lecture = await loadOwnedLecture(app.db, lectureId, user.id);
        await uploads.hit(request);
        return { metadata: uploadMetadata(upload.metadata, lecture.id, user.id) };
      }),
    // The last byte is in: the file becomes the lecture's video (or is refused), and the upload goes.
    onUploadFinish: (req, upload) => guard(() => finish(req, upload)),
    onResponseError(req, error) {
      const mapped = toTusError(error, tooLarge);
      if (mapped && mapped.status_code < 500) return mapped;
      const raw = req.runtime?.node?.req;
      const log = (raw && requests.get(raw)?.log) || app.log;
      log.error({ err: error }, 'resumable upload failed');
      return INTERNAL;
    },
  });

  async function finish(req: TusRequest, upload: Upload) {
    const { request, user } = requestOf(req);
    const lectureId = upload.metadata?.lectureId ?? '';
    try {
      const file = createReadStream(path.join(dir, upload.id));
      const videos = { jobs: app.jobs, video: config.video };
      const source = { file, maxBytes: config.maxVideoBytes };
      const edited = await attachLectureVideo(app.db, app.storage, request.log, lectureId, user.id, source, videos);
      const presented = presentLecture(edited, await lectureCaptionRows(app.db, edited.id));
      // The parts go; a record stays so that HEAD answers "complete" to a client that lost this answer.
      await datastore.markFinished(upload.id).catch((err) => request.log.warn({ err }, 'finished upload not removed'));
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ ...presented, lecture: presented, message: MESSAGES.lectureUpdated }),
      };
    } catch (error) {
      // Refused (not a video, the lecture gone) or failed: the parts are done with; the client starts over.
      await datastore.remove(upload.id).catch((err) => request.log.warn({ err }, 'refused upload not removed'));
      throw error;
    } finally {
      sniffed.delete(upload.id);
    }
  }

  // PATCH bodies go to tus untouched.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Preflights carry no cookie; everything else needs a signed-in educator (401/403 as JSON).
    if (request.method !== 'OPTIONS') await app.requireEducator(request);
    requests.set(request.raw, request);
    // Headers the app's hooks meant for this answer (a renewed session cookie, security headers).
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    for (const [name, value] of Object.entries(app.securityHeaders)) reply.raw.setHeader(name, value);
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'resumable upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end(INTERNAL.body);
    }
  };
  const route = {
    method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    // PATCH bodies are the video's bytes: timed and limited like a multipart upload (core/request-limits.ts).
    config: { uploadBody: true, maxUploadBytes: config.maxVideoBytes + 1024 * 1024 },
    schema: { hide: true },
    handler: handle,
  } as const;
  app.route({ ...route, method: [...route.method], url: '/' });
  app.route({ ...route, method: [...route.method], url: '/:uploadId' });

  // Abandoned uploads, by last activity.
  await sweepPeriodically(app, 'abandoned resumable uploads', (maxAge) => sweepStaleUploads(dir, maxAge));
};

export default uploadsRoutes;
