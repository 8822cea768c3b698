import type { Course, CourseCard, CourseStats, Creator } from '@kaksha/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { catalogVersion, courses, enrollments, reviews, users } from '../../core/db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { jsonArray, keysetPages } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import { photoUrl } from '../media/media.service.ts';
import { presentCourse, presentCourseCard } from './courses.presenter.ts';
import {
  anyId,
  averageRating,
  type CourseQueryOptions,
  type CourseRecord,
  isEnrolled,
  newestAfter,
  queryCourseCards,
  queryCourses,
} from './courses.queries.ts';

/*
 * Reading the catalogue: courses as every endpoint presents them (the read model of
 * courses.queries.ts, shaped by courses.presenter.ts), whole or page by page, for a viewer, a
 * creator or a learner. Other modules reach this through courses.service.ts.
 */

/** Loads and presents the courses matching `where` (four queries whatever their number). */
async function findCourses(db: DbOrTx, storage: Storage, where: SQL | undefined, opts: CourseQueryOptions = {}) {
  const records = await queryCourses(db, where, opts);
  return records.map((record) => presentCourse(storage, record, opts.viewerId));
}

/**
 * Courses per statement when a list is read in pages (a complete catalogue of any size). Small:
 * each page's rows (~7 lectures and ~5 reviews a course) are decoded in one go on the event loop,
 * which must stay free for other requests while a 100,000-course catalogue streams (issue 16).
 */
const READ_PAGE = 100;

/**
 * The published catalogue, newest first, as JSON text page by page (`getpublishedcoures`,
 * complete or the newest `limit`): bounded statements and memory at any catalogue size.
 */
export function publishedCoursesJson(
  db: DbOrTx,
  storage: Storage,
  opts: { viewerId?: string | null; limit?: number } = {},
) {
  const pages = keysetPages<CourseRecord>(
    (last, size) =>
      queryCourses(db, and(eq(courses.isPublished, true), last && newestAfter(last.cursor, last.course.id)), {
        viewerId: opts.viewerId,
        limit: size,
      }),
    { pageSize: READ_PAGE, limit: opts.limit },
  );
  return jsonArray(pages, (record) => presentCourse(storage, record, opts.viewerId));
}

/**
 * Who `getpublishedcoures` is personalised for: an educator with a published course sees its
 * learners and earnings in it (the presenter's rule); everyone else gets the shared answer.
 */
export async function catalogueViewer(db: DbOrTx, user: { id: string; role: string } | null | undefined) {
  if (user?.role !== 'educator') return null;
  const [own] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.creatorId, user.id), eq(courses.isPublished, true)))
    .limit(1);
  return own ? user.id : null;
}

/** A published course as everyone but its creator sees it, as JSON text (the getcourse snapshot). */
export async function* publicCourseJson(db: DbOrTx, storage: Storage, courseId: string) {
  const [record] = await queryCourses(db, and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  if (!record) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  yield JSON.stringify(presentCourse(storage, record));
}

/** What getcourse decides on before reading the course: is it public for this viewer? (one indexed read) */
export async function courseVisibility(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ version: catalogVersion.version, creatorId: courses.creatorId, isPublished: courses.isPublished })
    .from(catalogVersion)
    .leftJoin(courses, eq(courses.id, courseId))
    .where(eq(catalogVersion.id, 1));
  return { version: row?.version ?? 0, creatorId: row?.creatorId ?? null, isPublished: row?.isPublished ?? false };
}

