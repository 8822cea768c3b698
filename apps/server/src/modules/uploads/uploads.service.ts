import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/server';
import { AppError } from '../../core/errors.ts';

/**
 * Resumable lecture-video uploads (tus 1.0, `@tus/server` with `@tus/file-store`): the parts of
 * this module that know nothing of HTTP. The routes (uploads.routes.ts) mount the tus server.
 */

/** Where tus answers; an upload's URL is this plus its id. */
export const TUS_PATH = '/api/uploads';

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

export const tusError = (status: number, id: string, message: string): TusError => ({
  status_code: status,
  body: JSON.stringify({ message, id }),
});

const fromAppError = (error: AppError): TusError => tusError(error.statusCode, error.id, error.message);

export const INTERNAL = tusError(500, 'internal', 'Something went wrong; please try again');

/** "2 GB", "500 MB": the size limit as a user reads it (as media's videos.ts words it). */
export function formatBytes(bytes: number) {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${bytes} bytes`;
}

export const UPLOAD_NOT_FOUND =
  'This upload was not found: it may have been cancelled or expired. Please upload the file again';

/**
 * The tus server's own refusals (plain text such as "Upload-Offset conflict") in the API's
 * `{message, id}` form, with sentences for the ones a user may see; ours pass through unchanged.
 */
export function toTusError(error: unknown, tooLarge: string): TusError | undefined {
  if (error instanceof AppError) return fromAppError(error);
  const e = error as Partial<TusError>;
  if (typeof e?.status_code !== 'number' || typeof e.body !== 'string') return undefined;
  if (e.body.startsWith('{')) return e as TusError;
  const status = e.status_code;
  if (status === 413) return tusError(413, 'payload_too_large', tooLarge);
  if (status === 404 || status === 410) return tusError(status, 'not_found', UPLOAD_NOT_FOUND);
  if (status === 409) return tusError(409, 'conflict', 'The upload is out of step with the server; resume it');
  if (status >= 500) return INTERNAL;
  return tusError(status, 'bad_request', e.body.trim() || 'Bad upload request');
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

/**
 * The file store (`DATA_DIR/uploads`: the parts, and `<id>.json` beside them), plus a record of
 * finished uploads: once stored as a lecture's video the parts go, but HEAD still answers
 * "complete" (offset = length) so a client that lost the last answer does not send it all again.
 * The record goes with the sweep, or when its creator terminates the upload.
 */
export class LectureUploadStore extends FileStore {
  async markFinished(id: string) {
    const info = await this.configstore.get(id);
    if (info) {
      const metadata = { ...info.metadata, finished: '1' };
      const { size, creation_date } = info;
      await this.configstore.set(id, new Upload({ id, size, offset: size ?? 0, metadata, creation_date }));
    }
    await rm(path.join(this.directory, id), { force: true });
  }

  isFinished = (upload: Upload) => upload.metadata?.finished === '1';

  override async getUpload(id: string) {
    const info = await this.configstore.get(id);
    if (info?.metadata?.finished !== '1') return super.getUpload(id);
    const { size, metadata, creation_date } = info;
    return new Upload({ id, size, offset: size ?? 0, metadata, creation_date });
  }

  override async remove(id: string) {
    const info = await this.configstore.get(id);
    if (info?.metadata?.finished === '1') return this.configstore.delete(id);
    return super.remove(id);
  }
}

/**
 * Removes unfinished uploads (the data file and its `.json` info) that nothing has written to
 * for `maxAgeMs`: a client that went away for good. A live upload keeps touching its file.
 * Finished uploads' records (the `.json` alone) go the same age after they finished.
 * Returns how many uploads were removed.
 */
export async function sweepStaleUploads(dir: string, maxAgeMs: number, now = Date.now()) {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  const ids = new Set(entries.filter((e) => e.isFile()).map((e) => e.name.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    if (!isUploadId(id)) continue;
    const data = await stat(path.join(dir, id)).catch(() => null);
    const info = await stat(path.join(dir, `${id}.json`)).catch(() => null);
    const touched = Math.max(data?.mtimeMs ?? 0, info?.mtimeMs ?? 0);
    if (now - touched <= maxAgeMs) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
    removed++;
  }
  return removed;
}
