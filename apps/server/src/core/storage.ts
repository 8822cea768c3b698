import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';

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
  /** Public URL of a `public/` key. */
  publicUrl(key: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function localStorage(rootDir: string): Storage {
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
    publicUrl(key) {
      return `/media/${key}`;
    },
  };
}

export const storagePlugin = fp<{ storage?: Storage }>(
  async (app, opts) => {
    const { config } = app;
    if (config.storage.driver === 's3') {
      throw new Error('STORAGE=s3 is not available yet; use STORAGE=local (see README, Configuration).');
    }
    const storage = opts.storage ?? localStorage(config.storage.localDir);
    await mkdir(path.join(config.storage.localDir, 'public'), { recursive: true });
    app.decorate('storage', storage);
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
