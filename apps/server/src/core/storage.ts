import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import type { Storage } from './storage/types.ts';

export type { Storage } from './storage/types.ts';

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

/**
 * The storage the config names: local disk under DATA_DIR/media, or an S3-compatible bucket.
 * The S3 driver (and the AWS SDK under it) is loaded only with STORAGE=s3; it imports this
 * folder's `Storage` type, so a static import here would also make the two files one cycle.
 */
export async function storageFromConfig(config: Config): Promise<Storage> {
  const { storage } = config;
  if (storage.driver === 's3') {
    const { s3Storage } = await import('./storage/s3.ts');
    return s3Storage({ ...storage.s3, bucket: storage.s3.bucket as string, publicUrl: storage.publicUrl });
  }
  return localStorage(storage.localDir, { publicUrl: storage.publicUrl });
}

export const storagePlugin = fp<{ storage?: Storage }>(
  async (app, opts) => {
    const { config } = app;
    const storage = opts.storage ?? (await storageFromConfig(config));
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
