import { randomUUID } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { payloadTooLarge, tooLargeMessage, tooLarge as tooLargeText, unsupportedMedia } from '../../core/errors.ts';
import { uploadIncomplete, uploadStreamError } from '../../core/multipart-form.ts';
import type { Storage } from '../../core/storage.ts';

/** Video containers we accept, recognised by their bytes (never by name or declared type). */
export const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** How many leading bytes file-type needs to recognise a container. */
export const SNIFF_BYTES = 4100;

const NOT_A_VIDEO = 'Only video files (MP4, WebM or QuickTime) can be uploaded';

/** Throws 415 unless a file's first SNIFF_BYTES say it is a video we accept; answers its type. */
export async function assertVideoContent(head: Buffer) {
  const type = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!type || !VIDEO_TYPES[type.mime]) throw unsupportedMedia({ id: 'video_type_unsupported', message: NOT_A_VIDEO });
  return type.mime;
}

/** Shared demo videos (seeded lectures point at them): never removed with a lecture or course. */
export const SHARED_VIDEO_PREFIX = 'private/demo/';

/** Private key of a lecture video: never under `public/`, served only after an access check. */
export const lectureVideoPrefix = (courseId: string, lectureId?: string) =>
  lectureId ? `private/lectures/${courseId}/${lectureId}/` : `private/lectures/${courseId}/`;

export interface StoredVideo {
  key: string;
  mime: string;
  size: number;
}

/** The answer to a video over the limit, whichever way it was uploaded (a form here, tus in uploads). */
export const videoTooLargeMessage = (maxBytes: number) => tooLargeMessage('Videos', maxBytes);
const tooLarge = (maxBytes: number) => payloadTooLarge(tooLargeText('video_too_large', 'Videos', maxBytes));

/**
 * Passes bytes through unchanged, but holds back the first few kilobytes until their
 * content says "video" (then emits `type`), and fails at the end when the multipart
 * parser cut the file at its size limit. Memory stays bounded by stream back-pressure.
 */
class VideoGate extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decided = false;

  constructor(
    private readonly source: { truncated?: boolean },
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback) {
    if (this.decided) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return callback();
    this.decide().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback) {
    const finish = () => callback(this.source.truncated ? tooLarge(this.maxBytes) : null);
    if (this.decided) return finish();
    this.decide().then(finish, callback);
  }

  private async decide() {
    const head = Buffer.concat(this.head);
    this.head = [];
    const mime = await assertVideoContent(head);
    this.decided = true;
    this.emit('type', mime);
    this.push(head);
  }
}

/**
 * Streams an uploaded lecture video into storage under a new private key, checking its
 * content as the first bytes arrive and its size against `maxBytes` (the multipart limit).
 * Never holds the file in memory. On any failure (not a video, too large, client gone)
 * nothing is left in storage and the error is thrown; the caller owns the stored key.
 */
export async function storeVideo(
  storage: Storage,
  // A multipart part, or any stream (a finished resumable upload read from disk).
  file: Pick<MultipartFile, 'file'> | { file: Readable & { truncated?: boolean } },
  // `name`: the file's name under the lecture's prefix (a finished resumable upload's id, so that
  // storing it again after a crash rewrites the same object); a new random one without it.
  where: { courseId: string; lectureId: string; maxBytes: number; name?: string },
): Promise<StoredVideo> {
  const source = file.file;
  // The parser may have torn the file stream down already (a body cut off inside a small part).
  if (source.destroyed || source.errored) throw uploadIncomplete();
  const gate = new VideoGate(source, where.maxBytes);
  const onSourceError = (error: Error) => gate.destroy(error);
  // A source closed before its end without an error (a torn-down parser) must fail too, not hang.
  const onSourceClose = () => {
    if (!source.readableEnded) gate.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  };
  source.once('error', onSourceError);
  source.once('close', onSourceClose);
  source.pipe(gate);
  try {
    const mime = await new Promise<string>((resolve, reject) => {
      gate.once('type', resolve);
      gate.once('error', reject);
      gate.once('close', () => reject(new Error('upload ended before its type was known')));
    });
    const name = where.name ?? randomUUID();
    const key = `${lectureVideoPrefix(where.courseId, where.lectureId)}${name}.${VIDEO_TYPES[mime]}`;
    const { size } = await storage.put(key, gate);
    if (source.truncated) {
      await storage.remove(key);
      throw tooLarge(where.maxBytes);
    }
    return { key, mime, size };
  } catch (error) {
    // Stop reading the rest of the upload; the parser and Node discard what is left.
    gate.destroy();
    if (!source.destroyed) source.destroy();
    throw uploadStreamError(error, () => tooLarge(where.maxBytes));
  } finally {
    source.off('error', onSourceError);
    source.off('close', onSourceClose);
  }
}

/**
 * Where a video's HLS renditions and poster go (video-processing.ts): a folder named after the
 * original, beside it, so each upload's files are apart from those of the video it replaces.
 */
export function processedPrefix(videoKey: string) {
  const slash = videoKey.lastIndexOf('/');
  const name = videoKey.slice(slash + 1).replace(/\.[^.]*$/, '');
  return `${videoKey.slice(0, slash + 1)}${name}/`;
}

/** Removes a lecture's video and its renditions and poster, unless it is one of the shared demo files. */
export async function removeVideo(storage: Storage, key: string | null | undefined) {
  if (!key || key.startsWith(SHARED_VIDEO_PREFIX)) return;
  await storage.remove(key);
  await storage.removePrefix(processedPrefix(key));
}

/** Removes everything stored for a lecture (its videos, renditions and captions). */
export async function removeLectureMedia(storage: Storage, courseId: string, lectureId: string) {
  await storage.removePrefix(lectureVideoPrefix(courseId, lectureId));
}
