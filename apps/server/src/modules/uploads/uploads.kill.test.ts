import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../../../scripts/databases.mjs';
import { freePort, waitFor } from '../../test/redis-server.ts';
import { type ServerProcess, startServer, untilUp } from '../../test/server-process.ts';
import { TINY_MP4 } from '../courses/test-helpers.ts';

/**
 * The real server process killed with SIGKILL while it finishes an upload (the final PATCH sent,
 * its last byte arriving, the file being stored, the lecture taking it, the parts going), at
 * points recognised from the outside (files appearing, growing, going) rather than by waiting a
 * guessed time, plus 50 ms after the final PATCH was sent and after its last byte arrived (inside
 * the issue's 20-100 ms). After each kill the server is started again on the same DATA_DIR and
 * database: the lecture must have the new video, stored once (the replaced one removed), HEAD must
 * say complete, and no video may be lost.
 * Embedded PGlite in the pglite project, a PostgreSQL database of its own in the pg project.
 */
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Large enough that storing it takes a moment (the points below fall inside it), small enough to be quick. */
const VIDEO = Buffer.concat([TINY_MP4, randomBytes(40 * 1024 * 1024)]);
/** The final PATCH carries this much; the rest is sent before. */
const LAST_CHUNK = 4 * 1024 * 1024;

interface Lecture {
  courseId: string;
  lectureId: string;
  oldFile: string;
}

/** Where the kill lands: a condition on what the server has written so far. */
interface KillPoint {
  name: string;
  /** Resolves true when the server should be killed now. */
  when: (ctx: { id: string; lecture: Lecture; sentAt: number }) => Promise<boolean>;
}

