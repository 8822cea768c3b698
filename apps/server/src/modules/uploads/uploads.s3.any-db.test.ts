import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config.ts';
import { lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { startS3 } from '../../test/s3.ts';
import { TINY_MP4 } from '../courses/test-helpers.ts';

/** With STORAGE=s3 the parts wait on local disk; the finished video lands in the bucket. */
describe('resumable uploads with STORAGE=s3', async () => {
  const s3 = await startS3();
  afterAll(() => s3.close());
  const app = await buildTestApp(s3.env);
  const creator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, {
    lectures: [{ lectureTitle: 'In the bucket' }, { lectureTitle: 'After a crash' }],
  });
  const [lecture, crashed] = course.lectures;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // 9 MB: more than one S3 multipart part (8 MB) on the way to the bucket.
  const video = Buffer.concat([TINY_MP4, randomBytes(9 * 1024 * 1024)]);

  it('stores the finished upload in the bucket, served intact, and keeps no parts', async () => {
    await new Promise<void>((resolve, reject) => {
      new TusUpload(video, {
        endpoint: new URL('/api/uploads/', base).toString(),
        chunkSize: 4 * 1024 * 1024,
        metadata: { lectureId: lecture.id, filename: 'big.mp4', filetype: 'video/mp4' },
        headers: { cookie },
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(),
      }).start();
    });
    const keys = await app.storage.list(`private/lectures/${course.id}/${lecture.id}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.mp4$/);
    const served = await app.inject({ method: 'GET', url: `/media/lectures/${lecture.id}`, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(video)).toBe(true);
    // Only the finished upload's record is left (no parts).
    expect((await readdir(path.join(app.config.dataDir, 'uploads'))).every((f) => f.endsWith('.json'))).toBe(true);
  });

  it('an upload a dead process left with all its bytes is stored in the bucket by the next process, once', async () => {
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const headers = { 'tus-resumable': '1.0.0', cookie };
    const created = await fetch(new URL('/api/uploads/', base), {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(video.length), 'upload-metadata': `lectureId ${b64(crashed.id)}` },
    });
    const url = created.headers.get('location') as string;
    const id = url.split('/').pop() as string;
    const first = video.length - 4096;
    const part = await fetch(new URL(url, base), {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(video.subarray(0, first)),
    });
    expect(part.status).toBe(204);
    // The last bytes reach the disk, and the process that wrote them is gone.
    await writeFile(path.join(app.config.dataDir, 'uploads', id), video.subarray(first), { flag: 'a' });

    const next = await buildApp(
      loadConfig({
        ...s3.env,
        NODE_ENV: 'test',
        DATA_DIR: app.config.dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        WEB_DIST: path.join(app.config.dataDir, 'no-web'),
        VIDEO_PROCESSING: 'false',
      }),
      { database: app.database },
    );
    await next.ready();
    try {
      const key = `private/lectures/${course.id}/${crashed.id}/${id}.mp4`;
      await vi.waitFor(
        async () => {
          const [row] = await app.db.select().from(lectures).where(eq(lectures.id, crashed.id));
          expect(row.videoKey).toBe(key);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(await app.storage.list(`private/lectures/${course.id}/${crashed.id}/`)).toEqual([key]);
      const served = await next.inject({ method: 'GET', url: `/media/lectures/${crashed.id}`, headers: { cookie } });
      expect(served.rawPayload.equals(video)).toBe(true);
      const head = await next.inject({ method: 'HEAD', url, headers });
      expect(head.headers['upload-offset']).toBe(String(video.length));
    } finally {
      await next.close();
    }
  });
});
