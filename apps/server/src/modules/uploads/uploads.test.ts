import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { sweepStaleUploads } from './uploads.service.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
const TUS = { 'tus-resumable': '1.0.0' };

describe('resumable lecture-video uploads (tus at /api/uploads)', async () => {
  const app = await buildTestApp();
  const creator = await createUser(app, { role: 'educator' });
  const other = await createUser(app, { role: 'educator' });
  const student = await createUser(app);
  const cookies = {
    creator: await loginCookie(app, creator),
    other: await loginCookie(app, other),
    student: await loginCookie(app, student),
  };
  const course = await createCourse(app, creator.id, {
    isPublished: true,
    lectures: [{ lectureTitle: 'One' }, { lectureTitle: 'Two' }, { lectureTitle: 'Three' }],
  });
  const draft = await createCourse(app, creator.id, { isPublished: false, lectures: [{ lectureTitle: 'Draft' }] });
  const [one, two, three] = course.lectures;
  const uploadsDir = path.join(app.config.dataDir, 'uploads');

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let clip: Buffer;
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'kaksha-tus-'));
    const file = path.join(workDir, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
      ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ]);
    clip = await readFile(file);
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  const call = (
    method: string,
    url: string,
    cookie: string | null,
    headers: Record<string, string> = {},
    body?: Buffer,
  ) =>
    fetch(new URL(url, base), {
      method,
      headers: { ...TUS, ...(cookie ? { cookie } : {}), ...headers },
      body: body ? new Uint8Array(body) : undefined,
    });
  const create = (cookie: string | null, length: number, meta: Record<string, string>) =>
    call('POST', '/api/uploads/', cookie, { 'upload-length': String(length), 'upload-metadata': metadata(meta) });
  const patch = (url: string, cookie: string | null, offset: number, body: Buffer) =>
    call(
      'PATCH',
      url,
      cookie,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body,
    );
  const head = (url: string, cookie: string | null) => call('HEAD', url, cookie);
  const uploadFiles = async () => (await readdir(uploadsDir)).sort();
  const lectureRow = async (id: string) => (await app.db.select().from(lectures).where(eq(lectures.id, id)))[0];

  it('uploads in parts, survives a dropped connection, resumes from the offset HEAD reports, and the lecture gets the video', async () => {
    const created = await create(cookies.creator, clip.length, {
      lectureId: one.id,
      filename: 'clip.mp4',
      filetype: 'video/mp4',
      userId: other.id, // a client's claim is never believed
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location') as string;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const id = url.split('/').pop() as string;

    const first = Math.floor(clip.length / 3);
    const part1 = await patch(url, cookies.creator, 0, clip.subarray(0, first));
    expect(part1.status).toBe(204);
    expect(part1.headers.get('upload-offset')).toBe(String(first));

    // The connection drops in the middle of the next part: some bytes arrive, then nothing.
    const aborter = new AbortController();
    const second = clip.subarray(first, Math.floor((clip.length * 2) / 3));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(second.subarray(0, Math.floor(second.length / 2))));
        setTimeout(() => aborter.abort(), 300);
      },
    });
    await fetch(new URL(url, base), {
      method: 'PATCH',
      headers: {
        ...TUS,
        cookie: cookies.creator,
        'upload-offset': String(first),
        'content-type': 'application/offset+octet-stream',
      },
      body,
      signal: aborter.signal,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);

    // Resume: ask where the server is, send the rest from there.
    const probe = await head(url, cookies.creator);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('cache-control')).toBe('no-store');
    expect(probe.headers.get('upload-length')).toBe(String(clip.length));
    const offset = Number(probe.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(first);
    expect(offset).toBeLessThan(clip.length);
    // The user id in the metadata is the server's, not the client's.
    const meta = probe.headers.get('upload-metadata') as string;
    expect(meta).toContain(`userId ${b64(creator.id)}`);
    expect(meta).toContain(`lectureId ${b64(one.id)}`);

    const done = await patch(url, cookies.creator, offset, clip.subarray(offset));
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = (await done.json()) as { message: string; lecture: { videoUrl: string } };
    expect(answer.message).toBe(MESSAGES.lectureUpdated);
    expect(answer.lecture.videoUrl).toBe(`/media/lectures/${one.id}`);

    const row = await lectureRow(one.id);
    expect(row.videoMime).toBe('video/mp4');
    expect(row.videoSize).toBe(clip.length);
    const media = await app.inject({
      method: 'GET',
      url: `/media/lectures/${one.id}`,
      headers: { cookie: cookies.creator },
    });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(clip)).toBe(true);
    // The parts are gone once stored; a client that lost that answer hears "complete", not "start over".
    expect((await uploadFiles()).filter((f) => f.startsWith(id))).toEqual([`${id}.json`]);
    const after = await head(url, cookies.creator);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(clip.length));
    expect(after.headers.get('upload-length')).toBe(String(clip.length));
    const again = await patch(url, cookies.creator, clip.length, Buffer.alloc(0));
    expect(again.status).toBe(409);
    expect((await head(url, cookies.other)).status).toBe(404);
    // Terminating it then forgets the record; the lecture keeps its video.
    expect((await call('DELETE', url, cookies.creator)).status).toBe(204);
    expect((await uploadFiles()).filter((f) => f.startsWith(id))).toEqual([]);
    expect((await head(url, cookies.creator)).status).toBe(404);
    expect((await lectureRow(one.id)).videoSize).toBe(clip.length);
  });

  it('replacing a video through tus removes the old one (same path as editlecture)', async () => {
    const before = await lectureRow(one.id);
    const created = await create(cookies.creator, clip.length, { lectureId: one.id, filename: 'again.mp4' });
    const url = created.headers.get('location') as string;
    expect((await patch(url, cookies.creator, 0, clip)).status).toBe(200);
    await call('DELETE', url, cookies.creator);
    const after = await lectureRow(one.id);
    expect(after.videoKey).not.toBe(before.videoKey);
    expect(await app.storage.stat(before.videoKey as string)).toBeNull();
    expect(await app.storage.stat(after.videoKey as string)).not.toBeNull();
  });

  it('works with tus-js-client (three chunks)', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const upload = new TusUpload(clip, {
        endpoint: new URL('/api/uploads/', base).toString(),
        chunkSize: Math.ceil(clip.length / 3),
        metadata: { lectureId: two.id, filename: 'clip.mp4', filetype: 'video/mp4' },
        headers: { cookie: cookies.creator },
        retryDelays: [],
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      });
      upload.start();
    });
    expect(JSON.parse(answer).lecture.videoUrl).toBe(`/media/lectures/${two.id}`);
    // Finished records stay until swept; the rest of the file expects an empty folder.
    await sweepStaleUploads(uploadsDir, -1);
    expect((await lectureRow(two.id)).videoSize).toBe(clip.length);
  });

  it('only the lecture’s creator may start an upload', async () => {
    const meta = { lectureId: three.id, filename: 'clip.mp4' };
    expect((await create(null, 100, meta)).status).toBe(401);
    const student = await create(cookies.student, 100, meta);
    expect(student.status).toBe(403);
    expect(((await student.json()) as { message: string }).message).toBeTruthy();
    // Another educator: 403 for a published course, 404 for a draft (as editlecture answers).
    const published = await create(cookies.other, 100, meta);
    expect(published.status).toBe(403);
    expect(await published.json()).toMatchObject({ id: 'creator_only_lecture' });
    expect((await create(cookies.other, 100, { lectureId: draft.lectures[0].id })).status).toBe(404);
    expect((await create(cookies.creator, 100, { filename: 'x.mp4' })).status).toBe(400);
    expect((await create(cookies.creator, 100, { lectureId: 'nope' })).status).toBe(404);
    // No Tus-Resumable header: not a tus request.
    const plain = await fetch(new URL('/api/uploads/', base), {
      method: 'POST',
      headers: { cookie: cookies.creator, 'upload-length': '100', 'upload-metadata': metadata(meta) },
    });
    expect(plain.status).toBe(412);
    expect(await uploadFiles()).toEqual([]);
  });

  it('nobody but its creator may see, resume or cancel an upload', async () => {
    const created = await create(cookies.creator, clip.length, { lectureId: three.id, filename: 'clip.mp4' });
    const url = created.headers.get('location') as string;
    expect((await patch(url, cookies.creator, 0, clip.subarray(0, 1000))).status).toBe(204);

    expect((await head(url, null)).status).toBe(401);
    expect((await patch(url, null, 1000, clip.subarray(1000, 2000))).status).toBe(401);
    expect((await call('DELETE', url, null)).status).toBe(401);
    expect((await head(url, cookies.student)).status).toBe(403);
    for (const attempt of [
      head(url, cookies.other),
      patch(url, cookies.other, 1000, clip.subarray(1000, 2000)),
      call('DELETE', url, cookies.other),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(404);
    }
    const still = await head(url, cookies.creator);
    expect(still.headers.get('upload-offset')).toBe('1000');

    // Termination: the creator cancels; the upload and its files are gone.
    expect((await call('DELETE', url, cookies.creator)).status).toBe(204);
    expect((await head(url, cookies.creator)).status).toBe(404);
    expect(await uploadFiles()).toEqual([]);
    expect((await lectureRow(three.id)).videoKey).toBeNull();
  });

  it('refuses an Upload-Length over MAX_VIDEO_BYTES with 413 before any byte is sent', async () => {
    const res = await create(cookies.creator, app.config.maxVideoBytes + 1, { lectureId: three.id });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Videos must be 2 GB or smaller', id: 'payload_too_large' });
    // Nor may a PATCH send more than the upload's length.
    const created = await create(cookies.creator, 10, { lectureId: three.id });
    const url = created.headers.get('location') as string;
    expect((await patch(url, cookies.creator, 0, Buffer.alloc(20))).status).toBe(413);
    await call('DELETE', url, cookies.creator);
    expect(await uploadFiles()).toEqual([]);
  });

  it('refuses a file that is not a video (by its bytes) with 415 and removes it', async () => {
    const text = Buffer.from('not a video at all. '.repeat(400));
    const created = await create(cookies.creator, text.length, {
      lectureId: three.id,
      filename: 'movie.mp4',
      filetype: 'video/mp4',
    });
    const url = created.headers.get('location') as string;
    const res = await patch(url, cookies.creator, 0, text);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'Only video files (MP4, WebM or QuickTime) can be uploaded',
      id: 'video_type_unsupported',
    });
    expect(await uploadFiles()).toEqual([]);
    expect((await head(url, cookies.creator)).status).toBe(404);
    const row = await lectureRow(three.id);
    expect(row.videoKey).toBeNull();
    expect(await app.storage.list(`private/lectures/${course.id}/${three.id}/`)).toEqual([]);
  });

  it('refuses a non-video at its second chunk, once its first bytes are in, not at its end', async () => {
    const junk = Buffer.alloc(3 * 8192, 'x');
    const created = await create(cookies.creator, junk.length, { lectureId: three.id, filename: 'big.mp4' });
    const url = created.headers.get('location') as string;
    expect((await patch(url, cookies.creator, 0, junk.subarray(0, 8192))).status).toBe(204);
    const second = await patch(url, cookies.creator, 8192, junk.subarray(8192, 16384));
    expect(second.status).toBe(415);
    expect(((await second.json()) as { message: string }).message).toMatch(/Only video files/);
    expect(await uploadFiles()).toEqual([]);
    expect((await head(url, cookies.creator)).status).toBe(404);
  });

  it('a PATCH at the wrong offset is a 409 with a message', async () => {
    const created = await create(cookies.creator, clip.length, { lectureId: three.id });
    const url = created.headers.get('location') as string;
    const res = await patch(url, cookies.creator, 5, clip.subarray(5, 10));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/resume/);
    await call('DELETE', url, cookies.creator);
  });

  it('sweeps uploads nothing wrote to for PARTIAL_UPLOAD_MAX_AGE_MS, and only those', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-tus-sweep-'));
    const [stale, fresh] = ['a'.repeat(32), 'b'.repeat(32)];
    for (const id of [stale, fresh]) {
      await writeFile(path.join(dir, id), 'x');
      await writeFile(path.join(dir, `${id}.json`), '{}');
    }
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(dir, stale), old, old);
    await utimes(path.join(dir, `${stale}.json`), old, old);
    await writeFile(path.join(dir, 'unrelated.txt'), 'keep');
    await utimes(path.join(dir, 'unrelated.txt'), old, old);
    // A finished upload's record (no parts) goes the same way.
    const finished = 'c'.repeat(32);
    await writeFile(path.join(dir, `${finished}.json`), '{}');
    await utimes(path.join(dir, `${finished}.json`), old, old);
    expect(await sweepStaleUploads(dir, 3600_000)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([fresh, `${fresh}.json`, 'unrelated.txt']);
    await rm(dir, { recursive: true, force: true });
  });
});