describe('kill -9 while an upload is being finished', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-kill-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const lectureDir = (l: Lecture) => path.join(dataDir, 'media', 'private', 'lectures', l.courseId, l.lectureId);
  const port = await freePort();
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const created = await createDatabase(
      process.env.TEST_DATABASE_URL as string,
      `kaksha_kill_${randomBytes(5).toString('hex')}`,
    );
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  let server: ServerProcess | undefined;
  const start = async () => {
    server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      VIDEO_PROCESSING: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    await untilUp(server);
    return server;
  };
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  let cookie = '';
  const api = (method: string, url: string, init: { json?: unknown; form?: FormData; headers?: object } = {}) =>
    fetch(new URL(url, base), {
      method,
      headers: {
        cookie,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      } as Record<string, string>,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
    });

  /** A lecture with a video already (uploaded the ordinary way), which the upload replaces. */
  async function lectureWithVideo(courseId: string): Promise<Lecture> {
    const created = await api('POST', `/api/course/createlecture/${courseId}`, { json: { lectureTitle: 'Killed' } });
    expect(created.status).toBe(201);
    const lectureId = ((await created.json()) as { lecture: { _id: string } }).lecture._id;
    const form = new FormData();
    form.append('videoUrl', new Blob([new Uint8Array(TINY_MP4)], { type: 'video/mp4' }), 'old.mp4');
    const edited = await api('POST', `/api/course/editlecture/${lectureId}`, { form });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const lecture = { courseId, lectureId, oldFile: '' };
    const [old] = await readdir(lectureDir(lecture));
    return { ...lecture, oldFile: path.join(lectureDir(lecture), old) };
  }

  const sizeOf = async (file: string) => (await stat(file).catch(() => null))?.size ?? -1;
  const POINTS: KillPoint[] = [
    {
      name: 'the last byte is on disk',
      when: async ({ id }) => (await sizeOf(path.join(uploadsDir, id))) === VIDEO.length,
    },
    {
      name: 'the file is being stored (a .part under the lecture)',
      when: async ({ lecture }) => (await readdir(lectureDir(lecture))).some((f) => f.endsWith('.part')),
    },
    {
      name: 'the file is stored under the lecture, not yet attached',
      when: async ({ id, lecture }) => existsSync(path.join(lectureDir(lecture), `${id}.mp4`)),
    },
    {
      name: 'attached (the replaced video is removed after the commit)',
      when: async ({ lecture }) => !existsSync(lecture.oldFile),
    },
    {
      name: 'the record says finished',
      when: async ({ id }) =>
        (await readFile(path.join(uploadsDir, `${id}.json`), 'utf8').catch(() => '')).includes('"finished"'),
    },
    // Fixed delays, as the issue reproduced it: after the final PATCH was sent (with this chunk
    // size that lands while it is still arriving), and after its last byte reached the disk (the
    // issue's 20 and 100 ms fall between the points above; each point restarts the server, ~20 s).
    {
      name: '50 ms after the final PATCH was sent',
      when: async ({ sentAt }) => Date.now() - sentAt >= 50,
    },
    (() => {
      let fullAt = 0;
      return {
        name: '50 ms after the last byte reached the disk',
        when: async ({ id }: { id: string }) => {
          if (!fullAt && (await sizeOf(path.join(uploadsDir, id))) === VIDEO.length) fullAt = Date.now();
          return fullAt > 0 && Date.now() - fullAt >= 50;
        },
      };
    })(),
  ];

  it(
    'the video is never lost, and is stored once, wherever the kill lands',
    async () => {
      await start();
      const email = `kill-${randomBytes(4).toString('hex')}@example.com`;
      const signup = await api('POST', '/api/auth/signup', {
        json: { name: 'Killed Educator', email, password: 'kill-dash-nine-1', role: 'educator' },
      });
      expect(signup.status).toBe(201);
      cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0];
      const course = await api('POST', '/api/course/create', {
        json: { title: 'Crashes', category: 'Web Development' },
      });
      const courseId = ((await course.json()) as { _id: string })._id;

      for (const point of POINTS) {
        const lecture = await lectureWithVideo(courseId);
        const created = await fetch(new URL('/api/uploads/', base), {
          method: 'POST',
          headers: {
            ...TUS,
            cookie,
            'upload-length': String(VIDEO.length),
            'upload-metadata': `lectureId ${b64(lecture.lectureId)},filename ${b64('big.mp4')}`,
          },
        });
        expect(created.status).toBe(201);
        const url = new URL(created.headers.get('location') as string, base);
        const id = url.pathname.split('/').pop() as string;
        const patch = (offset: number, body: Buffer) =>
          fetch(url, {
            method: 'PATCH',
            headers: {
              ...TUS,
              cookie,
              'upload-offset': String(offset),
              'content-type': 'application/offset+octet-stream',
            },
            body: new Uint8Array(body),
          });
        const first = VIDEO.length - LAST_CHUNK;
        expect((await patch(0, VIDEO.subarray(0, first))).status).toBe(204);

        // The final PATCH, and the kill at the point's condition (checked as often as the event loop allows).
        const sentAt = Date.now();
        const last = patch(first, VIDEO.subarray(first)).then(
          (res) => res.status,
          () => 'no answer',
        );
        const running = server as ServerProcess;
        let answered: number | string | undefined;
        void last.then((status) => {
          answered = status;
        });
        const deadline = Date.now() + 60_000;
        while (answered === undefined && !(await point.when({ id, lecture, sentAt }))) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for: ${point.name}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
        running.child.kill('SIGKILL');
        await running.exited;
        const status = await last;
        const files = (await readdir(uploadsDir)).filter((f) => f.startsWith(id));
        const stored = (await readdir(lectureDir(lecture))).filter((f) => f !== path.basename(lecture.oldFile));
        const where =
          `${point.name}: final PATCH ${status === 200 ? 'answered 200 before the kill' : `not answered (${status})`}; ` +
          `left ${files.join(' ')} (data ${await sizeOf(path.join(uploadsDir, id))} of ${VIDEO.length} bytes), ` +
          `lecture folder ${stored.join(' ') || '-'}${existsSync(lecture.oldFile) ? ' + old video' : ''}`;
        // What each kill left behind, for the record (test output).
        console.log(`kill -9 (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}) at ${where}`);

        // Started again on what the dead process left; the client resumes as tus-js-client does
        // (HEAD, then the rest from the offset the server has, if any is missing).
        await start();
        const resumed = await fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });
        expect(resumed.status, point.name).toBe(200);
        const offset = Number(resumed.headers.get('upload-offset'));
        if (offset < VIDEO.length) expect((await patch(offset, VIDEO.subarray(offset))).status, point.name).toBe(200);
        const key = `/media/lectures/${lecture.lectureId}`;
        await waitFor(
          async () => {
            const res = await api('GET', `/api/course/getcourselecture/${courseId}`);
            const lectures = ((await res.json()) as { lectures: { _id: string; videoUrl: string | null }[] }).lectures;
            return lectures.find((l) => l._id === lecture.lectureId)?.videoUrl === key && !existsSync(lecture.oldFile);
          },
          60_000,
          `${point.name}: the lecture to have the new video`,
        );
        const media = await api('GET', key);
        expect(media.status, point.name).toBe(200);
        expect(Buffer.from(await media.arrayBuffer()).equals(VIDEO), point.name).toBe(true);
        // One stored video (a copy the kill cut short stays as a *.part until the partial-uploads sweep).
        const videos = (await readdir(lectureDir(lecture))).filter((f) => !f.endsWith('.part'));
        expect(videos, point.name).toEqual([`${id}.mp4`]);
        const head = await fetch(url, { method: 'HEAD', headers: { ...TUS, cookie } });
        expect(head.status, point.name).toBe(200);
        expect(head.headers.get('upload-offset'), point.name).toBe(String(VIDEO.length));
        // The parts go; a record's temporary copy the kill cut short (`<id>.json.<uuid>.tmp`) is left
        // to the stale-uploads sweep, which knows it is no live instance's write by its age.
        const leftOver = (f: string) => f.startsWith(id) && !/\.json\.[0-9a-f-]{36}\.tmp$/.test(f);
        await waitFor(
          async () => (await readdir(uploadsDir)).filter(leftOver).join() === `${id}.json`,
          30_000,
          `${point.name}: the parts to go`,
        );
      }
    },
    30 * 60_000,
  );
});
