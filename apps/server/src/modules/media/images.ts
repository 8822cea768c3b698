import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { payloadTooLarge, unsupportedMedia } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Thumbnail widths (16:9) offered to the browser through srcset. */
export const THUMBNAIL_WIDTHS = [320, 640] as const;
const AVATAR_SIZE = 256;

/** Refuses anything that is not an image by its bytes, whatever its name or declared type. */
export async function assertImage(buffer: Buffer) {
  if (buffer.length > MAX_IMAGE_BYTES) throw payloadTooLarge('Images must be 5 MB or smaller');
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !IMAGE_MIME.has(type.mime)) {
    throw unsupportedMedia('Only image files (JPEG, PNG, WebP, GIF, AVIF) can be uploaded');
  }
}

const contentHash = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 16);

/**
 * Stores a course thumbnail as WebP renditions (16:9) with metadata stripped.
 * Returns the key prefix saved on the course; the renditions are `${prefix}-${width}.webp`.
 */
export async function storeThumbnail(storage: Storage, courseId: string, input: Buffer) {
  await assertImage(input);
  const prefix = `public/thumbnails/${courseId}/${contentHash(input)}`;
  for (const width of THUMBNAIL_WIDTHS) {
    const out = await sharp(input, { failOn: 'error' })
      .rotate()
      .resize(width, Math.round((width * 9) / 16), { fit: 'cover' })
      .webp({ quality: 72 })
      .toBuffer();
    await storage.put(`${prefix}-${width}.webp`, out);
  }
  return prefix;
}

export function thumbnailUrls(storage: Storage, prefix: string | null) {
  if (!prefix) return { thumbnail: null, thumbnailSrcSet: null };
  const urls = THUMBNAIL_WIDTHS.map((w) => `${storage.publicUrl(`${prefix}-${w}.webp`)} ${w}w`);
  const largest = THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1];
  return { thumbnail: storage.publicUrl(`${prefix}-${largest}.webp`), thumbnailSrcSet: urls.join(', ') };
}

export async function removeThumbnail(storage: Storage, prefix: string | null) {
  if (!prefix) return;
  await Promise.all(THUMBNAIL_WIDTHS.map((w) => storage.remove(`${prefix}-${w}.webp`)));
}

/** Stores an avatar as a square WebP with metadata stripped; returns its key. */
export async function storeAvatar(storage: Storage, userId: string, input: Buffer) {
  await assertImage(input);
  const out = await sharp(input, { failOn: 'error' })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
  const key = `public/avatars/${userId}/${contentHash(input)}.webp`;
  await storage.put(key, out);
  return key;
}
