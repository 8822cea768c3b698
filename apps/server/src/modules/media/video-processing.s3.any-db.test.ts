import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { startS3 } from '../../test/s3.ts';
import { send } from '../courses/test-helpers.ts';
import { processedPrefix } from './videos.ts';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Processing with STORAGE=s3: the job reads the original from the bucket and uploads its files there. */
describe.skipIf(!hasFfmpeg)('lecture video processing with an S3 bucket', async () => {
  // Vitest still collects a skipped suite's body: make no clip without ffmpeg.
  if (!hasFfmpeg) return it('needs ffmpeg', () => {});
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-clip-'));
  const s3 = await startS3();
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });
  // A small 360p clip without sound: two renditions (never above the source), video-only codecs.
  const clipFile = path.join(dir, 'small.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipFile],
  ]);
  // Originals are redirected to the bucket; HLS files never are (their relative URLs must stay checked).
  const app = await buildTestApp({ ...s3.env, S3_VIDEO_DELIVERY: 'redirect', VIDEO_PROCESSING: 'true' });
  const creator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'Bucket lesson' }] });
  const [lesson] = course.lectures;
  const row = async () => (await app.db.select().from(lectures).where(eq(lectures.id, lesson.id)))[0];
  const upload = () =>
    send(app, 'POST', `/api/course/editlecture/${lesson.id}`, cookie, {
      multipart: { videoUrl: { filename: 'small.mp4', type: 'video/mp4', data: readFileSync(clipFile) } },
    });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  it('stores renditions and poster in the bucket and streams them through the server', async () => {
    expect((await upload()).json().lecture.processing).toBe('queued');
    await waitFor(async () => (await row()).processing === 'ready', 150_000, 'processing ready');
    const ready = await row();
    expect(ready).toMatchObject({ videoWidth: 640, videoHeight: 360 });
    expect(Math.abs((ready.durationSeconds ?? 0) - 5)).toBeLessThanOrEqual(0.5);
    const keys = await app.storage.list(processedPrefix(ready.videoKey as string));
    expect(keys).toEqual(
      expect.arrayContaining([
        `${ready.hlsKey}/master.m3u8`,
        `${ready.hlsKey}/240p/index.m3u8`,
        `${ready.hlsKey}/360p/index.m3u8`,
        ready.posterKey,
      ]),
    );

    expect((await get(`/media/lectures/${lesson.id}`)).statusCode).toBe(302);
    const master = await get(`/media/lectures/${lesson.id}/hls/master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.body.match(/^#EXT-X-STREAM-INF:.*$/gm)).toEqual([
      expect.stringContaining('RESOLUTION=426x240,CODECS="avc1.4d401f"'),
      expect.stringContaining('RESOLUTION=640x360,CODECS="avc1.4d401f"'),
    ]);
    const variant = (await get(`/media/lectures/${lesson.id}/hls/360p/index.m3u8`)).body;
    const first = variant.split('\n').find((l) => l.endsWith('.ts'));
    const segment = await get(`/media/lectures/${lesson.id}/hls/360p/${first}`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await get(`/media/lectures/${lesson.id}/poster.jpg`);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    // A new upload replaces the video: the old renditions leave the bucket with the old original.
    const old = processedPrefix(ready.videoKey as string);
    expect((await upload()).statusCode).toBe(200);
    expect(await app.storage.list(old)).toEqual([]);
    await waitFor(async () => (await row()).processing === 'ready', 150_000, 'processing ready again');
  }, 180_000);
});
