import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { storageFromConfig } from '../core/storage.ts';
import { startS3 } from '../test/s3.ts';
import { migrateMedia } from './media-migrate.ts';

describe('npm run media:migrate', async () => {
  const s3 = await startS3();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-migrate-'));
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const files: Record<string, Buffer> = {
    'public/thumbnails/c1/abc-640.webp': randomBytes(3000),
    'public/avatars/u1/def.webp': randomBytes(500),
    'private/lectures/c1/l1/v.mp4': randomBytes(9 * 1024 * 1024),
  };
  for (const [key, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dataDir, 'media', key)), { recursive: true });
    await writeFile(path.join(dataDir, 'media', key), data);
  }
  await writeFile(path.join(dataDir, 'media', 'private/lectures/c1/l1/x.mp4.1234.part'), 'unfinished');
  const env = { ...s3.env, DATA_DIR: dataDir };

  it('copies every local file into the bucket, byte for byte, and skips them the second time', async () => {
    const lines: string[] = [];
    expect(await migrateMedia(env, (l) => lines.push(l))).toMatchObject({ copied: 3, skipped: 0 });
    const bucket = await storageFromConfig(loadConfig(env));
    expect(await bucket.list()).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) expect((await buffer(bucket.read(key))).equals(data)).toBe(true);
    expect(await migrateMedia(env, () => {})).toMatchObject({ copied: 0, skipped: 3 });
    await bucket.close?.();
  });

  it('refuses to run without STORAGE=s3', async () => {
    await expect(migrateMedia({ DATA_DIR: dataDir }, () => {})).rejects.toThrow(/STORAGE=s3/);
  });
});