/** Presented courses for the given ids, in the order given (search results). Unknown ids are skipped. */
export async function loadCourseCards(
  db: DbOrTx,
  storage: Storage,
  ids: string[],
  opts: { viewerId?: string | null } = {},
): Promise<Course[]> {
  if (ids.length === 0) return [];
  const found = await findCourses(db, storage, inArray(courses.id, ids), opts);
  const byId = new Map(found.map((c) => [c._id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Catalogue cards (the slim shape of `/api/course/catalog`) of the published courses among `ids`,
 * in the order given (a learner's wishlist); unknown or unpublished ids are skipped. Three statements.
 */
export async function loadPublishedCards(db: DbOrTx, storage: Storage, ids: string[]): Promise<CourseCard[]> {
  if (ids.length === 0) return [];
  const cards = await queryCourseCards(db, and(anyId(courses.id, ids), eq(courses.isPublished, true)));
  const byId = new Map(cards.map((card) => [card.course.id, presentCourseCard(storage, card)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A course as its viewer may see it: unpublished courses exist only for their creator. */
export async function findCourseForViewer(db: DbOrTx, storage: Storage, courseId: string, viewerId?: string | null) {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [course] = await findCourses(db, storage, eq(courses.id, courseId), { viewerId });
  if (!course) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  // Learners who paid keep their course after the educator unpublishes it.
  if (!course.isPublished && course.creator !== viewerId && !(viewerId && (await isEnrolled(db, viewerId, courseId)))) {
    throw notFound({ id: 'course_not_found', message: 'Course not found' });
  }
  return course;
}

export const presentOwnCourse = async (db: DbOrTx, storage: Storage, courseId: string, userId: string) => {
  const [course] = await findCourses(db, storage, eq(courses.id, courseId), { viewerId: userId });
  if (!course) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  return course;
};

/**
 * An educator's public profile; anyone else (or an unknown id) is not found. The e-mail only when
 * they chose to show it (the spec's `email` key stays, empty); the figures count their published
 * courses, the learners enrolled in them (each once) and their reviews (three indexed reads).
 */
export async function findCreator(db: DbOrTx, storage: Storage, userId: string): Promise<Creator> {
  if (!isUuid(userId)) throw notFound({ id: 'creator_not_found', message: 'Creator not found' });
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.role !== 'educator') throw notFound({ id: 'creator_not_found', message: 'Creator not found' });
  const published = and(eq(courses.creatorId, user.id), eq(courses.isPublished, true));
  const [[{ courseCount }], [{ learnerCount }], [{ reviewCount, ratingSum }]] = await Promise.all([
    db.select({ courseCount: sql<number>`count(*)::int` }).from(courses).where(published),
    db
      .select({ learnerCount: sql<number>`count(distinct ${enrollments.userId})::int` })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(published),
    db
      .select({
        reviewCount: sql<number>`count(*)::int`,
        ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      })
      .from(reviews)
      .innerJoin(courses, eq(courses.id, reviews.courseId))
      .where(published),
  ]);
  return {
    _id: user.id,
    name: user.name,
    email: user.showContactEmail ? user.email : '',
    description: user.description,
    photoUrl: photoUrl(storage, user),
    courseCount,
    learnerCount,
    // Rounded as a course's own (spec §3): one decimal, 0 without reviews.
    avgRating: averageRating(ratingSum, reviewCount),
    reviewCount,
  };
}

/** `GET /api/course/stats` as JSON text: the published courses, counted on the catalogue's partial index. */
export async function* courseStatsJson(db: DbOrTx) {
  const [{ publishedCourses }] = await db
    .select({ publishedCourses: sql<number>`count(*)::int` })
    .from(courses)
    .where(eq(courses.isPublished, true));
  const answer: CourseStats = { publishedCourses };
  yield JSON.stringify(answer);
}

/** The educator's courses, newest first, with lecture and enrolment counts and earnings computed in SQL. */
export const listCreatorCourses = (db: DbOrTx, storage: Storage, userId: string) =>
  findCourses(db, storage, eq(courses.creatorId, userId), {
    viewerId: userId,
    orderBy: [desc(courses.createdAt), desc(courses.id)],
  });

/** The courses a learner is enrolled in, most recently enrolled first, published or not (paid access stays). */
export const listEnrolledCourses = (db: DbOrTx, storage: Storage, userId: string) =>
  findCourses(
    db,
    storage,
    inArray(
      courses.id,
      db.select({ id: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, userId)),
    ),
    {
      viewerId: userId,
      orderBy: [
        sql`(select max(${enrollments.createdAt}) from ${enrollments} where ${enrollments.courseId} = ${courses.id} and ${enrollments.userId} = ${userId}) desc`,
        desc(courses.id),
      ],
    },
  );
