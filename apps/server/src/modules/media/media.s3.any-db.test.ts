import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, enroll, loginCookie } from '../../test/app.ts';
import { startS3 } from '../../test/s3.ts';
import { jpeg, send, TINY_MP4 } from '../courses/test-helpers.ts';

/** Media routes with STORAGE=s3 against a real S3 endpoint (s3rver on loopback). */
describe('media in an S3 bucket', async () => {
  const s3 = await startS3();
  afterAll(() => s3.close());
  const app = await buildTestApp(s3.env);
  const cdn = await buildTestApp({ ...s3.env, MEDIA_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` });

  const educator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);
  const stranger = await createUser(app);
  const cookie = await loginCookie(app, educator);
  // 7 MB, under the 8 MB multipart body limit routes have by default (storage.any-db.test.ts covers
  // multipart uploads of several parts).
  const video = Buffer.concat([TINY_MP4, randomBytes(7 * 1024 * 1024)]);

  const course = (
    await send(app, 'POST', '/api/course/create', cookie, { title: 'Bucket course', category: 'Web Development' })
  ).json();
  const edited = await send(app, 'POST', `/api/course/editcourse/${course._id}`, cookie, {
    multipart: {
      price: '0',
      level: 'Beginner',
      isPublished: 'true',
      thumbnail: { filename: 'cover.jpg', type: 'image/jpeg', data: await jpeg() },
    },
  });
  const lecture = (
    await send(app, 'POST', `/api/course/createlecture/${course._id}`, cookie, { lectureTitle: 'In the bucket' })
  ).json().lecture;
  const uploaded = await send(app, 'POST', `/api/course/editlecture/${lecture._id}`, cookie, {
    multipart: { lectureTitle: 'In the bucket', videoUrl: { filename: 'big.mp4', type: 'video/mp4', data: video } },
  });
  await enroll(app, learner.id, course._id);

  it('stores thumbnails in the bucket and serves them under /media/public', async () => {
    expect(edited.statusCode).toBe(200);
    const url: string = edited.json().thumbnail;
    expect(url).toMatch(new RegExp(`^/media/public/thumbnails/${course._id}/[0-9a-f]+-640\\.webp$`));
    expect(await app.storage.list(`public/thumbnails/${course._id}/`)).toHaveLength(2);
    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await app.inject('/media/public/thumbnails/nope.webp')).statusCode).toBe(404);
    // Straight from the bucket, the object carries its type and caching too.
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}${url.slice('/media'.length)}`);
    expect(direct.headers.get('content-type')).toBe('image/webp');
  });

  it('gives absolute public URLs when MEDIA_PUBLIC_URL is set', async () => {
    const other = await createUser(cdn, { role: 'educator' });
    const otherCookie = await loginCookie(cdn, other);
    const c = (
      await send(cdn, 'POST', '/api/course/create', otherCookie, { title: 'CDN', category: 'Web Development' })
    ).json();
    const res = await send(cdn, 'POST', `/api/course/editcourse/${c._id}`, otherCookie, {
      multipart: { thumbnail: { filename: 'cover.jpg', type: 'image/jpeg', data: await jpeg() } },
    });
    const url: string = res.json().thumbnail;
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/public/thumbnails/${c._id}/`)).toBe(true);
    expect(res.json().thumbnailSrcSet).toContain(`${s3.endpoint}/${s3.bucket}/public/`);
    const direct = await fetch(url);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
  });

  it('streams an uploaded video with exact bytes, whole and by range', async () => {
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const learnerCookie = await loginCookie(app, learner);
    const whole = await app.inject({ url: `/media/lectures/${lecture._id}`, headers: { cookie: learnerCookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(whole.rawPayload.equals(video)).toBe(true);
    const start = 5 * 1024 * 1024 - 7;
    const end = start + 300_000;
    const part = await app.inject({
      url: `/media/lectures/${lecture._id}`,
      headers: { cookie: learnerCookie, range: `bytes=${start}-${end}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
    const strangerCookie = await loginCookie(app, stranger);
    expect(
      (await app.inject({ url: `/media/lectures/${lecture._id}`, headers: { cookie: strangerCookie } })).statusCode,
    ).toBe(403);
  });

  it('redirects to a short-lived presigned URL after the access check when S3_VIDEO_DELIVERY=redirect', async () => {
    const { s3: settings } = app.config.storage;
    settings.videoDelivery = 'redirect';
    settings.presignExpiresSeconds = 120;
    try {
      const learnerCookie = await loginCookie(app, learner);
      const res = await app.inject({ url: `/media/lectures/${lecture._id}`, headers: { cookie: learnerCookie } });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe(s3.endpoint);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('120');
      const start = 1_000_000;
      const ranged = await fetch(location, { headers: { range: `bytes=${start}-${start + 99}` } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(start, start + 100))).toBe(true);
      // No access, no URL.
      const strangerCookie = await loginCookie(app, stranger);
      const refused = await app.inject({ url: `/media/lectures/${lecture._id}`, headers: { cookie: strangerCookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
    } finally {
      settings.videoDelivery = 'stream';
    }
  });

  it('removes the course media from the bucket with the course', async () => {
    const c = (
      await send(app, 'POST', '/api/course/create', cookie, { title: 'Short lived', category: 'Web Development' })
    ).json();
    await send(app, 'POST', `/api/course/editcourse/${c._id}`, cookie, {
      multipart: { thumbnail: { filename: 'x.jpg', type: 'image/jpeg', data: await jpeg(400, 225) } },
    });
    const l = (await send(app, 'POST', `/api/course/createlecture/${c._id}`, cookie, { lectureTitle: 'One' })).json()
      .lecture;
    await send(app, 'POST', `/api/course/editlecture/${l._id}`, cookie, {
      multipart: { lectureTitle: 'One', videoUrl: { filename: 'a.mp4', type: 'video/mp4', data: TINY_MP4 } },
    });
    expect(await app.storage.list(`private/lectures/${c._id}/`)).toHaveLength(1);
    expect((await send(app, 'DELETE', `/api/course/removecourse/${c._id}`, cookie)).statusCode).toBeLessThan(300);
    expect(await app.storage.list(`private/lectures/${c._id}/`)).toEqual([]);
    expect(await app.storage.list(`public/thumbnails/${c._id}/`)).toEqual([]);
  });
});
