import type {
  CatalogPage,
  CatalogQuery,
  Course,
  CreateCourseRequest,
  Creator,
  EditCourseRequest,
} from '@kaksha/contracts';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../core/db/client.ts';
import {
  catalogVersion,
  courses,
  enrollments,
  lectures,
  paymentOrders,
  reviews,
  users,
} from '../../core/db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unsupportedMedia } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Form } from '../../core/multipart-form.ts';
import { jsonArray, keysetPages } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import { lectureVideoPrefix, photoUrl, removeThumbnail, removeVideo, storeThumbnail } from '../media/media.service.ts';
import { reindexCourse } from '../search/search.service.ts';
import { presentCourse, presentCourseCard } from './courses.presenter.ts';
import {
  type CourseQueryOptions,
  type CourseRecord,
  isEnrolled,
  newestAfter,
  queryCourseCards,
  queryCourses,
} from './courses.queries.ts';

/*
 * The courses module's public face. Other modules read courses through it (the one course
 * read model: `listPublishedCourses`, `loadCourseCards`, `presentLecture`, `presentReview`),
 * check enrolment (`isEnrolled`) and authorize authoring (`loadOwnedCourse`, `assertCreator`).
 */
export { presentLecture, presentReview } from './courses.presenter.ts';
export { type Reviewer, reviewerColumns } from './courses.queries.ts';
export { isEnrolled };

type CourseRow = typeof courses.$inferSelect;

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

/** One page of the slim catalogue (`GET /api/course/catalog`), as JSON text. */
export async function* catalogPageJson(db: DbOrTx, storage: Storage, query: CatalogQuery) {
  const filter = and(
    eq(courses.isPublished, true),
    query.category.length > 0 ? inArray(courses.category, query.category) : undefined,
    query.creator ? eq(courses.creatorId, query.creator) : undefined,
  );
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [cards, [{ total }]] = await Promise.all([
    // One more than asked: whether a next page exists, without counting.
    queryCourseCards(db, and(filter, after && newestAfter(after.createdAt, after.id)), { limit: query.limit + 1 }),
    db.select({ total: sql<number>`count(*)::int` }).from(courses).where(filter),
  ]);
  const page = cards.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = cards.length > query.limit && last ? encodeCursor(last.cursor, last.course.id) : null;
  const answer: CatalogPage = { courses: page.map((card) => presentCourseCard(storage, card)), nextCursor, total };
  yield JSON.stringify(answer);
}

/** `timestamptz::text` as PostgreSQL writes it: the only time a cursor may carry. */
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

