import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { s3Storage } from './storage/s3.ts';

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

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function localStorage(rootDir: string, opts: { publicUrl?: string } = {}): Storage {
  const publicBase = opts.publicUrl?.replace(/\/$/, '');
  const root = path.resolve(rootDir);
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(body)) {
          await pipeline(async function* () {
            yield body;
          }, createWriteStream(tmp));
        } else {
          await pipeline(body, createWriteStream(tmp));
        }
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return { size: (await stat(file)).size };
    },
    async stat(key) {
      try {
        const s = await stat(resolve(key));
        return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return createReadStream(resolve(key), range);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async removePrefix(prefix) {
      const dir = resolve(prefix.replace(/\/$/, ''));
      await rm(dir, { recursive: true, force: true });
    },
    list(prefix = '') {
      return listLocalKeys(root, prefix);
    },
    publicUrl(key) {
      return publicBase ? `${publicBase}/${key}` : `/media/${key}`;
    },
  };
}

/** The storage the config names: local disk under DATA_DIR/media, or an S3-compatible bucket. */
export function storageFromConfig(config: Config): Storage {
  const { storage } = config;
  if (storage.driver === 's3') {
    return s3Storage({ ...storage.s3, bucket: storage.s3.bucket as string, publicUrl: storage.publicUrl });
  }
  return localStorage(storage.localDir, { publicUrl: storage.publicUrl });
}

export const storagePlugin = fp<{ storage?: Storage }>(
  async (app, opts) => {
    const { config } = app;
    const storage = opts.storage ?? storageFromConfig(config);
    if (config.storage.driver === 'local') {
      await mkdir(path.join(config.storage.localDir, 'public'), { recursive: true });
    }
    app.decorate('storage', storage);
    // A storage passed in by a test belongs to the test.
    if (!opts.storage) app.addHook('onClose', async () => storage.close?.());
  },
  { name: 'storage' },
);

/** For tests and tools: every key currently stored under a local root. */
export async function listLocalKeys(rootDir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const key = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), key);
      else out.push(key);
    }
  };
  await walk(path.join(rootDir, prefix), prefix.replace(/\/$/, ''));
  return out.sort();
}
