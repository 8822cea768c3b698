import { randomUUID } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorId, ErrorParams } from '@kaksha/contracts';
import { FileStore } from '@tus/file-store';
import { ERRORS, Metadata, TUS_RESUMABLE, Upload } from '@tus/server';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import { videoUploads } from '../../core/db/schema/index.ts';
import { AppError, badRequest, unsupportedMedia } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';
import { attachStoredVideo, type LectureRow, loadOwnedLecture } from '../lectures/lectures.service.ts';
import {
  lectureVideoPrefix,
  removeVideo,
  type StoredVideo,
  storeVideo,
  type VideoPipeline,
} from '../media/media.service.ts';

/**
 * Resumable lecture-video uploads (tus 1.0, `@tus/server` with `@tus/file-store`): the parts of
 * this module that know nothing of HTTP. The routes (uploads.routes.ts) mount the tus server.
 */

/** Where tus answers; an upload's URL is this plus its id. */
export const TUS_PATH = '/api/uploads';

/** The tus extensions we offer (and name when refusing another): a known length, no expiry by creation time. */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination'];
const TUS_EXTENSION_HEADER = { 'tus-extension': TUS_EXTENSIONS.join(',') };
const PATCH_TYPE = 'application/offset+octet-stream';

/** Upload ids as `@tus/server` names them (16 random bytes, hex); anything else is not one of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
export const isUploadId = (id: string) => UPLOAD_ID.test(id);

/** New resumable uploads a user may start, as many as images (media's IMAGE_UPLOADS_PER_USER). */
export const VIDEO_UPLOADS_PER_USER = { max: 20, windowMs: 10 * 60 * 1000 };

/** Longest file name kept in an upload's metadata. */
const NAME_MAX = 255;

/** An error as the tus server answers it: a status and a body, here the API's `{message, id}` as JSON. */
export interface TusError {
  status_code: number;
  body: string;
}

export const tusError = (status: number, id: ErrorId, message: string, params?: ErrorParams): TusError => ({
  status_code: status,
  body: JSON.stringify({ message, id, params }),
});

const fromAppError = (error: AppError): TusError => tusError(error.statusCode, error.id, error.message, error.params);

export const INTERNAL = tusError(500, 'internal', 'Something went wrong; please try again');

export const UPLOAD_NOT_FOUND =
  'This upload was not found: it may have been cancelled or expired. Please upload the file again';

const NO_DEFERRED_LENGTH =
  'Upload-Length is required: the file’s size must be declared when the upload is created (deferred length is not supported)';
const NO_CONCATENATION = 'Parallel (concatenated) uploads are not supported; send the file as one upload';
const BUSY = 'This upload is busy with another request; try again in a moment';
const BAD_METADATA =
  'Upload-Metadata must be comma-separated pairs of a key and a base64 value (keys unique, without spaces or commas)';

const WHOLE_NUMBER = /^(0|[1-9][0-9]{0,15})$/;
const isByteCount = (value: string) => WHOLE_NUMBER.test(value) && Number.isSafeInteger(Number(value));

/**
 * The tus headers of a request, checked before the tus server sees it, so that what it would
 * answer as plain text (400 "Invalid …", 412) or as an error (501 for an extension we do not
 * offer, 403 for a missing offset) is a 4xx with a sentence: thrown as an AppError, which the
 * app's error handler answers as `{message, id}` (and does not log as a server error).
 */
