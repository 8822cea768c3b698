import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../test/s3.ts';
import { s3Storage } from './storage/s3.ts';
import { localStorage, type Storage } from './storage.ts';

/** The same contract, run against every driver: local disk and a real S3 endpoint (s3rver). */
const drivers: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [
  [
    'local',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'kaksha-storage-'));
      return { storage: localStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3: TestS3 = await startS3();
      const storage = s3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        storage,
        close: async () => {
          await storage.close?.();
          await s3.close();
        },
      };
    },
  ],
];

/** A stream of `size` bytes in small chunks, as an upload arrives. */
function chunked(data: Buffer, chunk = 64 * 1024) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
    })(),
  );
}

describe.each(drivers)('storage contract: %s', (_name, open) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('stores a buffer and reads it back whole and by range', async () => {
    const data = Buffer.from('0123456789abcdef');
    expect(await storage.put('public/t/a.webp', data)).toEqual({ size: 16 });
    const s = await storage.stat('public/t/a.webp');
    expect(s?.size).toBe(16);
    expect(s?.mtime).toBeInstanceOf(Date);
    expect((await buffer(storage.read('public/t/a.webp'))).toString()).toBe('0123456789abcdef');
    expect((await buffer(storage.read('public/t/a.webp', { start: 3, end: 6 }))).toString()).toBe('3456');
    expect((await buffer(storage.read('public/t/a.webp', { start: 15, end: 15 }))).toString()).toBe('f');
  });

  it('streams a large body (multipart on S3) with exact bytes', async () => {
    const data = randomBytes(19 * 1024 * 1024 + 123);
    expect(await storage.put('private/lectures/c/l/v.mp4', chunked(data))).toEqual({ size: data.length });
    expect((await storage.stat('private/lectures/c/l/v.mp4'))?.size).toBe(data.length);
    const start = 8 * 1024 * 1024 - 10;
    const end = start + 100_000;
    const part = await buffer(storage.read('private/lectures/c/l/v.mp4', { start, end }));
    expect(part.equals(data.subarray(start, end + 1))).toBe(true);
    expect((await buffer(storage.read('private/lectures/c/l/v.mp4'))).equals(data)).toBe(true);
  });

  it('leaves nothing behind when the body fails', async () => {
    const failing = Readable.from(
      (function* () {
        for (let sent = 0; sent < 10 * 1024 * 1024; sent += 64 * 1024) yield randomBytes(64 * 1024);
        throw new Error('client gone');
      })(),
    );
    await expect(storage.put('private/lectures/c/l/broken.mp4', failing)).rejects.toThrow();
    expect(await storage.stat('private/lectures/c/l/broken.mp4')).toBeNull();
  });

  it('answers null for a missing key and errors reading it', async () => {
    expect(await storage.stat('private/nothing-here.mp4')).toBeNull();
    await expect(buffer(storage.read('private/nothing-here.mp4'))).rejects.toThrow();
  });

  it('lists, removes one key, and removes a prefix without touching its neighbours', async () => {
    await storage.put('private/lectures/c1/l1/a.mp4', Buffer.from('a'));
    await storage.put('private/lectures/c1/l2/b.mp4', Buffer.from('b'));
    await storage.put('private/lectures/c10/l1/c.mp4', Buffer.from('c'));
    expect(await storage.list('private/lectures/c1/')).toEqual([
      'private/lectures/c1/l1/a.mp4',
      'private/lectures/c1/l2/b.mp4',
    ]);
    await storage.remove('private/lectures/c1/l1/a.mp4');
    expect(await storage.stat('private/lectures/c1/l1/a.mp4')).toBeNull();
    await storage.remove('private/lectures/c1/l1/a.mp4'); // removing twice is fine
    await storage.removePrefix('private/lectures/c1/');
    expect(await storage.list('private/lectures/c1/')).toEqual([]);
    expect(await storage.stat('private/lectures/c10/l1/c.mp4')).not.toBeNull();
  });

  it('names public keys under /media by default', () => {
    expect(storage.publicUrl('public/thumbnails/x-640.webp')).toBe('/media/public/thumbnails/x-640.webp');
  });
});

describe('s3 specifics', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it('gives absolute URLs under MEDIA_PUBLIC_URL and presigned URLs that serve ranges', async () => {
    const storage = s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/',
    });
    expect(storage.publicUrl('public/a.webp')).toBe('https://cdn.example.com/public/a.webp');
    await storage.put('private/v.mp4', Buffer.from('hello video'));
    const url = await storage.signedUrl?.('private/v.mp4', { expiresIn: 60, contentType: 'video/mp4' });
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url as string, { headers: { range: 'bytes=6-10' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('video');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(new URL(url as string).searchParams.get('X-Amz-Expires')).toBe('60');
    // (s3rver does not check V4 signatures, so a forged URL is not tested here; AWS, R2 and MinIO refuse it.)
    await storage.close?.();
  });
});
