import { chmod, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config.ts';
import { lectures, videoUploads } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp, testEnv } from '../../test/app.ts';
import { TINY_MP4 } from '../courses/test-helpers.ts';
import { type CompletionProbe, type CompletionStep, sweepStaleUploads } from './uploads.service.ts';

/**
 * A server that dies (or fails) between "the last byte of an upload is on disk" and "the file is
 * the lecture's video" must not lose the video: the next process on the same data (or any HEAD or
 * PATCH) finishes the upload, once, and HEAD never says "complete" for an upload that is not
 * attached. Each step is reached through the uploads module's probe (an injectable seam), which
 * throws there or never returns (the process is dead from that point on: nothing after it runs).
 */
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** A real MP4 with some bytes after it: a few KB, sent in one PATCH. */
const VIDEO = Buffer.concat([TINY_MP4, Buffer.alloc(64 * 1024, 7)]);

describe('finishing an upload survives a crash at any step', async () => {
  // ffmpeg stand-ins: "available" (so storing a video queues its processing job, which we count),
  // but refusing every file, so the job ends at once without converting anything.
  const bin = await mkdtemp(path.join(tmpdir(), 'kaksha-fake-ffmpeg-'));
  const fake = path.join(bin, 'ff');
  await writeFile(fake, '#!/bin/sh\n[ "$1" = "-version" ] && exit 0\necho "not today" >&2\nexit 1\n');
  await chmod(fake, 0o755);
  const ENV = { VIDEO_PROCESSING: 'true', FFMPEG_PATH: fake, FFPROBE_PATH: fake };
  afterAll(() => rm(bin, { recursive: true, force: true }));

  // The database and DATA_DIR every "process" of this file shares.
  const host = await buildTestApp(ENV);
  const dataDir = host.config.dataDir;
  const uploadsDir = path.join(dataDir, 'uploads');
  const hostBase = await host.listen({ port: 0, host: '127.0.0.1' });
  const instances = new Set<TestApp>();
  const hung = new Set<() => void>();
  afterAll(async () => {
    for (const release of hung) release();
    for (const app of instances) await app.close();
  });

  /** Another server process on the same database and DATA_DIR, with an optional probe. */
  async function instance(probe?: CompletionProbe) {
    const config = loadConfig({ ...testEnv(dataDir), ...ENV });
    const app = await buildApp(config, { database: host.database, uploadProbe: probe });
    await app.ready();
    instances.add(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base, close: () => instances.delete(app) && app.close() };
  }

  /** An educator's lecture that already has a video (so replacing it is checked too). */
  async function lectureWithOldVideo() {
    const creator = await createUser(host, { role: 'educator' });
    const cookie = await loginCookie(host, creator);
    const course = await createCourse(host, creator.id, { lectures: [{ lectureTitle: 'Crash course' }] });
    const [lecture] = course.lectures;
    const oldKey = `private/lectures/${course.id}/${lecture.id}/old-video.mp4`;
    await host.storage.put(oldKey, TINY_MP4);
    await host.db.update(lectures).set({ videoKey: oldKey, videoMime: 'video/mp4' }).where(eq(lectures.id, lecture.id));
    return { cookie, courseId: course.id, lectureId: lecture.id, oldKey };
  }

  const tus = (base: string, cookie: string) => ({
    create: async (lectureId: string, length = VIDEO.length) => {
      const res = await fetch(new URL('/api/uploads/', base), {
        method: 'POST',
        headers: {
          ...TUS,
          cookie,
          'upload-length': String(length),
          'upload-metadata': `lectureId ${b64(lectureId)},filename ${b64('clip.mp4')}`,
        },
      });
      expect(res.status).toBe(201);
      const url = res.headers.get('location') as string;
      return { url, id: url.split('/').pop() as string };
    },
    patch: (url: string, offset: number, body: Buffer, signal?: AbortSignal) =>
      fetch(new URL(url, base), {
        method: 'PATCH',
        headers: { ...TUS, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(body),
        signal,
      }),
    head: (url: string) => fetch(new URL(url, base), { method: 'HEAD', headers: { ...TUS, cookie } }),
  });

  const lectureRow = async (id: string) => (await host.db.select().from(lectures).where(eq(lectures.id, id)))[0];
  const uploadFiles = async (id: string) => (await readdir(uploadsDir)).filter((f) => f.startsWith(id)).sort();
  const jobsFor = async (lectureId: string) => {
    const { rows } = await host.database.executeSql(
      `select (select count(*) from pgboss.job where name = 'video-processing' and data->>'lectureId' = $1)::int
            + (select count(*) from pgboss.archive where name = 'video-processing' and data->>'lectureId' = $1)::int as n`,
      [lectureId],
    );
    return Number(rows[0].n);
  };
  /** Original videos stored for the lecture (renditions live in folders beside them). */
  const storedVideos = async (courseId: string, lectureId: string) => {
    const prefix = `private/lectures/${courseId}/${lectureId}/`;
    return (await host.storage.list(prefix)).filter((k) => !k.slice(prefix.length).includes('/'));
  };

  /** Everything "attached, once" means, checked from the outside. */
  async function expectAttachedOnce(
    target: { courseId: string; lectureId: string; oldKey: string; cookie: string },
    id: string,
    base: string,
  ) {
    const key = `private/lectures/${target.courseId}/${target.lectureId}/${id}.mp4`;
    await vi.waitFor(async () => expect((await lectureRow(target.lectureId)).videoKey).toBe(key), {
      timeout: 20_000,
      interval: 50,
    });
    const row = await lectureRow(target.lectureId);
    expect(row.videoSize).toBe(VIDEO.length);
    expect(row.videoMime).toBe('video/mp4');
    // Exactly one stored original (the new one: the replaced one is removed), exactly one record
    // of the attachment, and its processing was queued exactly once.
    await vi.waitFor(async () => expect(await storedVideos(target.courseId, target.lectureId)).toEqual([key]), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await host.db.select().from(videoUploads).where(eq(videoUploads.id, id))).toHaveLength(1);
    expect(await jobsFor(target.lectureId)).toBe(1);
    const media = await host.inject({ url: `/media/lectures/${target.lectureId}`, headers: { cookie: target.cookie } });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(VIDEO)).toBe(true);
    // HEAD says complete (and only now); the parts are gone, the small record stays.
    const head = await tus(base, target.cookie).head(`/api/uploads/${id}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(VIDEO.length));
    expect(head.headers.get('upload-length')).toBe(String(VIDEO.length));
    await vi.waitFor(async () => expect(await uploadFiles(id)).toEqual([`${id}.json`]), { timeout: 20_000 });
  }

  /** The state a process leaves when it dies just after writing the last byte: all bytes on disk, nothing else. */
  async function crashedAfterLastByte() {
    const target = await lectureWithOldVideo();
    const client = tus(hostBase, target.cookie);
    const { url, id } = await client.create(target.lectureId);
    const first = VIDEO.length - 1000;
    expect((await client.patch(url, 0, VIDEO.subarray(0, first))).status).toBe(204);
    // The rest reaches the disk, and then the process is gone.
    await writeFile(path.join(uploadsDir, id), VIDEO.subarray(first), { flag: 'a' });
    return { target, url, id };
  }

  it('all bytes on disk, nothing attached: a fresh process finishes it at start-up, and HEAD never said complete before', async () => {
    const { target, id } = await crashedAfterLastByte();
    // The issue: this upload looked complete to HEAD while the lecture had no new video.
    expect((await lectureRow(target.lectureId)).videoKey).toBe(target.oldKey);
    const fresh = await instance();
    await expectAttachedOnce(target, id, fresh.base);
    await fresh.close();
  });

  it('the sweep never removes a complete upload that is not attached, however old', async () => {
    const { target, id } = await crashedAfterLastByte();
    const old = new Date(Date.now() - 10 * 3600_000);
    for (const file of await uploadFiles(id)) await utimes(path.join(uploadsDir, file), old, old);
    await sweepStaleUploads(uploadsDir, 3600_000);
    expect(await uploadFiles(id)).toEqual([id, `${id}.json`]);
    expect((await stat(path.join(uploadsDir, id))).size).toBe(VIDEO.length);
    // And the next process still finishes it.
    const fresh = await instance();
    await expectAttachedOnce(target, id, fresh.base);
    await fresh.close();
  });

  const STEPS: CompletionStep[] = ['written', 'stored', 'claimed', 'attached', 'finished'];
  for (const step of STEPS) {
    it(`an error at "${step}": the client's retry (HEAD) on the same process finishes it, once`, async () => {
      const target = await lectureWithOldVideo();
      let failed = 0;
      const proc = await instance((at) => {
        if (at === step && failed++ === 0) throw new Error(`injected failure at ${at}`);
      });
      const client = tus(proc.base, target.cookie);
      const { url, id } = await client.create(target.lectureId);
      const last = await client.patch(url, 0, VIDEO);
      expect(last.status).toBe(500);
      expect(failed).toBe(1);
      // Not given up: the parts are kept (or, after "attached", the record), and the client's
      // HEAD finishes it before answering "complete".
      const head = await client.head(url);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(VIDEO.length));
      expect((await lectureRow(target.lectureId)).videoKey).toMatch(new RegExp(`/${id}\\.mp4$`));
      await expectAttachedOnce(target, id, proc.base);
      await proc.close();
    });

    it(`the process dies at "${step}": a fresh process on the same data finishes it at start-up, once`, async () => {
      const target = await lectureWithOldVideo();
      let reached!: () => void;
      const dying = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release!: () => void;
      const dead = new Promise<never>((_, reject) => {
        release = () => reject(new Error('the dead process is cleared away'));
      });
      // Not every step waits for it (see "claimed" below).
      dead.catch(() => undefined);
      hung.add(release);
      const proc = await instance(async (at) => {
        if (at !== step) return;
        reached();
        // Inside the transaction a dead process's work is rolled back by the database, as a throw does
        // (a hung transaction would hold its locks, which a dead connection does not).
        if (at === 'claimed') throw new Error('the process died in the transaction');
        await dead;
      });
      const client = tus(proc.base, target.cookie);
      const { url, id } = await client.create(target.lectureId);
      const aborter = new AbortController();
      const last = client.patch(url, 0, VIDEO, aborter.signal).catch(() => null);
      await dying;
      // From here on the first process does nothing more; the next one starts on what it left.
      const fresh = await instance();
      await expectAttachedOnce(target, id, fresh.base);
      aborter.abort();
      await last;
      await fresh.close();
    });
  }

  it('two processes finishing the same upload at once (both stored it) attach it once', async () => {
    const { target, id } = await crashedAfterLastByte();
    // Both recover it at start-up; neither goes on past "stored" until both are there.
    let arrived = 0;
    let bothStored!: () => void;
    const together = new Promise<void>((resolve) => {
      bothStored = resolve;
    });
    const barrier: CompletionProbe = async (at, uploadId) => {
      if (at !== 'stored' || uploadId !== id) return;
      if (++arrived === 2) bothStored();
      await together;
    };
    const [a, b] = await Promise.all([instance(barrier), instance(barrier)]);
    // A client asking both meanwhile waits for the answer, and is told "complete" by both.
    const heads = [a, b].map((p) => tus(p.base, target.cookie).head(`/api/uploads/${id}`));
    await expectAttachedOnce(target, id, a.base);
    for (const head of await Promise.all(heads)) {
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(VIDEO.length));
    }
    expect(arrived).toBe(2);
    await a.close();
    await b.close();
  });

  it('a late duplicate does not bring back a video the lecture replaced meanwhile', async () => {
    const { target, id } = await crashedAfterLastByte();
    let held!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const go = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The slow process has stored its copy and waits; the other one attaches the upload.
    const slow = await instance(async (at, uploadId) => {
      if (at === 'stored' && uploadId === id) {
        held();
        await go;
      }
    });
    await holding;
    const quick = await instance();
    await expectAttachedOnce(target, id, quick.base);
    // The educator replaces the video (editlecture), which removes the upload's file ...
    const replacement = `private/lectures/${target.courseId}/${target.lectureId}/replacement.mp4`;
    await host.storage.put(replacement, TINY_MP4);
    await host.db.update(lectures).set({ videoKey: replacement }).where(eq(lectures.id, target.lectureId));
    await host.storage.remove(`private/lectures/${target.courseId}/${target.lectureId}/${id}.mp4`);
    // ... and only then the slow process goes on: it must neither re-attach nor leave its copy behind.
    release();
    await vi.waitFor(async () => expect(await uploadFiles(id)).toEqual([`${id}.json`]), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await storedVideos(target.courseId, target.lectureId)).toEqual([replacement]), {
      timeout: 20_000,
      interval: 50,
    });
    expect((await lectureRow(target.lectureId)).videoKey).toBe(replacement);
    expect(await jobsFor(target.lectureId)).toBe(1);
    await slow.close();
    await quick.close();
  });

  it('a complete upload that can never be attached (lecture deleted, or no video) is removed, not retried for ever', async () => {
    const deleted = await crashedAfterLastByte();
    await host.db.delete(lectures).where(eq(lectures.id, deleted.target.lectureId));
    const junk = await lectureWithOldVideo();
    const client = tus(hostBase, junk.cookie);
    const text = Buffer.alloc(VIDEO.length, 'x');
    const { id: junkId } = await client.create(junk.lectureId, text.length);
    await writeFile(path.join(uploadsDir, junkId), text, { flag: 'a' });

    const fresh = await instance();
    await vi.waitFor(async () => expect(await uploadFiles(deleted.id)).toEqual([]), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await uploadFiles(junkId)).toEqual([]), { timeout: 20_000 });
    expect((await lectureRow(junk.lectureId)).videoKey).toBe(junk.oldKey);
    expect(await storedVideos(junk.courseId, junk.lectureId)).toEqual([junk.oldKey]);
    expect(
      await host.db.select({ n: sql<number>`count(*)::int` }).from(videoUploads).where(eq(videoUploads.id, junkId)),
    ).toEqual([{ n: 0 }]);
    await fresh.close();
  });
});
