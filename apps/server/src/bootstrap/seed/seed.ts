import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courses, enrollments, lectures, reviews, users } from '../../core/db/schema/index.ts';
import { storeAvatar, storeThumbnail } from '../../modules/media/images.ts';
import { reindexCourse } from '../../modules/search/search.index.ts';
import { DEMO_COURSES, DEMO_ENROLLMENTS, DEMO_REVIEWS, DEMO_USERS } from './demo-data.ts';

/** apps/server/seed-media, seen from src/bootstrap/seed in source or from dist in the bundle. */
const here = path.dirname(fileURLToPath(import.meta.url));
const seedMediaDir =
  [path.resolve(here, '../../../seed-media'), path.resolve(here, '../seed-media')].find((dir) => existsSync(dir)) ??
  path.resolve(here, '../seed-media');

/**
 * Fills an empty database with demo content. Runs in one transaction guarded by an
 * advisory lock, so two instances starting together seed once, and a restart never
 * seeds again.
 */
export async function seedDemoContent(app: FastifyInstance) {
  const { db, storage } = app;
  const seeded = await db.transaction(async (tx) => {
    // Another instance may be seeding: wait for it however long it takes (DATABASE_STATEMENT_TIMEOUT_MS
    // is for requests), then find the users it created.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ count }] = (await tx.execute(sql`select count(*)::int as count from users`)).rows as [{ count: number }];
    if (count > 0) return false;

    const userIds = new Map<string, string>();
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          name: u.name,
          email: u.email.toLowerCase(),
          passwordHash: await hash(u.password),
          role: u.role,
          description: u.description,
        })
        .returning({ id: users.id });
      userIds.set(u.key, row.id);
      if (u.avatar) {
        const key = await storeAvatar(storage, row.id, await readFile(path.join(seedMediaDir, 'avatars', u.avatar)));
        await tx.update(users).set({ photoKey: key }).where(sql`${users.id} = ${row.id}`);
      }
    }

    const courseIds = new Map<string, string>();
    const videoKeys = new Map<string, { key: string; size: number }>();
    // Creation times alternate between educators, so the newest-first catalogue looks mixed.
    const createdAt = interleavedTimes(DEMO_COURSES);
    for (const c of DEMO_COURSES) {
      const at = createdAt.get(c.key) as Date;
      const [row] = await tx
        .insert(courses)
        .values({
          creatorId: must(userIds.get(c.creator), c.creator),
          title: c.title,
          subTitle: c.subTitle,
          description: c.description,
          category: c.category,
          level: c.level,
          price: c.price,
          isPublished: c.isPublished,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: courses.id });
      courseIds.set(c.key, row.id);
      const thumbnailKey = await storeThumbnail(
        storage,
        row.id,
        await readFile(path.join(seedMediaDir, 'thumbnails', c.thumbnail)),
      );
      await tx.update(courses).set({ thumbnailKey, updatedAt: at }).where(sql`${courses.id} = ${row.id}`);

      let position = 0;
      for (const l of c.lectures) {
        let video = videoKeys.get(l.video);
        if (!video) {
          // Demo lectures share their few demo videos: one stored copy each.
          const key = `private/demo/${l.video}`;
          const { size } = await storage.put(key, await readFile(path.join(seedMediaDir, 'videos', l.video)));
          video = { key, size };
          videoKeys.set(l.video, video);
        }
        await tx.insert(lectures).values({
          courseId: row.id,
          lectureTitle: l.title,
          position: position++,
          videoKey: video.key,
          videoMime: 'video/mp4',
          videoSize: video.size,
          isPreviewFree: l.isPreviewFree,
        });
      }
    }

    for (const e of DEMO_ENROLLMENTS) {
      const price = DEMO_COURSES.find((c) => c.key === e.course)?.price ?? 0;
      await tx.insert(enrollments).values({
        userId: must(userIds.get(e.user), e.user),
        courseId: must(courseIds.get(e.course), e.course),
        // Demo learners paid today's price (paise).
        amountPaid: price * 100,
      });
    }
    let reviewAge = DEMO_REVIEWS.length;
    for (const r of DEMO_REVIEWS) {
      const at = new Date(Date.now() - reviewAge-- * 3_600_000);
      await tx.insert(reviews).values({
        userId: must(userIds.get(r.user), r.user),
        courseId: must(courseIds.get(r.course), r.course),
        rating: r.rating,
        comment: r.comment,
        createdAt: at,
        updatedAt: at,
      });
    }
    for (const id of courseIds.values()) await reindexCourse(tx, id);
    return true;
  });
  if (seeded) app.log.info(`seeded demo content: ${DEMO_USERS.length} users, ${DEMO_COURSES.length} courses`);
}

function interleavedTimes(list: typeof DEMO_COURSES) {
  const byCreator = new Map<string, typeof list>();
  for (const c of list) byCreator.set(c.creator, [...(byCreator.get(c.creator) ?? []), c]);
  const order: string[] = [];
  for (let i = 0; order.length < list.length; i++) {
    for (const group of byCreator.values()) if (group[i]) order.push(group[i].key);
  }
  return new Map(order.map((key, i) => [key, new Date(Date.now() - (order.length - i) * 60_000)]));
}

function must(value: string | undefined, key: string) {
  if (!value) throw new Error(`demo data refers to unknown key ${key}`);
  return value;
}
