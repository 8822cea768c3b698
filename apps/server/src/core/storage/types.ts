import type { Readable } from 'node:stream';

/**
 * Media storage. Keys under `public/` (thumbnails, avatars) are served as static, cacheable
 * files at `/media/public/...`; everything else (lecture videos) is private and is only
 * streamed by the media module after an access check.
 */
export interface Storage {
  /** Writes the stream under `key`; all or nothing (a failed write leaves no file). */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** Reads bytes `start`..`end` inclusive, or the whole object. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Removes every key starting with `prefix` (a folder). */
  removePrefix(prefix: string): Promise<void>;
  /** Every key starting with `prefix`, sorted. */
  list(prefix?: string): Promise<string[]>;
  /** Public URL of a `public/` key. */
  publicUrl(key: string): string;
  /** A short-lived URL the browser may GET the object from directly (object stores only). */
  signedUrl?(key: string, opts: { expiresIn: number; contentType?: string }): Promise<string>;
  /** Releases connections (called when the app closes). */
  close?(): Promise<void>;
}
