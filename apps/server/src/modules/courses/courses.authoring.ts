import {
  type CreateCourseRequest,
  type EditCourseRequest,
  LIST_PRICE_MESSAGES,
  PUBLISH_MINIMUM,
  publishChecklist,
  publishRefusal,
} from '@kaksha/contracts';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, lectures, paymentOrders, quizzes, reviews } from '../../core/db/schema/index.ts';
import {
  AppError,
  badRequest,
  conflict,
  type ErrorText,
  forbidden,
  notFound,
  unsupportedMedia,
} from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Form } from '../../core/multipart-form.ts';
import type { Storage } from '../../core/storage.ts';
import { lectureVideoPrefix, removeThumbnail, removeVideo, storeThumbnail } from '../media/media.service.ts';
import { type ReembedQueue, reindexCourse } from '../search/search.service.ts';

/*
 * Authoring courses: who may change a course (`assertCreator`, `loadOwnedCourse`), and creating,
 * editing (thumbnail included) and deleting one, each change re-indexed for search in its
 * transaction. Other modules reach this through courses.service.ts.
 */

type CourseRow = typeof courses.$inferSelect;

/**
 * Authorization for every authoring endpoint (after `requireEducator`: 401 anonymous,
 * 403 students). The creator gets the course; another educator gets 404 when the course
 * is unknown or unpublished (its existence must not leak, as on `getcourse`) and 403
 * when it is published (anyone can see it exists, but only its creator may change it).
 */
export function assertCreator<T extends Pick<CourseRow, 'creatorId' | 'isPublished'>>(
  course: T | undefined,
  userId: string,
  what: 'Course' | 'Lecture' | 'Section' | 'Quiz' = 'Course',
): T {
  const thing = what.toLowerCase() as Lowercase<typeof what>;
  if (!course || (!course.isPublished && course.creatorId !== userId)) {
    throw notFound({ id: `${thing}_not_found`, message: `${what} not found` });
  }
  if (course.creatorId !== userId) {
    throw forbidden({ id: `creator_only_${thing}`, message: `Only the course's creator can change this ${thing}` });
  }
  return course;
}

export async function loadOwnedCourse(db: DbOrTx, courseId: string, userId: string, opts: { lock?: boolean } = {}) {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const query = db.select().from(courses).where(eq(courses.id, courseId)).limit(1).$dynamic();
  const [course] = opts.lock ? await query.for('update') : await query;
  return assertCreator(course, userId);
}

/** A new draft course; `reembed` (`app.searchReembed`) is where its re-indexing queues re-embedding. */
export async function createCourse(
  db: DbOrTx,
  creatorId: string,
  input: CreateCourseRequest,
  reembed: ReembedQueue | null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ creatorId, title: input.title, category: input.category, language: input.language })
      .returning({ id: courses.id });
    await reindexCourse(tx, row.id, reembed);
    return row.id;
  });
}

/** Whether the course has something to learn from: a lecture with a video, or a quiz (two indexed reads). */
async function hasContent(db: DbOrTx, courseId: string) {
  const [video] = await db
    .select({ id: lectures.id })
    .from(lectures)
    .where(and(eq(lectures.courseId, courseId), isNotNull(lectures.videoKey)))
    .limit(1);
  if (video) return true;
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.courseId, courseId)).limit(1);
  return !!quiz;
}

/**
 * What a course lacks to be published. `full`: the whole checklist (@kaksha/contracts
 * `PUBLISH_CHECKLIST`: a draft being published while PUBLISH_CHECKLIST is on); otherwise the
 * minimum every published course has always needed (title, category, level, price; spec §2 editor).
 */
export async function missingForPublish(db: DbOrTx, course: CourseRow, full: boolean) {
  const checklist = publishChecklist({
    ...course,
    hasThumbnail: !!course.thumbnailKey,
    hasContent: full ? await hasContent(db, course.id) : true,
  });
  return checklist.filter((item) => !item.done && (full || PUBLISH_MINIMUM.includes(item.key)));
}

/**
 * A list price is the educator's own and must be above a price that is not free (400 naming
 * `listPrice`). Checked when either changes: raising the price to the list price is refused too.
 */
