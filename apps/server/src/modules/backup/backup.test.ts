import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate, setTimeout } from 'node:timers/promises';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCommand } from '../../bootstrap/backup.ts';
import { restoreCommand } from '../../bootstrap/restore.ts';
import { courses, enrollments, users } from '../../core/db/schema/index.ts';
import { createCourse, createUser, loginCookie } from '../../test/app.ts';
import { readManifest } from './backup.service.ts';
import { createPgDatabase, onPostgres, type ServerOnData, serverOnData } from './backup.test-helpers.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const quiet = () => {};

/** A small PNG of its own colour per upload, so each stored avatar has different bytes. */
const png = (n: number) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();

function multipartFile(data: Buffer) {
  const boundary = `----kaksha${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photoUrl"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One sequential stream of writes; `acked[i]` is when write i was answered (its sequence number is i). */
interface Writer {
  name: string;
  acked: number[];
  done: Promise<void>;
  failed: () => Error | null;
}

describe('backups that restore: taken under continuous writes, restored, served', async () => {
  const live = await serverOnData();
  const { app } = live;
  const work = await mkdtemp(path.join(tmpdir(), 'kaksha-backup-work-'));
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await live.close();
    await rm(work, { recursive: true, force: true });
  });

  const educator = await createUser(app, { role: 'educator' });
  const freeCourse = await createCourse(app, educator.id, { title: 'Free for all', price: 0 });
  /** Avatars uploaded, by user: each new one replaces (and deletes) the user's previous file. */
  const uploaders = await Promise.all([0, 1, 2, 3].map(() => createUser(app)));
  const uploaderCookies = await Promise.all(uploaders.map((u) => loginCookie(app, u)));
  const avatarSha = new Map<string, string>();

  let stop = false;
  // Writers run until the backup is done; a failing test stops them (hooks run last-registered first).
  afterAll(() => {
    stop = true;
  });
  const writer = (name: string, write: (seq: number) => Promise<void>): Writer => {
    const acked: number[] = [];
    let error: Error | null = null;
    const done = (async () => {
      try {
        for (let seq = 0; !stop; seq++) {
          // At most a few writes ahead of the slowest stream: a fast one (the bare transactions) would
          // otherwise take PGlite's one connection from the others and make thousands of rows.
          while (!stop && seq > Math.min(...writers.map((w) => w.acked.length)) + 3) await setTimeout(10);
          await write(seq);
          acked.push(Date.now());
          // A client's next request comes through the event loop: PGlite answers with promises alone,
          // so a loop of awaited writes without this would starve timers and I/O (other clients).
          await setImmediate();
        }
      } catch (e) {
        error = e as Error;
      }
    })();
    return { name, acked, done, failed: () => error };
  };

  const startWriters = () => [
    writer('signup', async (seq) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: `Signup writer ${seq}`,
          email: `signup-${seq}@backup.test`,
          password: 'correct horse battery',
        },
      });
      if (res.statusCode !== 201) throw new Error(`signup ${seq}: ${res.statusCode} ${res.body}`);
    }),
    writer('enrol', async (seq) => {
      const learner = await createUser(app, { name: `Enrol writer ${seq}`, email: `enrol-${seq}@backup.test` });
      const res = await app.inject({
        method: 'POST',
        url: '/api/payment/create-order',
        headers: { cookie: await loginCookie(app, learner) },
        payload: { courseId: freeCourse.id },
      });
      if (res.statusCode !== 200 || !res.json().enrolled)
        throw new Error(`enrol ${seq}: ${res.statusCode} ${res.body}`);
    }),
    writer('upload', async (seq) => {
      const who = seq % uploaders.length;
      const body = multipartFile(await png(seq));
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/updateprofile',
        payload: body.payload,
        headers: { ...body.headers, cookie: uploaderCookies[who] },
      });
      if (res.statusCode !== 200) throw new Error(`upload ${seq}: ${res.statusCode} ${res.body}`);
      const [row] = await app.db.select({ key: users.photoKey }).from(users).where(eq(users.id, uploaders[who].id));
      // The stored bytes as acknowledged (the next upload of this user comes after this line).
      avatarSha.set(row.key as string, sha256(await readFile(path.join(live.dataDir, 'media', row.key as string))));
    }),
    // Two rows in one transaction, tagged with the sequence number: both in a copy, or neither.
    writer('transaction', async (seq) => {
      await app.db.transaction(async (tx) => {
        const [owner] = await tx
          .insert(users)
          .values({ name: `Tx writer ${seq}`, email: `tx-${seq}@backup.test`, passwordHash: 'x', role: 'educator' })
          .returning();
        await tx.insert(courses).values({
          creatorId: owner.id,
          title: `Tx course ${seq}`,
          category: 'Others',
          level: 'Beginner',
          price: 100,
        });
      });
    }),
  ];

  let writers: Writer[] = [];
  /** Waits for the writers to get somewhere; a writer that failed fails the test at once. */
  const until = async (condition: () => boolean) => {
    for (;;) {
      const failed = writers.find((w) => w.failed());
      if (failed) throw failed.failed();
      if (condition()) return;
      await setTimeout(20);
    }
  };

  it('keeps every write acknowledged before it started, no write half-done, every file with its checksum', async () => {
    writers = startWriters();
    // Each stream has written before the backup starts.
    await until(() => writers.every((w) => w.acked.length >= 2));
    const archive = path.join(work, 'live.tar');
    const startedAt = Date.now();
    const ackedBefore = new Map(writers.map((w) => [w.name, w.acked.filter((t) => t <= startedAt).length]));
    const manifest = await backupCommand(['--out', archive], live.env, quiet);
    const finishedAt = Date.now();
    // ...and goes on writing after it.
    const countAt = new Map(writers.map((w) => [w.name, w.acked.length]));
    await until(() => writers.every((w) => w.acked.length >= (countAt.get(w.name) ?? 0) + 2));
    stop = true;
    await Promise.all(writers.map((w) => w.done));
    await until(() => true);
    // Writes were answered while the backup ran: it was taken under load, not in a pause.
    expect(writers.some((w) => w.acked.some((t) => t > startedAt && t < finishedAt))).toBe(true);

    const momentMs = Date.parse(manifest.createdAt);
    expect(momentMs).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.schema.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.media).toMatchObject({ driver: 'local' });
    expect(manifest.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);

    const target = path.join(work, 'restored');
    let restoredUrl: string | undefined;
    if (onPostgres) {
      const empty = await createPgDatabase({ empty: true });
      cleanups.push(empty.drop);
      restoredUrl = empty.url;
    }
    const result = await restoreCommand(
      [archive, '--data-dir', target, ...(restoredUrl ? ['--database-url', restoredUrl] : [])],
      {},
      quiet,
    );
    expect(result.countsChecked).toBe(true);
    expect(result.counts).toEqual(manifest.counts);

    // A server on the copy.
    const copy: ServerOnData = await serverOnData({}, { dataDir: target, databaseUrl: restoredUrl });
    cleanups.push(() => copy.close());
    const db = copy.app.db;

    const present = async (name: string, seqs: () => Promise<number[]>) => {
      const found = (await seqs()).sort((a, b) => a - b);
      // A prefix of the stream: each writer is sequential, so a copy of one moment has no gaps...
      expect(found, name).toEqual(found.map((_, i) => i));
      // ...and holds every write acknowledged before the backup started.
      expect(found.length, name).toBeGreaterThanOrEqual(ackedBefore.get(name) ?? 0);
      return found.length;
    };
    const seqOf = (text: string) => Number(/(\d+)$/.exec(text)?.[1]);

    const signups = await present('signup', async () =>
      (await db.select({ name: users.name }).from(users).where(like(users.name, 'Signup writer %'))).map((r) =>
        seqOf(r.name),
      ),
    );
    await present('enrol', async () =>
      (
        await db
          .select({ name: users.name })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.userId))
          .where(eq(enrollments.courseId, freeCourse.id))
      ).map((r) => seqOf(r.name)),
    );
    const txUsers = (await db.select({ name: users.name }).from(users).where(like(users.name, 'Tx writer %'))).map(
      (r) => seqOf(r.name),
    );
    const txCourses = (
      await db.select({ title: courses.title }).from(courses).where(like(courses.title, 'Tx course %'))
    ).map((r) => seqOf(r.title));
    expect(txCourses.sort((a, b) => a - b)).toEqual(txUsers.sort((a, b) => a - b));
    await present('transaction', async () => txUsers);

    // An account made before the backup signs in on the copy (its password hash came whole).
    const login = await copy.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `signup-${signups - 1}@backup.test`, password: 'correct horse battery' },
    });
    expect(login.statusCode, login.body).toBe(200);

    // Every avatar the copy's users point at is served, with the bytes acknowledged for it.
    const photos = await db
      .select({ key: users.photoKey })
      .from(users)
      .where(sql`${users.photoKey} like 'public/avatars/%'`);
    // Uploads go round the users: each that had uploaded before the backup started has an avatar.
    expect(photos.length).toBeGreaterThanOrEqual(Math.min(ackedBefore.get('upload') ?? 0, uploaders.length));
    expect(photos.length).toBeGreaterThan(0);
    for (const { key } of photos) {
      const res = await copy.app.inject({ url: `/media/${key}` });
      expect(res.statusCode, key as string).toBe(200);
      expect(sha256(res.rawPayload)).toBe(avatarSha.get(key as string));
    }
    // No upload half-written in the copy.
    const restoredMedia = await readdir(path.join(target, 'media'), { recursive: true });
    expect(restoredMedia.filter((f) => String(f).endsWith('.part'))).toEqual([]);
    expect(momentMs).toBeLessThanOrEqual(finishedAt);
    // Seconds on a quiet machine; a shared, loaded one may need minutes for the writers to get going.
  }, 300_000);

  it('refuses to restore into a place that is not empty', async () => {
    const archive = path.join(work, 'live.tar');
    if (!existsSync(archive)) await backupCommand(['--out', archive], live.env, quiet);
    const full = path.join(work, 'not-empty');
    await rm(full, { recursive: true, force: true });
    await mkdir(full);
    await writeFile(path.join(full, 'keep-me.txt'), 'precious');
    await expect(restoreCommand([archive, '--data-dir', full], {}, quiet)).rejects.toThrow(/is not empty/);
    expect(await readdir(full)).toEqual(['keep-me.txt']);
    if (onPostgres) {
      // Nor into a database that has tables: the live one.
      await expect(
        restoreCommand(
          [archive, '--data-dir', path.join(work, 'pg-target'), '--database-url', live.databaseUrl as string],
          {},
          quiet,
        ),
      ).rejects.toThrow(/database to restore into is not empty/);
    }
  });

  it('refuses a backup from a newer schema, before writing anything', async () => {
    // The live database as a newer Kaksha would leave it: a migration this code does not have.
    await app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${Date.now() + 365 * 86400_000})`,
    );
    const archive = path.join(work, 'newer.tar');
    await backupCommand(['--out', archive], live.env, quiet);
    expect((await readManifest(archive)).schema.lastMigration).toBeNull();
    const target = path.join(work, 'from-newer');
    await expect(
      restoreCommand([archive, '--data-dir', target, '--database-url', 'postgres://unused'], {}, quiet),
    ).rejects.toThrow(/comes from a newer Kaksha/);
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
  }, 120_000);
});