export function assertTusRequest(method: string, headers: Record<string, string | string[] | undefined>) {
  if (method === 'OPTIONS') return;
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const version = header('tus-resumable');
  if (version !== TUS_RESUMABLE) {
    throw new AppError(
      412,
      'tus_version',
      version === undefined
        ? `Tus-Resumable: ${TUS_RESUMABLE} is required (this endpoint speaks the tus protocol)`
        : `Tus-Resumable ${version} is not supported; this server speaks tus ${TUS_RESUMABLE}`,
      undefined,
      { 'tus-version': TUS_RESUMABLE },
    );
  }
  const refuseExtension = (id: ErrorId, message: string) =>
    new AppError(400, id, message, undefined, TUS_EXTENSION_HEADER);
  if (header('upload-concat') !== undefined) throw refuseExtension('tus_no_concatenation', NO_CONCATENATION);
  if (header('upload-defer-length') !== undefined) throw refuseExtension('tus_no_deferred_length', NO_DEFERRED_LENGTH);
  if (method === 'POST') {
    const length = header('upload-length');
    if (length === undefined)
      throw badRequest({
        id: 'upload_length_required',
        message: 'Upload-Length is required: the size of the file in bytes',
      });
    if (!isByteCount(length))
      throw badRequest({
        id: 'upload_length_invalid',
        message: 'Upload-Length must be the size of the file in bytes (a whole number)',
      });
    const metadata = header('upload-metadata');
    if (metadata !== undefined) {
      try {
        Metadata.parse(metadata);
      } catch {
        throw badRequest({ id: 'upload_metadata_invalid', message: BAD_METADATA });
      }
    }
  }
  if (method === 'PATCH') {
    if (header('upload-length') !== undefined) {
      throw refuseExtension(
        'tus_length_on_patch',
        'Upload-Length is set when the upload is created; it cannot be declared on a PATCH',
      );
    }
    const type = header('content-type')?.split(';')[0].trim().toLowerCase();
    if (type !== PATCH_TYPE)
      throw unsupportedMedia({
        id: 'upload_patch_type',
        message: `PATCH bodies must be sent as Content-Type: ${PATCH_TYPE}`,
      });
    const offset = header('upload-offset');
    if (offset === undefined)
      throw badRequest({
        id: 'upload_offset_required',
        message: 'Upload-Offset is required: where in the file this part starts',
      });
    if (!isByteCount(offset))
      throw badRequest({
        id: 'upload_offset_invalid',
        message: 'Upload-Offset must be a byte position (a whole number)',
      });
  }
}

/**
 * The tus server's own refusals (plain text such as "Upload-Offset conflict") in the API's
 * `{message, id}` form, with sentences for the ones a user may see; ours pass through unchanged.
 * Only a real server fault stays a 5xx: an extension the store does not offer (501) is the
 * client's mistake, a lock another request holds (its "500") is 423, which clients retry.
 */
export function toTusError(error: unknown, tooLarge: string): TusError | undefined {
  if (error instanceof AppError) return fromAppError(error);
  const e = error as Partial<TusError>;
  if (typeof e?.status_code !== 'number' || typeof e.body !== 'string') return undefined;
  if (e.body.startsWith('{')) return e as TusError;
  const status = e.status_code;
  if (status === 413) return tusError(413, 'payload_too_large', tooLarge);
  if (status === 404 || status === 410) return tusError(status, 'upload_not_found', UPLOAD_NOT_FOUND);
  if (status === 409)
    return tusError(409, 'upload_out_of_step', 'The upload is out of step with the server; resume it');
  if (e.body === ERRORS.ERR_LOCK_TIMEOUT.body) return tusError(423, 'upload_busy', BUSY);
  if (e.body === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body)
    return tusError(400, 'tus_no_concatenation', NO_CONCATENATION);
  if (status === 501) return tusError(400, 'tus_no_deferred_length', NO_DEFERRED_LENGTH);
  if (e.body === ERRORS.INVALID_CONTENT_TYPE.body) {
    return tusError(415, 'upload_patch_type', `PATCH bodies must be sent as Content-Type: ${PATCH_TYPE}`);
  }
  if (status >= 500) return INTERNAL;
  // 403 is tus' answer to a missing header; it is a malformed request, not a refusal of the user.
  return tusError(status === 403 ? 400 : status, 'bad_request', e.body.trim() || 'Bad upload request');
}

/** What an upload records about itself; `userId` is set by the server, never taken from the client. */
export interface UploadMetadata {
  lectureId: string;
  userId: string;
  filename: string;
  filetype: string;
}

