import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { IMAGE_MAX_BYTES, MESSAGES } from '@kaksha/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { AppError, payloadTooLarge, unsupportedMedia } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';

const IMAGE_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Thumbnail widths (16:9) offered to the browser through srcset. */
export const THUMBNAIL_WIDTHS = [320, 640] as const;
const AVATAR_SIZE = 256;
/**
 * Largest decoded image: 40 MP covers any phone photo. A small PNG can declare 16000×16000
 * (1 GB of pixels, seconds of CPU), so the declared size is checked before decoding.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

// One libvips thread per image and a few images at a time: an upload may use a core, never
// the whole machine, so pages keep being served while images are processed.
sharp.concurrency(1);
const IMAGE_WORKERS = Math.max(1, Math.floor(availableParallelism() / 2));
/** Beyond this many waiting images, answer "busy" at once rather than queue without end. */
const IMAGE_QUEUE_MAX = 16;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs image work when a worker is free; 429 (try again shortly) when too many are already waiting. */
async function withImageWorker<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORKERS) {
    if (waiting.length >= IMAGE_QUEUE_MAX) {
      throw new AppError(
        429,
        'images_busy',
        'Many images are being processed right now; please try again in a moment',
        undefined,
        { 'retry-after': '5' },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the worker straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Per user: decoding is the costliest thing a free account can make the server do. */
export const IMAGE_UPLOADS_PER_USER = { max: 20, windowMs: 10 * 60 * 1000 };

const IMAGE_UNREADABLE = {
  id: 'image_unreadable',
  message: 'The image could not be read; please choose another file',
} as const;
const unreadable = () => unsupportedMedia(IMAGE_UNREADABLE);
const tooManyPixels = () =>
  payloadTooLarge({
    id: 'image_too_many_pixels',
    message: `Images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels; please choose a smaller one`,
    params: { megapixels: IMAGE_MAX_PIXELS / 1_000_000 },
  });

/** A decoder for a checked image: at most IMAGE_MAX_PIXELS, failing on corrupt data. */
const decode = (input: Buffer) => sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS });

/**
 * Reads only the header: refuses an image declaring too many pixels, or none at all. The size a
 * header declares is read on its own first: libvips will not even read the header of a file cut
 * off after it, and such a file is refused for its size (413), not as unreadable (415).
 */
async function assertPixels(input: Buffer) {
  const declared = declaredSize(input);
  if (declared && declared.width * declared.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  const meta = await sharp(input)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
}

/** Width and height as the file's header states them; null when the header cannot be parsed. */
function declaredSize(input: Buffer) {
  try {
    const { width, height } = imageSize(input);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Decoding errors are the file's fault: 413 for the pixel limit, 415 for anything unreadable. */
async function processImage<T>(input: Buffer, work: () => Promise<T>): Promise<T> {
  await assertImage(input);
  await assertPixels(input);
  return withImageWorker(work).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    if (/pixel limit/i.test(String((error as Error)?.message))) throw tooManyPixels();
    throw unreadable();
  });
}

/** Refuses anything that is not an image by its bytes, whatever its name or declared type. */
export async function assertImage(buffer: Buffer) {
  if (buffer.length > IMAGE_MAX_BYTES) throw payloadTooLarge(MESSAGES.imageTooLarge);
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !IMAGE_MIME.has(type.mime)) {
    throw unsupportedMedia({
      id: 'image_type_unsupported',
      message: 'Only image files (JPEG, PNG, WebP, GIF, AVIF) can be uploaded',
    });
  }
}

const contentHash = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 16);

/**
 * Stores a course thumbnail as WebP renditions (16:9) with metadata stripped.
 * Returns the key prefix saved on the course; the renditions are `${prefix}-${width}.webp`.
 */
export async function storeThumbnail(storage: Storage, courseId: string, input: Buffer) {
  const renditions = await processImage(input, () =>
    Promise.all(
      THUMBNAIL_WIDTHS.map((width) =>
        decode(input)
          .rotate()
          .resize(width, Math.round((width * 9) / 16), { fit: 'cover' })
          .webp({ quality: 72 })
          .toBuffer(),
      ),
    ),
  );
  const prefix = `public/thumbnails/${courseId}/${contentHash(input)}`;
  for (const [i, width] of THUMBNAIL_WIDTHS.entries()) {
    await storage.put(`${prefix}-${width}.webp`, renditions[i] as Buffer);
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
  const out = await processImage(input, () =>
    decode(input).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
  );
  const key = `public/avatars/${userId}/${contentHash(input)}.webp`;
  await storage.put(key, out);
  return key;
}
