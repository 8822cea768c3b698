import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { send, storedKeys } from '../courses/test-helpers.ts';
import { renditionsFor } from './video-processing.ts';
import { lectureVideoPrefix } from './videos.ts';

const run = promisify(execFile);
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Transcoding on a small, busy machine: generous, but every wait polls a condition. */
const SLOW = 180_000;

describe('rendition ladder', () => {
  it('never goes above the source, always has the lowest rung, and keeps portrait videos upright', () => {
    expect(renditionsFor(1280, 720).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual([
      '240p 426x240',
      '360p 640x360',
      '480p 854x480',
      '720p 1280x720',
    ]);
    expect(renditionsFor(1920, 1080).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p']);
    expect(renditionsFor(640, 480).map((r) => r.name)).toEqual(['240p', '360p', '480p']);
    expect(
      renditionsFor(720, 1280)
        .map((r) => `${r.width}x${r.height}`)
        .at(-1),
    ).toBe('720x1280');
    expect(renditionsFor(320, 180)).toEqual([expect.objectContaining({ name: '240p', width: 320, height: 180 })]);
  });
});

describe.skipIf(!hasFfmpeg)('lecture video processing (ffmpeg)', async () => {
  // Vitest still collects a skipped suite's body: make no clip without ffmpeg.
  if (!hasFfmpeg) return it('needs ffmpeg', () => {});
  // One 10 s 720p clip with sound for the whole file, and an ffmpeg that fails once on demand.
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-clip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const clipFile = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clipFile],
  ]);
  const clip = readFileSync(clipFile);
  const failNext = path.join(dir, 'fail-next');
  const flakyFfmpeg = path.join(dir, 'ffmpeg');
  // A conversion that dies the first time it is asked to (a crashed attempt), then works.
  writeFileSync(
    flakyFfmpeg,
    `#!/bin/sh\nif [ "$1" != "-version" ] && [ -e '${failNext}' ]; then rm -f '${failNext}'; echo crashed >&2; exit 1; fi\nexec ffmpeg "$@"\n`,
  );
  chmodSync(flakyFfmpeg, 0o755);

  const app = await buildTestApp({ VIDEO_PROCESSING: 'true', FFMPEG_PATH: flakyFfmpeg });
  const creator = await createUser(app, { role: 'educator' });
  const creatorCookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, {
    isPublished: true,
    lectures: [{ lectureTitle: 'Paid lesson' }, { lectureTitle: 'Broken upload' }],
  });
  const [lesson, broken] = course.lectures;
  const learner = await createUser(app);
  await enroll(app, learner.id, course.id);
  const stranger = await createUser(app);
  const cookies = {
    anonymous: undefined,
    stranger: await loginCookie(app, stranger),
    enrolled: await loginCookie(app, learner),
    creator: creatorCookie,
  };

  const row = async (id: string) => (await app.db.select().from(lectures).where(eq(lectures.id, id)))[0];
  const upload = (id: string, data: Buffer) =>
    send(app, 'POST', `/api/course/editlecture/${id}`, creatorCookie, {
      multipart: { videoUrl: { filename: 'lesson.mp4', type: 'video/mp4', data } },
    });
  const untilSettled = async (id: string, state: 'ready' | 'failed') => {
    await waitFor(async () => (await row(id)).processing === state, SLOW - 20_000, `processing ${state}`);
    return row(id);
  };
  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const hls = (id: string, file: string, cookie = creatorCookie) => get(`/media/lectures/${id}/hls/${file}`, cookie);
  const variants = (master: string) =>
    master
      .split('\n')
      .map((line, i, lines) => ({ inf: line, uri: lines[i + 1] }))
      .filter((v) => v.inf.startsWith('#EXT-X-STREAM-INF:'));
  const extinfTotal = (playlist: string) =>
    [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);

  let firstPrefix = '';
  const timings: Record<string, number> = {};

  it(
    'converts an upload to HLS renditions up to 720p with a poster, duration and size',
    async () => {
      const started = Date.now();
      const res = await upload(lesson.id, clip);
      expect(res.statusCode).toBe(200);
      expect(res.json().lecture).toMatchObject({ processing: 'queued', hlsUrl: null, posterUrl: null });
      const ready = await untilSettled(lesson.id, 'ready');
      timings.first = (Date.now() - started) / 1000;

      expect(ready).toMatchObject({ videoWidth: 1280, videoHeight: 720, processingError: null });
      expect(Math.abs((ready.durationSeconds ?? 0) - 10)).toBeLessThanOrEqual(0.5);
      firstPrefix = ready.hlsKey?.replace(/hls$/, '') ?? '';
      expect(firstPrefix.startsWith(lectureVideoPrefix(course.id, lesson.id))).toBe(true);

      const detail = (await get(`/api/course/getcourselecture/${course.id}`, creatorCookie)).json();
      expect(detail.lectures.find((l: { _id: string }) => l._id === lesson.id)).toMatchObject({
        processing: 'ready',
        duration: ready.durationSeconds,
        hlsUrl: `/media/lectures/${lesson.id}/hls/master.m3u8`,
        posterUrl: `/media/lectures/${lesson.id}/poster.jpg`,
      });

      const master = await hls(lesson.id, 'master.m3u8');
      expect(master.statusCode).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const list = variants(master.body);
      expect(list.map((v) => v.uri)).toEqual([
        '240p/index.m3u8',
        '360p/index.m3u8',
        '480p/index.m3u8',
        '720p/index.m3u8',
      ]);
      for (const v of list) {
        expect(v.inf).toMatch(/BANDWIDTH=\d+/);
        expect(v.inf).toMatch(/RESOLUTION=\d+x(240|360|480|720)\b/);
        expect(v.inf).toContain('CODECS="avc1.4d401f,mp4a.40.2"');
      }
      expect(list.at(-1)?.inf).toContain('RESOLUTION=1280x720');

      const variant = await hls(lesson.id, '360p/index.m3u8');
      expect(variant.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(Math.abs(extinfTotal(variant.body) - 10)).toBeLessThanOrEqual(0.5);
      const segments = variant.body.split('\n').filter((l) => l.endsWith('.ts'));
      expect(segments.length).toBeGreaterThanOrEqual(2);
      const segment = await hls(lesson.id, `360p/${segments[0]}`);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      // The segment plays: a decoder reads H.264 640x360 and AAC from it without an error.
      const segFile = path.join(dir, 'segment.ts');
      writeFileSync(segFile, segment.rawPayload);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', segFile]);
      const streams = JSON.parse(stdout).streams as { codec_name: string; width?: number; height?: number }[];
      expect(streams).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ codec_name: 'h264', width: 640, height: 360 }),
          expect.objectContaining({ codec_name: 'aac' }),
        ]),
      );
      const decoded = await run('ffmpeg', ['-v', 'error', '-i', segFile, '-f', 'null', '-']);
      expect(decoded.stderr).toBe('');

      const poster = await get(`/media/lectures/${lesson.id}/poster.jpg`, creatorCookie);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      // Ranges work on segments as on the original (players may ask for parts).
      const part = await app.inject({
        method: 'GET',
        url: `/media/lectures/${lesson.id}/hls/360p/${segments[0]}`,
        headers: { cookie: creatorCookie, range: 'bytes=0-187' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(188);
      console.info(
        `[video-processing] 10 s 720p clip → 4 renditions: ${timings.first.toFixed(1)} s from upload to ready`,
      );
    },
    SLOW,
  );

  it('serves playlists, segments and the poster only to those who may watch the lecture', async () => {
    const segment = (await hls(lesson.id, '240p/index.m3u8')).body.split('\n').find((l) => l.endsWith('.ts'));
    const urls = [
      `/media/lectures/${lesson.id}/hls/master.m3u8`,
      `/media/lectures/${lesson.id}/hls/240p/index.m3u8`,
      `/media/lectures/${lesson.id}/hls/240p/${segment}`,
      `/media/lectures/${lesson.id}/poster.jpg`,
    ];
    const statuses = async () => {
      const out: Record<string, number[]> = {};
      for (const [who, cookie] of Object.entries(cookies)) {
        out[who] = [];
        for (const url of urls) out[who].push((await get(url, cookie)).statusCode);
      }
      return out;
    };
    expect(await statuses()).toEqual({
      anonymous: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
      enrolled: [200, 200, 200, 200],
      creator: [200, 200, 200, 200],
    });
    // A free preview of a published course: any signed-in user, still nobody anonymous.
    await send(app, 'POST', `/api/course/editlecture/${lesson.id}`, creatorCookie, { isPreviewFree: true });
    expect(await statuses()).toEqual({
      anonymous: [403, 403, 403, 403],
      stranger: [200, 200, 200, 200],
      enrolled: [200, 200, 200, 200],
      creator: [200, 200, 200, 200],
    });
    await send(app, 'POST', `/api/course/editlecture/${lesson.id}`, creatorCookie, { isPreviewFree: false });
  });

  it('reads nothing outside the lecture’s renditions (strict file names)', async () => {
    for (const file of [
      '..%2F..%2F..%2Fpackage.json',
      '..%2Fposter.jpg',
      '240p%2F..%2F..%2Fposter.jpg',
      '240p/..%2F..%2F..%2F..%2Fx.ts',
      '240p%2Findex.m3u8%00',
      'master.m3u8.bak',
      '240p/seg_000.mp4',
      '9999p/index.m3u8/x',
      '',
    ]) {
      const res = await hls(lesson.id, file);
      expect([file, res.statusCode]).toEqual([file, expect.toBeOneOf([400, 404])]);
    }
    expect((await hls(lesson.id, '480p/seg_999.ts')).statusCode).toBe(404);
    expect((await hls(broken.id, 'master.m3u8')).statusCode).toBe(404);
  });

  it(
    'retries an attempt that died mid-way; the replaced video’s renditions and poster are removed',
    async () => {
      const oldKeys = await storedKeys(app, firstPrefix);
      expect(oldKeys).toContain(`${firstPrefix}poster.jpg`);
      expect(oldKeys).toContain(`${firstPrefix}hls/master.m3u8`);
      writeFileSync(failNext, '');
      const res = await upload(lesson.id, clip);
      expect(res.json().lecture).toMatchObject({ processing: 'queued', hlsUrl: null, posterUrl: null });
      // Replaced at once: the old conversion's files go with the old original.
      expect(await storedKeys(app, firstPrefix)).toEqual([]);
      const started = Date.now();
      const ready = await untilSettled(lesson.id, 'ready');
      timings.retried = (Date.now() - started) / 1000;
      expect(existsSync(failNext)).toBe(false);
      expect(ready.hlsKey?.startsWith(firstPrefix)).toBe(false);
      expect((await hls(lesson.id, 'master.m3u8')).statusCode).toBe(200);
      const { rows } = (await app.db.execute(sql`
        select retry_count from pgboss.job where name = 'video-processing' and data->>'videoKey' = ${ready.videoKey}
        union all
        select retry_count from pgboss.archive where name = 'video-processing' and data->>'videoKey' = ${ready.videoKey}`)) as unknown as {
        rows: { retry_count: number }[];
      };
      expect(rows.map((r) => r.retry_count)).toEqual([1]);
    },
    SLOW,
  );

  it(
    'marks a file that is no video as failed with a short reason; the creator may queue it again',
    async () => {
      // MP4 by its first bytes (the upload check passes), but cut off: nothing can decode it.
      const res = await upload(broken.id, clip.subarray(0, 8192));
      expect(res.statusCode).toBe(200);
      const failed = await untilSettled(broken.id, 'failed');
      expect(failed.processingError).toBe('The file could not be read as a video.');
      expect(failed.hlsKey).toBeNull();
      // The creator's lecture list says why (the edit-lecture page shows it beside Retry processing).
      const listed = (await get(`/api/course/getcourselecture/${course.id}`, creatorCookie)).json();
      expect(listed.lectures.find((l: { _id: string }) => l._id === broken.id)).toMatchObject({
        processing: 'failed',
        processingError: 'The file could not be read as a video.',
      });
      // The original is still there to stream (what the player falls back to).
      expect((await get(`/media/lectures/${broken.id}`, creatorCookie)).statusCode).toBe(200);

      const retry = (id: string, cookie?: string) => send(app, 'POST', `/api/course/retryprocessing/${id}`, cookie);
      expect((await retry(broken.id)).statusCode).toBe(401);
      expect((await retry(broken.id, cookies.enrolled)).statusCode).toBe(403);
      const other = await createUser(app, { role: 'educator' });
      expect((await retry(broken.id, await loginCookie(app, other))).statusCode).toBe(403);
      // Only a failed conversion is queued again.
      expect((await retry(lesson.id, creatorCookie)).statusCode).toBe(409);
      const again = await retry(broken.id, creatorCookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ lecture: { _id: broken.id, processing: 'queued' } });
      expect((await row(broken.id)).processingError).toBeNull();
      expect((await untilSettled(broken.id, 'failed')).processingError).toBe('The file could not be read as a video.');
    },
    SLOW,
  );

  it('removing a lecture removes its original, renditions and poster', async () => {
    const prefix = lectureVideoPrefix(course.id, lesson.id);
    expect((await storedKeys(app, prefix)).length).toBeGreaterThan(10);
    expect((await send(app, 'DELETE', `/api/course/removelecture/${lesson.id}`, creatorCookie)).statusCode).toBe(200);
    expect(await storedKeys(app, prefix)).toEqual([]);
    console.info(`[video-processing] timings (s): ${JSON.stringify(timings)}`);
  });
});