/** The client's Upload-Metadata reduced to what we keep, with the server's user id. */
export function uploadMetadata(
  client: Record<string, string | null> | undefined,
  lectureId: string,
  userId: string,
): Record<string, string> {
  const clip = (value: string | null | undefined) => (value ?? '').slice(0, NAME_MAX);
  return { lectureId, userId, filename: clip(client?.filename), filetype: clip(client?.filetype) };
}

/** An upload's `<id>.json` as the file store writes it. */
interface UploadInfo {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

/**
 * The file store (`DATA_DIR/uploads`: the parts, and `<id>.json` beside them), plus a record of
 * finished uploads: once stored as a lecture's video the parts go, but HEAD still answers
 * "complete" (offset = length) so a client that lost the last answer does not send it all again.
 * The record goes with the sweep, or when its creator terminates the upload. Records are written
 * whole or not at all (a temporary file renamed over the old one): a crash while one is rewritten
 * must not lose the upload.
 */
export class LectureUploadStore extends FileStore {
  private infoFile = (id: string) => path.join(this.directory, `${id}.json`);

  dataFile = (id: string) => path.join(this.directory, id);

  private async writeInfo(id: string, upload: Upload) {
    const file = this.infoFile(id);
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, JSON.stringify(upload));
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  override async create(upload: Upload) {
    await writeFile(this.dataFile(upload.id), '');
    await this.writeInfo(upload.id, upload);
    upload.storage = { type: 'file', path: this.dataFile(upload.id) };
    return upload;
  }

  async markFinished(id: string) {
    const info = await this.configstore.get(id);
    if (info) {
      const metadata = { ...info.metadata, finished: '1' };
      const { size, creation_date } = info;
      await this.writeInfo(id, new Upload({ id, size, offset: size ?? 0, metadata, creation_date }));
    }
    await rm(this.dataFile(id), { force: true });
  }

  isFinished = (upload: Upload) => upload.metadata?.finished === '1';

  /** Every byte is on disk, and it is not stored as a video yet: it must be finished, never dropped. */
  isComplete = (upload: Upload) =>
    !this.isFinished(upload) && upload.size !== undefined && upload.offset === upload.size;

  override async getUpload(id: string) {
    const record = async () => {
      const info = await this.configstore.get(id);
      if (info?.metadata?.finished !== '1') return null;
      const { size, metadata, creation_date } = info;
      return new Upload({ id, size, offset: size ?? 0, metadata, creation_date });
    };
    const finished = await record();
    if (finished) return finished;
    try {
      return await super.getUpload(id);
    } catch (error) {
      // Finished in between (the record rewritten, then the parts removed): the record, not "gone".
      const now = await record();
      if (now) return now;
      throw error;
    }
  }

  /** The upload's files, whatever state they are in (a finished record, or parts with or without their info). */
  override async remove(id: string) {
    await rm(this.dataFile(id), { force: true });
    await rm(this.infoFile(id), { force: true });
  }
}

/**
 * Removes unfinished uploads (the data file and its `.json` info) that nothing has written to
 * for `maxAgeMs`: a client that went away for good. A live upload keeps touching its file.
 * Finished uploads' records (the `.json` alone) go the same age after they finished. An upload
 * whose every byte is there but which is not stored yet (its process died in between) is never
 * removed, however old: finishing it is the recovery's job (`uploadCompletion`).
 * Returns how many uploads were removed.
 */
export async function sweepStaleUploads(dir: string, maxAgeMs: number, now = Date.now()) {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  // A record being rewritten when the process died.
  for (const name of files.filter((f) => /^[0-9a-f]{32}\.json\.[0-9a-f-]{36}\.tmp$/.test(f))) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) await rm(path.join(dir, name), { force: true });
  }
  const ids = new Set(files.map((name) => name.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    if (!isUploadId(id)) continue;
    const data = await stat(path.join(dir, id)).catch(() => null);
    const info = await stat(path.join(dir, `${id}.json`)).catch(() => null);
    const touched = Math.max(data?.mtimeMs ?? 0, info?.mtimeMs ?? 0);
    if (now - touched <= maxAgeMs) continue;
    if (data && info) {
      const record = await readInfo(path.join(dir, `${id}.json`));
      if (record?.metadata?.finished !== '1' && record?.size === data.size) continue;
    }
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    removed++;
  }
  return removed;
}