function assertListPrice(next: Pick<CourseRow, 'price' | 'listPrice'>, patch: EditCourseRequest) {
  if (patch.price === undefined && patch.listPrice === undefined) return;
  if (next.listPrice === null) return;
  const refuse = (text: ErrorText) => {
    throw badRequest(text, { listPrice: text.message });
  };
  if (next.price === null) refuse({ id: 'list_price_no_price', message: LIST_PRICE_MESSAGES.noPrice });
  else if (next.price === 0) refuse({ id: 'list_price_free', message: LIST_PRICE_MESSAGES.free });
  else if (next.listPrice <= next.price) {
    const message = LIST_PRICE_MESSAGES.notAbovePrice(next.price);
    refuse({ id: 'list_price_not_above', message, params: { price: next.price } });
  }
}

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
  reembed: ReembedQueue | null,
  opts: { publishChecklist: boolean },
) {
  const courseId = before.id;
  const thumbnailKey = form.file
    ? await storeThumbnail(storage, courseId, form.file).catch((error) => {
        // Image bytes that announce a format but cannot be decoded.
        if (error instanceof AppError) throw error;
        log.info({ err: error }, 'thumbnail could not be decoded');
        throw unsupportedMedia({
          id: 'image_unreadable',
          message: 'The image could not be read; please choose another file',
        });
      })
    : undefined;
  let oldThumbnailKey: string | null;
  try {
    ({ oldThumbnailKey } = await updateCourse(db, reembed, courseId, userId, form.fields, {
      thumbnailKey,
      publishChecklist: opts.publishChecklist,
    }));
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
 * Applies an edit in one transaction (the row locked), refusing a list price not above the price
 * and publishing an incomplete course: a draft being published needs the whole checklist (with
 * `publishChecklist`), a published course keeps needing the minimum. `thumbnailKey`, when given,
 * replaces the old renditions (returned as `oldThumbnailKey`).
 */
async function updateCourse(
  db: DbOrTx,
  reembed: ReembedQueue | null,
  courseId: string,
  userId: string,
  patch: EditCourseRequest,
  { thumbnailKey, publishChecklist }: { thumbnailKey?: string; publishChecklist: boolean },
) {
  return db.transaction(async (tx) => {
    const course = await loadOwnedCourse(tx, courseId, userId, { lock: true });
    const next = { ...course, ...stripUndefined(patch), ...(thumbnailKey ? { thumbnailKey } : {}) };
    assertListPrice(next, patch);
    if (next.isPublished) {
      const missing = await missingForPublish(tx, next, publishChecklist && !course.isPublished);
      if (missing.length > 0) {
        throw badRequest(
          // `fields` names what is missing; a translation needs no more.
          { id: 'publish_incomplete', message: publishRefusal(missing) },
          Object.fromEntries(missing.map((m) => [m.field, 'Required to publish'])),
        );
      }
    }
    await tx
      .update(courses)
      .set({ ...stripUndefined(patch), ...(thumbnailKey ? { thumbnailKey } : {}), updatedAt: new Date() })
      .where(eq(courses.id, courseId));
    await reindexCourse(tx, courseId, reembed);
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
  reembed: ReembedQueue | null,
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
      if (learners > 0 || paid > 0) throw conflict({ id: 'course_has_learners', message: HAS_LEARNERS });
      if (paying > 0) throw conflict({ id: 'course_checkout_open', message: CHECKOUT_OPEN });
      const videos = await tx.select({ key: lectures.videoKey }).from(lectures).where(eq(lectures.courseId, courseId));
      await tx.delete(paymentOrders).where(and(eq(paymentOrders.courseId, courseId), ne(paymentOrders.status, 'paid')));
      await tx.delete(reviews).where(eq(reviews.courseId, courseId));
      await tx.delete(lectures).where(eq(lectures.courseId, courseId));
      await tx.delete(courses).where(eq(courses.id, courseId));
      await reindexCourse(tx, courseId, reembed);
      return { thumbnailKey: course.thumbnailKey, videoKeys: videos.map((v) => v.key) };
    })
    .catch((error) => {
      // An enrolment that raced in after the count: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw conflict({ id: 'course_has_learners', message: HAS_LEARNERS });
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
