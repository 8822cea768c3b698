import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { type Part, send, storedKeys, TINY_MP4 } from '../courses/test-helpers.ts';
import { lectureVideoPrefix } from '../media/media.service.ts';

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,500\r\nNamaste\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nShuru karte hain\r\n';
const VTT = 'WEBVTT\n\n00:00.500 --> 00:02.000\nWelcome\n';

describe('lecture captions, and uploads on a server without ffmpeg', async () => {
  // Processing asked for, but the program is missing: the server works as before.
  const logs: string[] = [];
  const app = await buildTestApp(
    { VIDEO_PROCESSING: 'true', FFMPEG_PATH: '/nonexistent/ffmpeg', LOG_LEVEL: 'warn' },
    { logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } },
  );
  const creator = await createUser(app, { role: 'educator' });
  const creatorCookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, {
    isPublished: true,
    lectures: [{ lectureTitle: 'Paid' }, { lectureTitle: 'Preview', isPreviewFree: true }],
  });
  const [paid, preview] = course.lectures;
  const learner = await createUser(app);
  await enroll(app, learner.id, course.id);
  const cookies = {
    anonymous: undefined,
    stranger: await loginCookie(app, await createUser(app)),
    enrolled: await loginCookie(app, learner),
    otherEducator: await loginCookie(app, await createUser(app, { role: 'educator' })),
    creator: creatorCookie,
  };

  const file = (text: string | Buffer, filename = 'hindi.srt', type = 'application/x-subrip'): Part => ({
    filename,
    type,
    data: Buffer.isBuffer(text) ? text : Buffer.from(text),
  });
  /** As the creator unless told otherwise (null: anonymous). */
  const postCaptions = (id: string, parts: Record<string, Part>, cookie: string | null = creatorCookie) =>
    send(app, 'POST', `/api/course/lecturecaptions/${id}`, cookie ?? undefined, { multipart: parts });
  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('without ffmpeg an upload still works: processing stays null, the original streams, it is logged once', async () => {
    const res = await send(app, 'POST', `/api/course/editlecture/${paid.id}`, creatorCookie, {
      multipart: { videoUrl: { filename: 'a.mp4', type: 'video/mp4', data: TINY_MP4 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lecture).toMatchObject({ processing: null, hlsUrl: null, posterUrl: null });
    const [row] = await app.db.select().from(lectures).where(eq(lectures.id, paid.id));
    expect(row.processing).toBeNull();
    const video = await get(`/media/lectures/${paid.id}`, creatorCookie);
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(TINY_MP4)).toBe(true);
    expect((await get(`/media/lectures/${paid.id}/hls/master.m3u8`, creatorCookie)).statusCode).toBe(404);
    expect((await get(`/media/lectures/${paid.id}/poster.jpg`, creatorCookie)).statusCode).toBe(404);
    expect(logs.filter((l) => l.includes('lecture video processing is off'))).toHaveLength(1);
    const retry = await send(app, 'POST', `/api/course/retryprocessing/${paid.id}`, creatorCookie);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('Video processing is off on this server');
  });

  it('stores an .srt upload as WebVTT and lists it on the lecture', async () => {
    const res = await postCaptions(paid.id, { lang: 'hi-in', label: 'हिन्दी', captions: file(SRT) });
    expect(res.statusCode).toBe(200);
    const url = `/media/lectures/${paid.id}/captions/hi-IN.vtt`;
    expect(res.json()).toEqual({ captions: [{ lang: 'hi-IN', label: 'हिन्दी', url }] });
    const vtt = await get(url, creatorCookie);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nNamaste\n\n2\n00:00:03.000 --> 00:00:04.000\nShuru karte hain\n',
    );
    const detail = (await get(`/api/course/getcourse/${course.id}`, cookies.enrolled)).json();
    expect(detail.lectures.find((l: { _id: string }) => l._id === paid.id).captions).toEqual([
      { lang: 'hi-IN', label: 'हिन्दी', url },
    ]);
  });

  it('replaces captions in the same language (and the old file), keeps other languages', async () => {
    const before = await storedKeys(app, `${lectureVideoPrefix(course.id, paid.id)}captions/`);
    expect(before).toHaveLength(1);
    await postCaptions(paid.id, { lang: 'en', label: 'English', captions: file(VTT, 'en.vtt', 'text/vtt') });
    const res = await postCaptions(paid.id, {
      lang: 'hi-IN',
      label: 'Hindi',
      captions: file(VTT.replace('Welcome', 'Swagat'), 'hi.vtt', 'text/vtt'),
    });
    expect(res.json().captions.map((c: { lang: string; label: string }) => `${c.lang}:${c.label}`)).toEqual([
      'en:English',
      'hi-IN:Hindi',
    ]);
    const after = await storedKeys(app, `${lectureVideoPrefix(course.id, paid.id)}captions/`);
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect((await get(`/media/lectures/${paid.id}/captions/hi-IN.vtt`, creatorCookie)).body).toContain('Swagat');
    expect((await get(`/media/lectures/${paid.id}/captions/hi-in.vtt`, creatorCookie)).body).toContain('Swagat');
  });

  it.each([
    ['a file that is not captions', { lang: 'en', label: 'E', captions: file('just some words', 'x.srt') }, 400],
    [
      'an image renamed .vtt',
      { lang: 'en', label: 'E', captions: file(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1]), 'x.vtt') },
      400,
    ],
    ['a .txt file', { lang: 'en', label: 'E', captions: file(SRT, 'x.txt', 'text/plain') }, 400],
    ['no file', { lang: 'en', label: 'E' }, 400],
    ['no language', { label: 'E', captions: file(SRT) }, 400],
    ['a language that is no BCP-47 tag', { lang: 'english please', label: 'E', captions: file(SRT) }, 400],
    ['an unknown private-use mess', { lang: 'x', label: 'E', captions: file(SRT) }, 400],
    ['no label', { lang: 'en', captions: file(SRT) }, 400],
    ['a file over 1 MB', { lang: 'en', label: 'E', captions: file(`${SRT}\n${'a'.repeat(1024 * 1024)}`) }, 413],
    ['the file in another field', { lang: 'en', label: 'E', subtitles: file(SRT) }, 400],
  ] as const)('refuses %s', async (_what, parts, status) => {
    const res = await postCaptions(paid.id, parts as Record<string, Part>);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBeTruthy();
    expect((await get(`/api/course/getcourse/${course.id}`, creatorCookie)).json().lectures[0].captions).toHaveLength(
      2,
    );
  });

  it('lets only the creator change captions (anonymous 401, student 403, other educator 403)', async () => {
    const parts = { lang: 'ta', label: 'Tamil', captions: file(SRT) };
    expect((await postCaptions(paid.id, parts, null)).statusCode).toBe(401);
    expect((await postCaptions(paid.id, parts, cookies.enrolled)).statusCode).toBe(403);
    expect((await postCaptions(paid.id, parts, cookies.otherEducator)).statusCode).toBe(403);
    expect((await postCaptions('00000000-0000-4000-8000-000000000000', parts)).statusCode).toBe(404);
    const del = (cookie?: string) => send(app, 'DELETE', `/api/course/lecturecaptions/${paid.id}?lang=en`, cookie);
    expect((await del()).statusCode).toBe(401);
    expect((await del(cookies.enrolled)).statusCode).toBe(403);
    expect((await del(cookies.otherEducator)).statusCode).toBe(403);
    // An unpublished course of someone else does not exist for them.
    const hidden = await createCourse(app, creator.id, { isPublished: false, lectures: [{ lectureTitle: 'Draft' }] });
    expect((await postCaptions(hidden.lectures[0].id, parts, cookies.otherEducator)).statusCode).toBe(404);
  });

  it('serves captions only to those who may watch the lecture (free preview: any signed-in user)', async () => {
    await postCaptions(preview.id, { lang: 'en', label: 'English', captions: file(VTT, 'en.vtt') });
    const statuses = async (id: string) => {
      const out: Record<string, number> = {};
      for (const [who, cookie] of Object.entries(cookies)) {
        out[who] = (await get(`/media/lectures/${id}/captions/en.vtt`, cookie)).statusCode;
      }
      return out;
    };
    expect(await statuses(paid.id)).toEqual({
      anonymous: 403,
      stranger: 403,
      enrolled: 200,
      otherEducator: 403,
      creator: 200,
    });
    expect(await statuses(preview.id)).toEqual({
      anonymous: 403,
      stranger: 200,
      enrolled: 200,
      otherEducator: 200,
      creator: 200,
    });
    for (const name of ['fr.vtt', 'en.srt', '..%2F..%2Fen.vtt', 'en', '%00.vtt']) {
      expect((await get(`/media/lectures/${paid.id}/captions/${name}`, creatorCookie)).statusCode).toBe(404);
    }
  });

  it('editlecture answers the lecture with its captions', async () => {
    const res = await send(app, 'POST', `/api/course/editlecture/${paid.id}`, creatorCookie, { lectureTitle: 'Paid!' });
    expect(res.json().lecture.captions.map((c: { lang: string }) => c.lang)).toEqual(['en', 'hi-IN']);
  });

  it('removes captions in one language, then 404 for it', async () => {
    const res = await send(app, 'DELETE', `/api/course/lecturecaptions/${paid.id}?lang=en`, creatorCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().captions.map((c: { lang: string }) => c.lang)).toEqual(['hi-IN']);
    expect((await get(`/media/lectures/${paid.id}/captions/en.vtt`, creatorCookie)).statusCode).toBe(404);
    expect(
      (await send(app, 'DELETE', `/api/course/lecturecaptions/${paid.id}?lang=en`, creatorCookie)).statusCode,
    ).toBe(404);
    expect(
      (await send(app, 'DELETE', `/api/course/lecturecaptions/${paid.id}?lang=%20`, creatorCookie)).statusCode,
    ).toBe(400);
    expect(await storedKeys(app, `${lectureVideoPrefix(course.id, paid.id)}captions/`)).toHaveLength(1);
  });

  it('removing the lecture removes its video and captions files', async () => {
    expect((await send(app, 'DELETE', `/api/course/removelecture/${paid.id}`, creatorCookie)).statusCode).toBe(200);
    expect(await storedKeys(app, lectureVideoPrefix(course.id, paid.id))).toEqual([]);
  });
});