const readInfo = async (file: string) => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as UploadInfo;
  } catch {
    return null;
  }
};

/**
 * The steps of finishing an upload, in order: every byte is on disk (`written`), the file is
 * stored under its lecture (`stored`), the lecture takes it in a transaction (`claimed`, inside
 * it; `attached`, committed), the parts are gone and the record says finished (`finished`).
 */
export type CompletionStep = 'written' | 'stored' | 'claimed' | 'attached' | 'finished';
/** A test seam called at each step: it may throw there, or never return (the process died there). */
export type CompletionProbe = (step: CompletionStep, uploadId: string) => void | Promise<void>;

export interface CompletionContext {
  db: Db;
  storage: Storage;
  store: LectureUploadStore;
  videos: VideoPipeline;
  maxBytes: number;
  log: FastifyBaseLogger;
  probe?: CompletionProbe;
}

/** A refusal that no retry changes (the lecture gone or someone else's, not a video, too large). */
const isRefusal = (error: unknown) => error instanceof AppError && error.statusCode < 500;

/** Whether the upload became a lecture's video (by any attempt, in any process). */
async function isAttached(db: Db, id: string) {
  const [row] = await db.select({ id: videoUploads.id }).from(videoUploads).where(eq(videoUploads.id, id)).limit(1);
  return !!row;
}

/**
 * Finishing an upload once all its bytes are on disk: the file is stored as the lecture's video
 * (processing queued, the replaced video removed) and the parts go, leaving the record.
 *
 * Any process may do it, any number of times, and a crash may stop it at any step: the last
 * PATCH does it, and so does a HEAD or PATCH that finds the upload complete, the recovery at
 * start-up and the periodic sweep's. It is safe to repeat because the stored file is named after
 * the upload (a second attempt rewrites the same object, never leaves another) and the lecture
 * takes it at most once: `video_uploads`' primary key, inserted in the transaction that points
 * the lecture at it (a second insert, in another process too, waits for the first to commit and
 * then finds the row). A process runs one attempt per upload at a time (the others wait for it).
 * A refusal (the lecture gone, not a video) removes the upload; any other failure keeps it for
 * the next attempt.
 */
export function uploadCompletion(ctx: CompletionContext) {
  const running = new Map<string, Promise<LectureRow>>();

  /** Finishes the upload (or joins this process's attempt under way); answers the lecture. */
  function finish(id: string, log: FastifyBaseLogger = ctx.log) {
    let current = running.get(id);
    if (!current) {
      current = attemptCompletion(ctx, id, log).finally(() => running.delete(id));
      running.set(id, current);
    }
    return current;
  }

  return {
    finish,
    recover: (dir: string) => recoverUploads(ctx, dir, finish),
    /**
     * Before termination (tus then removes the files): waits for this process's attempt, then
     * removes a copy an earlier attempt stored for a lecture that never took it. A finished upload
     * only loses its record; its lecture keeps the video.
     */
    beforeRemoval: async (id: string) => {
      await running.get(id)?.catch(() => undefined);
      await removeUnclaimedCopy(ctx, id);
    },
  };
}

/** Who the upload is for, from its tus metadata (empty when missing: no lecture is found then). */
const uploadOwner = (upload: Upload) => {
  const { lectureId = '', userId = '' } = (upload.metadata ?? {}) as Partial<Record<string, string>>;
  return { lectureId, userId };
};