function decodeCursor(cursor: string) {
  const [createdAt = '', id = '', extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (extra !== undefined || !isUuid(id) || !DATABASE_TIMESTAMP.test(createdAt)) {
    throw badRequest('This catalogue page link is out of date; start from the first page', {
      cursor: 'Invalid cursor',
    });
  }
  return { createdAt, id };
}

/** A published course as everyone but its creator sees it, as JSON text (the getcourse snapshot). */
export async function* publicCourseJson(db: DbOrTx, storage: Storage, courseId: string) {
  const [record] = await queryCourses(db, and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  if (!record) throw notFound('Course not found');
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

/** A course as its viewer may see it: unpublished courses exist only for their creator. */
export async function findCourseForViewer(db: DbOrTx, storage: Storage, courseId: string, viewerId?: string | null) {
  if (!isUuid(courseId)) throw notFound('Course not found');
  const [course] = await findCourses(db, storage, eq(courses.id, courseId), { viewerId });
  if (!course) throw notFound('Course not found');
  // Learners who paid keep their course after the educator unpublishes it.
  if (!course.isPublished && course.creator !== viewerId && !(viewerId && (await isEnrolled(db, viewerId, courseId)))) {
    throw notFound('Course not found');
  }
  return course;
}

export const presentOwnCourse = async (db: DbOrTx, storage: Storage, courseId: string, userId: string) => {
  const [course] = await findCourses(db, storage, eq(courses.id, courseId), { viewerId: userId });
  if (!course) throw notFound('Course not found');
  return course;
};

/**
 * Authorization for every authoring endpoint (after `requireEducator`: 401 anonymous,
 * 403 students). The creator gets the course; another educator gets 404 when the course
 * is unknown or unpublished (its existence must not leak, as on `getcourse`) and 403
 * when it is published (anyone can see it exists, but only its creator may change it).
 */
export function assertCreator<T extends Pick<CourseRow, 'creatorId' | 'isPublished'>>(
  course: T | undefined,
  userId: string,
  what = 'Course',
): T {
  if (!course || (!course.isPublished && course.creatorId !== userId)) throw notFound(`${what} not found`);
  if (course.creatorId !== userId) throw forbidden(`Only the course's creator can change this ${what.toLowerCase()}`);
  return course;
}

export async function loadOwnedCourse(db: DbOrTx, courseId: string, userId: string, opts: { lock?: boolean } = {}) {
  if (!isUuid(courseId)) throw notFound('Course not found');
  const query = db.select().from(courses).where(eq(courses.id, courseId)).limit(1).$dynamic();
  const [course] = opts.lock ? await query.for('update') : await query;
  return assertCreator(course, userId);
}

// ---- commands ----------------------------------------------------------------------------

/** An educator's public profile; anyone else (or an unknown id) is not found. */
export async function findCreator(db: DbOrTx, storage: Storage, userId: string): Promise<Creator> {
  if (!isUuid(userId)) throw notFound('Creator not found');
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.role !== 'educator') throw notFound('Creator not found');
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    description: user.description,
    photoUrl: photoUrl(storage, user),
  };
}

export async function createCourse(db: DbOrTx, creatorId: string, input: CreateCourseRequest) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ creatorId, title: input.title, category: input.category })
      .returning({ id: courses.id });
    await reindexCourse(tx, row.id);
    return row.id;
  });
}

/** What a published course must have (spec §2 editor; issue 4). */
export function missingForPublish(course: Pick<CourseRow, 'title' | 'category' | 'level' | 'price'>) {
  const missing: string[] = [];
  if (!course.title?.trim()) missing.push('title');
  if (!course.category) missing.push('category');
  if (!course.level) missing.push('level');
  if (course.price === null || course.price === undefined) missing.push('price');
  return missing;
}

const listWords = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * editcourse, once `before` is authorized: stores the new thumbnail (if any), applies the edit,
 * then removes the replaced renditions (best effort: the edit stands if that fails); a failed
 * edit removes the new ones.
 */
export async function editCourse(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  before: CourseRow,
  userId: string,
  form: Form<EditCourseRequest, Buffer>,
) {
  const courseId = before.id;
  const thumbnailKey = form.file
    ? await storeThumbnail(storage, courseId, form.file).catch((error) => {
        // Image bytes that announce a format but cannot be decoded.
        if (error instanceof AppError) throw error;
        log.info({ err: error }, 'thumbnail could not be decoded');
        throw unsupportedMedia('The image could not be read; please choose another file');
      })
    : undefined;
  let oldThumbnailKey: string | null;
  try {
    ({ oldThumbnailKey } = await updateCourse(db, courseId, userId, form.fields, thumbnailKey));
  } catch (error) {
    // Same content, same key: the course may already have used these renditions.
    if (thumbnailKey && thumbnailKey !== before.thumbnailKey) await removeThumbnail(storage, thumbnailKey);
    throw error;
  }
  // The course now points at the new renditions: a failure here only leaves the old ones behind.
  await removeQuietly(log, oldThumbnailKey, () => removeThumbnail(storage, oldThumbnailKey));
}

/** Removes media no row points at any more; a storage failure is logged, never answered. */
async function removeQuietly(log: FastifyBaseLogger, key: string | null, remove: () => Promise<void>) {
  await remove().catch((err) => log.warn({ err, key }, 'stale media could not be removed'));
}

/**
 * Applies an edit in one transaction (the row locked), refusing to publish an incomplete
 * course. `thumbnailKey`, when given, replaces the old renditions (returned as `oldThumbnailKey`).
 */
