import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, describe, expect, it } from 'vitest';
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
  const course = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'In the bucket' }] });
  const [lecture] = course.lectures;
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
});
