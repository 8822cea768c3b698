import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';

// Counts loads of the S3 driver: its module (and the AWS SDK under it) is needed only with STORAGE=s3.
const driver = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./s3.ts', async (importOriginal) => {
  driver.loads++;
  return importOriginal();
});

describe('storageFromConfig', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-drivers-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('gives local disk storage without loading the S3 driver', async () => {
    const { storageFromConfig } = await import('../storage.ts');
    const storage = await storageFromConfig(loadConfig({ DATA_DIR: dataDir, STORAGE: 'local' }));
    await storage.put('public/a.txt', Buffer.from('a'));
    expect(await storage.list()).toEqual(['public/a.txt']);
    expect(driver.loads).toBe(0);
  });

  it('loads the S3 driver when STORAGE=s3', async () => {
    const { storageFromConfig } = await import('../storage.ts');
    const storage = await storageFromConfig(
      loadConfig({ DATA_DIR: dataDir, STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9' }),
    );
    expect(driver.loads).toBe(1);
    expect(storage.signedUrl).toBeTypeOf('function');
    await storage.close?.();
  });
});