async function updateCourse(
  db: DbOrTx,
  courseId: string,
  userId: string,
  patch: EditCourseRequest,
  thumbnailKey?: string,
) {
  return db.transaction(async (tx) => {
    const course = await loadOwnedCourse(tx, courseId, userId, { lock: true });
    const next = { ...course, ...stripUndefined(patch) };
    if (next.isPublished) {
      const missing = missingForPublish(next);
      if (missing.length > 0) {
        throw badRequest(
          `Cannot publish yet: add the course's ${listWords(missing)} first`,
          Object.fromEntries(missing.map((m) => [m, 'Required to publish'])),
        );
      }
    }
    await tx
      .update(courses)
      .set({ ...stripUndefined(patch), ...(thumbnailKey ? { thumbnailKey } : {}), updatedAt: new Date() })
      .where(eq(courses.id, courseId));
    await reindexCourse(tx, courseId);
    return { oldThumbnailKey: thumbnailKey && course.thumbnailKey !== thumbnailKey ? course.thumbnailKey : null };
  });
}

function stripUndefined<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const HAS_LEARNERS = 'This course has enrolled learners; unpublish it instead';
export const CHECKOUT_OPEN =
  'A learner is paying for this course right now; unpublish it, and delete it once their checkout has expired';
/** How long after its `expires_at` an open order still blocks deletion: a payment may be landing. */
const CHECKOUT_GRACE = sql`interval '10 minutes'`;

/**
 * Deletes a course with its lectures, reviews, progress and abandoned orders, then its media
 * (thumbnail renditions and its own videos; the shared demo videos stay; best effort, logged). A course with
 * enrolled (or paid) learners cannot be deleted: they keep access, so 409.
 */
export async function deleteCourse(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  courseId: string,
  userId: string,
) {
  const removed = await db
    .transaction(async (tx) => {
      const course = await loadOwnedCourse(tx, courseId, userId, { lock: true });
      const [{ learners }] = await tx
        .select({ learners: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(eq(enrollments.courseId, courseId));
      // Paid orders, and open ones not yet expired (give or take a grace for a payment in
      // flight): a learner may be paying right now, and their money must find its order to enrol them.
      const [{ paid, paying }] = await tx
        .select({
          paid: sql<number>`count(*) filter (where ${paymentOrders.status} = 'paid')::int`,
          paying: sql<number>`count(*) filter (where ${paymentOrders.status} = 'created' and ${paymentOrders.expiresAt} > now() - ${CHECKOUT_GRACE})::int`,
        })
        .from(paymentOrders)
        .where(eq(paymentOrders.courseId, courseId));
      if (learners > 0 || paid > 0) throw conflict(HAS_LEARNERS);
      if (paying > 0) throw conflict(CHECKOUT_OPEN);
      const videos = await tx.select({ key: lectures.videoKey }).from(lectures).where(eq(lectures.courseId, courseId));
      await tx.delete(paymentOrders).where(and(eq(paymentOrders.courseId, courseId), ne(paymentOrders.status, 'paid')));
      await tx.delete(reviews).where(eq(reviews.courseId, courseId));
      await tx.delete(lectures).where(eq(lectures.courseId, courseId));
      await tx.delete(courses).where(eq(courses.id, courseId));
      await reindexCourse(tx, courseId);
      return { thumbnailKey: course.thumbnailKey, videoKeys: videos.map((v) => v.key) };
    })
    .catch((error) => {
      // An enrolment that raced in after the count: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw conflict(HAS_LEARNERS);
      throw error;
    });
  // The course is gone whatever happens now: a storage failure leaves files behind, logged.
  await removeQuietly(log, removed.thumbnailKey, () => removeThumbnail(storage, removed.thumbnailKey));
  const thumbnails = `public/thumbnails/${courseId}/`;
  await removeQuietly(log, thumbnails, () => storage.removePrefix(thumbnails));
  for (const key of removed.videoKeys) await removeQuietly(log, key, () => removeVideo(storage, key));
  const videos = lectureVideoPrefix(courseId);
  await removeQuietly(log, videos, () => storage.removePrefix(videos));
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
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
