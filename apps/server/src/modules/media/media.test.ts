import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

describe('lecture video streaming', async () => {
  const app = await buildTestApp();
  const video = randomBytes(10_000);
  const key = 'private/test/video.mp4';
  await app.storage.put(key, video);

  const creator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, creator.id, {
    lectures: [
      { lectureTitle: 'Free intro', isPreviewFree: true, videoKey: key },
      { lectureTitle: 'Paid part', isPreviewFree: false, videoKey: key },
      { lectureTitle: 'No video yet', isPreviewFree: false },
    ],
  });
  const [free, paid, empty] = course.lectures;
  const enrolled = await createUser(app);
  await enroll(app, enrolled.id, course.id);
  const stranger = await createUser(app);
  const otherEducator = await createUser(app, { role: 'educator' });

  const cookies = {
    anonymous: undefined,
    stranger: await loginCookie(app, stranger),
    otherEducator: await loginCookie(app, otherEducator),
    enrolled: await loginCookie(app, enrolled),
    creator: await loginCookie(app, creator),
  };
  const fetchVideo = (lectureId: string, cookie?: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.inject({
      method: method as 'GET' | 'HEAD',
      url: `/media/lectures/${lectureId}`,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });

  it('gives the presenter URL of each lecture with a video', async () => {
    const detail = (await app.inject(`/api/course/getcourse/${course.id}`)).json();
    expect(detail.lectures.map((l: { videoUrl: string | null }) => l.videoUrl)).toEqual([
      `/media/lectures/${free.id}`,
      `/media/lectures/${paid.id}`,
      null,
    ]);
  });

  it.each([
    ['anonymous', 'free', 403],
    ['anonymous', 'paid', 403],
    ['stranger', 'free', 200],
    ['stranger', 'paid', 403],
    ['otherEducator', 'free', 200],
    ['otherEducator', 'paid', 403],
    ['enrolled', 'free', 200],
    ['enrolled', 'paid', 200],
    ['creator', 'free', 200],
    ['creator', 'paid', 200],
  ] as const)('%s × %s lecture → %i', async (who, which, status) => {
    const res = await fetchVideo(which === 'free' ? free.id : paid.id, cookies[who]);
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      expect(res.rawPayload.equals(video)).toBe(true);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-length']).toBe(String(video.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['last-modified']).toBeTruthy();
    } else {
      expect(res.json().message).toBeTruthy();
      expect(res.rawPayload.includes(video.subarray(0, 32))).toBe(false);
    }
  });

  it('refuses anonymous visitors with 403 even for ids that do not exist', async () => {
    expect((await fetchVideo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    expect((await fetchVideo('..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(403);
  });

  it('answers 404 for unknown lectures and lectures without a video', async () => {
    expect((await fetchVideo('00000000-0000-4000-8000-000000000000', cookies.enrolled)).statusCode).toBe(404);
    expect((await fetchVideo('not-a-uuid', cookies.enrolled)).statusCode).toBe(404);
    expect((await fetchVideo(empty.id, cookies.creator)).statusCode).toBe(404);
    // Without access, a lecture without a video still answers 403: nothing is revealed.
    expect((await fetchVideo(empty.id, cookies.stranger)).statusCode).toBe(403);
  });

  it('hides free previews of an unpublished course from everyone but its creator and learners', async () => {
    const draft = await createCourse(app, creator.id, {
      isPublished: false,
      lectures: [{ lectureTitle: 'Draft intro', isPreviewFree: true, videoKey: key }],
    });
    expect((await fetchVideo(draft.lectures[0].id, cookies.stranger)).statusCode).toBe(403);
    expect((await fetchVideo(draft.lectures[0].id, cookies.creator)).statusCode).toBe(200);
  });

  describe('Range requests', () => {
    const ranged = (range: string, extra: Record<string, string> = {}) =>
      fetchVideo(paid.id, cookies.enrolled, { range, ...extra });

    it('serves the first bytes', async () => {
      const res = await ranged('bytes=0-99');
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-99/${video.length}`);
      expect(res.headers['content-length']).toBe('100');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    });

    it('serves a middle slice', async () => {
      const res = await ranged('bytes=4000-4999');
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 4000-4999/${video.length}`);
      expect(res.rawPayload.equals(video.subarray(4000, 5000))).toBe(true);
    });

    it('serves a suffix (the last N bytes)', async () => {
      const res = await ranged('bytes=-500');
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 9500-9999/${video.length}`);
      expect(res.headers['content-length']).toBe('500');
      expect(res.rawPayload.equals(video.subarray(9500))).toBe(true);
      // A suffix longer than the file is the whole file.
      const all = await ranged('bytes=-20000');
      expect(all.statusCode).toBe(206);
      expect(all.rawPayload.equals(video)).toBe(true);
    });

    it('serves an open-ended range, and clamps an end past the file', async () => {
      const open = await ranged('bytes=9000-');
      expect(open.statusCode).toBe(206);
      expect(open.headers['content-range']).toBe(`bytes 9000-9999/${video.length}`);
      expect(open.rawPayload.equals(video.subarray(9000))).toBe(true);
      const past = await ranged('bytes=9990-20000');
      expect(past.headers['content-range']).toBe(`bytes 9990-9999/${video.length}`);
      expect(past.rawPayload.equals(video.subarray(9990))).toBe(true);
    });

    it('answers 416 with the size for invalid or unsatisfiable ranges', async () => {
      for (const range of [
        'bytes=10000-',
        'bytes=20000-20100',
        'bytes=500-100',
        'bytes=-0',
        'bytes=abc',
        'bytes=-',
        'nonsense',
      ]) {
        const res = await ranged(range);
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
        expect(res.json().id).toBe('range_not_satisfiable');
      }
    });

    it('ignores other units and multiple ranges (the whole file, 200)', async () => {
      expect((await ranged('items=0-5')).statusCode).toBe(200);
      const multi = await ranged('bytes=0-1, 5-6');
      expect(multi.statusCode).toBe(200);
      expect(multi.rawPayload.equals(video)).toBe(true);
    });

    it('checks access before ranges: a stranger gets 403, not bytes', async () => {
      const res = await fetchVideo(paid.id, cookies.stranger, { range: 'bytes=0-99' });
      expect(res.statusCode).toBe(403);
    });

    it('honours If-Range: a stale validator gets the whole file', async () => {
      const { etag } = (await ranged('bytes=0-1')).headers;
      expect((await ranged('bytes=0-1', { 'if-range': String(etag) })).statusCode).toBe(206);
      const stale = await ranged('bytes=0-1', { 'if-range': '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(video.length);
    });
  });

  it('revalidates with ETag and Last-Modified (304)', async () => {
    const first = await fetchVideo(paid.id, cookies.enrolled);
    const byEtag = await fetchVideo(paid.id, cookies.enrolled, { 'if-none-match': String(first.headers.etag) });
    expect(byEtag.statusCode).toBe(304);
    expect(byEtag.rawPayload.length).toBe(0);
    const byDate = await fetchVideo(paid.id, cookies.enrolled, {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(byDate.statusCode).toBe(304);
    // Revalidating still needs access.
    const stranger = await fetchVideo(paid.id, cookies.stranger, { 'if-none-match': String(first.headers.etag) });
    expect(stranger.statusCode).toBe(403);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await fetchVideo(paid.id, cookies.enrolled, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.rawPayload.length).toBe(0);
    const part = await fetchVideo(paid.id, cookies.enrolled, { range: 'bytes=0-9' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
    expect((await fetchVideo(paid.id, cookies.stranger, {}, 'HEAD')).statusCode).toBe(403);
  });

  it('never serves private video keys as public static files', async () => {
    const res = await app.inject(`/media/public/../${key}`);
    expect(res.statusCode).not.toBe(200);
    expect((await app.inject(`/media/${key}`)).statusCode).toBe(404);
  });

  it("serves the landing page's About Us video publicly, with ranges", async () => {
    const res = await app.inject({ url: '/media/site/about.mp4', headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect((await app.inject('/media/site/lecture-02.mp4')).statusCode).toBe(404);
    expect((await app.inject('/media/site/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });
});
