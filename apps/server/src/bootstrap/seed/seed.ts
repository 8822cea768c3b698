import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  certificates,
  courseSections,
  courses,
  enrollments,
  lectureProgress,
  lectures,
  quizAttempts,
  quizzes,
  reviews,
  users,
} from '../../core/db/schema/index.ts';
import { storeAvatar, storeThumbnail } from '../../modules/media/media.service.ts';
import { seedQuestions } from '../../modules/qa/qa.service.ts';
import { markIndexCurrent, reindexCourse } from '../../modules/search/search.service.ts';
import { DEMO_COURSES, DEMO_ENROLLMENTS, DEMO_REVIEWS, DEMO_USERS } from './demo-data.ts';
import { DEMO_COMPLETION, DEMO_QUIZZES, demoSectionTitles, spreadOver } from './demo-learning.ts';
import { DEMO_QUESTIONS } from './demo-qa.ts';

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
          language: c.language ?? 'en',
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

      // Sections (2 or 3), the lectures spread over them in order.
      const titles = demoSectionTitles(c.lectures.length, c.language);
      const sectionOf: string[] = [];
      for (const [i, group] of spreadOver(c.lectures, titles.length).entries()) {
        const [section] = await tx
          .insert(courseSections)
          .values({ courseId: row.id, title: titles[i], position: i, createdAt: at, updatedAt: at })
          .returning({ id: courseSections.id });
        for (const _ of group) sectionOf.push(section.id);
      }

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
          sectionId: sectionOf[position],
          lectureTitle: l.title,
          position: position++,
          videoKey: video.key,
          videoMime: 'video/mp4',
          videoSize: video.size,
          isPreviewFree: l.isPreviewFree,
        });
      }
    }

    // One quiz per course, at its end.
    const quizIds = new Map<string, string>();
    for (const [courseKey, q] of Object.entries(DEMO_QUIZZES)) {
      const courseId = courseIds.get(courseKey);
      if (!courseId) continue;
      const [row] = await tx
        .insert(quizzes)
        .values({ courseId, title: q.title, passPercent: q.passPercent, questions: q.questions })
        .returning({ id: quizzes.id });
      quizIds.set(courseKey, row.id);
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
    await seedCompletion(tx, userIds, courseIds, quizIds);
    await seedDemoQuestions(tx, userIds, courseIds);
    for (const id of courseIds.values()) await reindexCourse(tx, id, app.searchReembed);
    // Every course indexed here is of the current format: nothing to upgrade at start.
    await markIndexCurrent(tx);
    return true;
  });
  if (seeded) app.log.info(`seeded demo content: ${DEMO_USERS.length} users, ${DEMO_COURSES.length} courses`);
}

type Tx = Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0];

/** The demo learner who finished a course: every lecture completed, its quiz passed, the certificate issued. */
async function seedCompletion(
  tx: Tx,
  userIds: Map<string, string>,
  courseIds: Map<string, string>,
  quizIds: Map<string, string>,
) {
  const { user, course } = DEMO_COMPLETION;
  const userId = must(userIds.get(user), user);
  const courseId = must(courseIds.get(course), course);
  const demo = DEMO_COURSES.find((c) => c.key === course);
  const creator = DEMO_USERS.find((u) => u.key === demo?.creator);
  const learner = DEMO_USERS.find((u) => u.key === user);
  if (!demo || !creator || !learner) throw new Error(`demo completion refers to unknown ${user} or ${course}`);
  const rows = await tx.select({ id: lectures.id }).from(lectures).where(sql`${lectures.courseId} = ${courseId}`);
  const day = 86_400_000;
  for (const [i, lecture] of rows.entries()) {
    await tx.insert(lectureProgress).values({
      userId,
      lectureId: lecture.id,
      courseId,
      positionSeconds: 0,
      completed: true,
      updatedAt: new Date(Date.now() - (rows.length - i + 2) * day),
    });
  }
  const quizId = quizIds.get(course);
  const quiz = DEMO_QUIZZES[course];
  if (quizId && quiz) {
    await tx.insert(quizAttempts).values({
      quizId,
      userId,
      attempt: 1,
      answers: quiz.questions.map((q) => q.correct),
      scorePercent: 100,
      passed: true,
      createdAt: new Date(Date.now() - 2 * day),
    });
  }
  await tx.insert(certificates).values({
    userId,
    courseId,
    learnerName: learner.name,
    courseTitle: demo.title,
    educatorName: creator.name,
    issuedAt: new Date(Date.now() - day),
  });
}

/** The demo Q&A, each question at its lecture's moment, answers hours after it. */
async function seedDemoQuestions(tx: Tx, userIds: Map<string, string>, courseIds: Map<string, string>) {
  const rows = await tx
    .select({ id: lectures.id, courseId: lectures.courseId, position: lectures.position })
    .from(lectures);
  const day = 86_400_000;
  const hour = 3_600_000;
  await seedQuestions(
    tx,
    DEMO_QUESTIONS.map((q) => {
      const courseId = must(courseIds.get(q.course), q.course);
      const askedAt = Date.now() - q.daysAgo * day - 2 * hour;
      const lectureId =
        q.lecture === null
          ? null
          : must(
              rows.find((l) => l.courseId === courseId && l.position === q.lecture)?.id,
              `${q.course} lecture ${q.lecture}`,
            );
      return {
        courseId,
        lectureId,
        timestampSec: lectureId ? q.at : null,
        userId: must(userIds.get(q.user), q.user),
        title: q.title,
        body: q.body,
        featured: q.featured,
        createdAt: new Date(askedAt),
        answers: q.answers.map((a) => ({
          userId: must(userIds.get(a.user), a.user),
          body: a.body,
          accepted: a.accepted,
          createdAt: new Date(Math.min(Date.now(), askedAt + a.hoursLater * hour)),
        })),
        voterIds: q.voters.map((v) => must(userIds.get(v), v)),
      };
    }),
  );
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