/** One attempt at finishing an upload, step by step (`CompletionStep`). */
async function attemptCompletion(ctx: CompletionContext, id: string, log: FastifyBaseLogger): Promise<LectureRow> {
  const { db, storage, store } = ctx;
  const upload = await store.getUpload(id);
  const { lectureId, userId } = uploadOwner(upload);
  // Finished meanwhile (by another process sharing the folder): the lecture as it is now.
  if (store.isFinished(upload)) return loadOwnedLecture(db, lectureId, userId);
  if (!store.isComplete(upload)) throw new Error(`upload ${id} is not complete (${upload.offset}/${upload.size})`);
  await ctx.probe?.('written', id);
  let stored: StoredVideo | undefined;
  let lecture: LectureRow;
  try {
    const owned = await loadOwnedLecture(db, lectureId, userId);
    // Attached before (the process died before the parts went): nothing to store again.
    lecture = (await isAttached(db, id))
      ? owned
      : await storeAndAttach(ctx, id, owned, userId, log, (video) => {
          stored = video;
        });
    await ctx.probe?.('attached', id);
  } catch (error) {
    if (isRefusal(error)) {
      log.info({ uploadId: id, reason: (error as Error).message }, 'finished upload refused; removed');
      await store.remove(id);
      if (stored && !(await isAttached(db, id))) await removeVideo(storage, stored.key);
    }
    throw error;
  }
  await store.markFinished(id);
  await ctx.probe?.('finished', id);
  return lecture;
}

/**
 * Stores the upload's file as the lecture's video (`onStored` is told, for the undo of a refusal)
 * and points the lecture at it, claiming the upload in the same transaction.
 */
async function storeAndAttach(
  ctx: CompletionContext,
  id: string,
  owned: LectureRow,
  userId: string,
  log: FastifyBaseLogger,
  onStored: (video: StoredVideo) => void,
): Promise<LectureRow> {
  const { db, storage, store } = ctx;
  const file = createReadStream(store.dataFile(id));
  const where = { courseId: owned.courseId, lectureId: owned.id, maxBytes: ctx.maxBytes, name: id };
  const video = await storeVideo(storage, { file }, where);
  onStored(video);
  await ctx.probe?.('stored', id);
  const result = await attachStoredVideo(db, storage, log, owned.id, userId, video, ctx.videos, async (tx) => {
    const claimed = await tx
      .insert(videoUploads)
      .values({ id, lectureId: owned.id, videoKey: video.key })
      .onConflictDoNothing()
      .returning({ id: videoUploads.id });
    await ctx.probe?.('claimed', id);
    return claimed.length > 0;
  });
  // Another attempt attached it first. Our copy is the same object, which stays while the
  // lecture plays it; if the lecture has moved on (the copy came back after its removal), it goes.
  if (!result.attached && result.lecture.videoKey !== video.key) await removeVideo(storage, video.key);
  return result.lecture;
}

/** Finishes every upload in the folder whose bytes are all there (a process died before it could); logs, never throws. */
async function recoverUploads(ctx: CompletionContext, dir: string, finish: (id: string) => Promise<LectureRow>) {
  const { store } = ctx;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let finished = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    if (id === name || !isUploadId(id)) continue;
    const upload = await store.getUpload(id).catch(() => null);
    // Finished, but the process died before the parts went (the record is rewritten first).
    if (upload && store.isFinished(upload)) await rm(store.dataFile(id), { force: true });
    if (!upload || !store.isComplete(upload)) continue;
    try {
      await finish(id);
      finished++;
      ctx.log.info({ uploadId: id }, 'interrupted upload finished: stored as its lecture’s video');
    } catch (error) {
      if (!isRefusal(error))
        ctx.log.warn({ err: error, uploadId: id }, 'finishing an interrupted upload failed; it is kept');
    }
  }
  return finished;
}

/** Removes the copies stored for a complete upload that no lecture claimed. */
async function removeUnclaimedCopy(ctx: CompletionContext, id: string) {
  const { db, storage, store } = ctx;
  const upload = await store.getUpload(id).catch(() => null);
  if (!upload || !store.isComplete(upload) || (await isAttached(db, id))) return;
  const { lectureId, userId } = uploadOwner(upload);
  const lecture = await loadOwnedLecture(db, lectureId, userId).catch(() => null);
  if (!lecture) return;
  for (const key of await storage.list(`${lectureVideoPrefix(lecture.courseId, lecture.id)}${id}.`)) {
    await removeVideo(storage, key);
  }
}
