import { CATEGORIES, LEVELS, MAX_PRICE_INR } from '@kaksha/contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, lectures, paymentOrders, reviews } from '../../core/db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Storage } from '../../core/storage.ts';
import { removeThumbnail } from '../media/images.ts';
import { lectureVideoPrefix, removeVideo } from '../media/videos.ts';
import { reindexCourse } from '../search/search.index.ts';
import { findCourses } from './courses.presenter.ts';
import { isEnrolled } from './enrollments.ts';

export { listPublishedCourses } from './courses.presenter.ts';

type CourseRow = typeof courses.$inferSelect;

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

// ---- validation -------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const titleSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} must be 120 characters or fewer`);

const categorySchema = z.enum(CATEGORIES, { error: 'Choose a category from the list' });
const levelSchema = z.enum(LEVELS, { error: 'Choose a level: Beginner, Intermediate or Advanced' });

const priceMessage = `Price must be a whole number of rupees from 0 to ${MAX_PRICE_INR}`;
const priceSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, priceMessage).transform(Number)], { error: priceMessage })
  .pipe(z.number().int(priceMessage).min(0, priceMessage).max(MAX_PRICE_INR, priceMessage));

/** Booleans as JSON sends them, or as multipart sends them ("true"/"false"). */
export const boolField = (name: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: `${name} must be true or false`,
  });

export const createCourseSchema = z.object({
  title: titleSchema('Title'),
  category: categorySchema,
});

/** Edit: every field optional; fields not sent (or sent empty, for the choice fields) stay unchanged. */
export const editCourseSchema = z.object({
  title: titleSchema('Title').optional(),
  subTitle: z.string().trim().max(200, 'Subtitle must be 200 characters or fewer').optional(),
  description: z.string().trim().max(10_000, 'Description must be 10,000 characters or fewer').optional(),
  category: z.preprocess(emptyToUndefined, categorySchema.optional()),
  level: z.preprocess(emptyToUndefined, levelSchema.optional()),
  price: z.preprocess(emptyToUndefined, priceSchema.optional()),
  isPublished: z.preprocess(emptyToUndefined, boolField('isPublished').optional()),
});
export type CoursePatch = z.infer<typeof editCourseSchema>;

/** Parses with a schema and answers 400 naming the fields, as the error handler does for route schemas. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  const [first] = Object.values(fields);
  throw badRequest(first ?? 'Invalid request', fields);
}

// ---- commands ----------------------------------------------------------------------------

export async function createCourse(db: DbOrTx, creatorId: string, input: z.infer<typeof createCourseSchema>) {
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
 * Applies an edit in one transaction (the row locked), refusing to publish an incomplete
 * course. `thumbnailKey`, when given, replaces the old renditions, which the caller removes
 * after the commit (returned as `oldThumbnailKey`).
 */
export async function updateCourse(
  db: DbOrTx,
  courseId: string,
  userId: string,
  patch: CoursePatch,
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
export const CHECKOUT_OPEN = 'A learner is paying for this course right now; unpublish it, and delete it in an hour';

/**
 * Deletes a course with its lectures, reviews, progress and abandoned orders, then its media
 * (thumbnail renditions and its own videos; the shared demo videos stay). A course with
 * enrolled (or paid) learners cannot be deleted: they keep access, so 409.
 */
export async function deleteCourse(db: DbOrTx, storage: Storage, courseId: string, userId: string) {
  const removed = await db
    .transaction(async (tx) => {
      const course = await loadOwnedCourse(tx, courseId, userId, { lock: true });
      const [{ learners }] = await tx
        .select({ learners: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(eq(enrollments.courseId, courseId));
      // Paid orders, and open ones young enough that a learner may be paying right now (their
      // money must find its order to enrol them).
      const [{ paid, paying }] = await tx
        .select({
          paid: sql<number>`count(*) filter (where ${paymentOrders.status} = 'paid')::int`,
          paying: sql<number>`count(*) filter (where ${paymentOrders.status} = 'created' and ${paymentOrders.createdAt} > now() - interval '1 hour')::int`,
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
  await removeThumbnail(storage, removed.thumbnailKey);
  await storage.removePrefix(`public/thumbnails/${courseId}/`);
  for (const key of removed.videoKeys) await removeVideo(storage, key);
  await storage.removePrefix(lectureVideoPrefix(courseId));
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
