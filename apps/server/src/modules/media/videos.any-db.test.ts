import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectures } from '../../core/db/schema/index.ts';
import { listLocalKeys, localStorage } from '../../core/storage.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { send, storedKeys, TINY_MP4 } from '../courses/test-helpers.ts';
import { storeVideo } from './videos.ts';

const LIMIT = 1024 * 1024;

describe('lecture video uploads', async () => {
  const app = await buildTestApp({ MAX_VIDEO_BYTES: String(LIMIT) });
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  const lectureRow = async (id: string) => (await app.db.select().from(lectures).where(eq(lectures.id, id)))[0];

  it('refuses a video over MAX_VIDEO_BYTES with 413 and keeps nothing', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'Big' }] });
    const id = c.lectures[0].id;
    const big = Buffer.concat([TINY_MP4, Buffer.alloc(LIMIT)]);
    const res = await send(app, 'POST', `/api/course/editlecture/${id}`, cookie, {
      multipart: { lectureTitle: 'Changed', videoUrl: { filename: 'big.mp4', type: 'video/mp4', data: big } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Videos must be 1 MB or smaller');
    expect(await storedKeys(app, 'private')).toEqual([]);
    expect(await lectureRow(id)).toMatchObject({ lectureTitle: 'Big', videoKey: null });

    const exact = Buffer.concat([TINY_MP4, Buffer.alloc(LIMIT - TINY_MP4.length)]);
    const ok = await send(app, 'POST', `/api/course/editlecture/${id}`, cookie, {
      multipart: { videoUrl: { filename: 'ok.mp4', type: 'video/mp4', data: exact } },
    });
    expect(ok.statusCode).toBe(200);
    expect((await lectureRow(id)).videoSize).toBe(LIMIT);
  });

  it('fails (and keeps nothing) when the parser tears the file stream down without an error', async () => {
    const root = `${app.config.dataDir}/unit-media`;
    const storage = localStorage(root);
    for (const cut of [100, TINY_MP4.length]) {
      const source = Object.assign(new PassThrough(), { truncated: false });
      const pending = storeVideo(
        storage,
        { file: source as never },
        { courseId: 'c', lectureId: 'l', maxBytes: LIMIT },
      );
      source.write(TINY_MP4.subarray(0, cut));
      if (cut === TINY_MP4.length) source.write(Buffer.alloc(64 * 1024));
      setTimeout(() => source.destroy(), 50);
      await expect(pending).rejects.toMatchObject({ statusCode: 400 });
      expect(await listLocalKeys(root)).toEqual([]);
    }
  });

  it('leaves no partial file and no half-updated lecture when the client aborts mid-upload', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'Aborted' }] });
    const id = c.lectures[0].id;
    const before = await lectureRow(id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const boundary = '----kakshaabort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="isPreviewFree"\r\n\r\ntrue\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="a.mp4"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    );
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/course/editlecture/${id}`,
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + LIMIT / 2 + 100),
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(TINY_MP4);
    req.write(Buffer.alloc(64 * 1024));

    // Wait until the upload is being written to storage, then drop the connection.
    const partial = async () => (await storedKeys(app, `private/lectures/${c.id}`)).filter((k) => k.endsWith('.part'));
    const deadline = Date.now() + 10_000;
    while ((await partial()).length === 0) {
      if (Date.now() > deadline) throw new Error('the upload never reached storage');
      await new Promise((r) => setTimeout(r, 20));
    }
    req.destroy();

    const cleanDeadline = Date.now() + 10_000;
    while ((await storedKeys(app, `private/lectures/${c.id}`)).length > 0) {
      if (Date.now() > cleanDeadline)
        throw new Error(`left behind: ${await storedKeys(app, `private/lectures/${c.id}`)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedKeys(app, `private/lectures/${c.id}`)).toEqual([]);
    expect(await lectureRow(id)).toEqual(before);
  });
});
