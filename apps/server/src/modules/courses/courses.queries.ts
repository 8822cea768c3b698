import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import {
  courseSections,
  courses,
  enrollments,
  lectureCaptions,
  lectureResources,
  lectures,
  quizzes,
  reviews,
  users,
} from '../../core/db/schema/index.ts';

/**
 * `column = any($1)` with the ids as one array parameter: an `IN` list binds one parameter per id
 * and fails past PostgreSQL's 65,535 (a whole catalogue of lectures or reviews).
 */
export const anyId = (column: AnyColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** What a review shows of its author: the columns read, not the whole account row. */
export const reviewerColumns = { id: users.id, name: users.name, photoKey: users.photoKey, role: users.role };
export type Reviewer = Pick<typeof users.$inferSelect, 'id' | 'name' | 'photoKey' | 'role'>;

/** Average rating rounded to one decimal, half away from zero like SQL's `round(avg, 1)`, in integers. */
export const averageRating = (sum: number, count: number) =>
  count === 0 ? 0 : Math.floor((20 * sum + count) / (2 * count)) / 10;

export interface CourseQueryOptions {
  /** The signed-in user: enrolments and earnings are loaded only for the courses they created. */
  viewerId?: string | null;
  orderBy?: SQL[];
  limit?: number;
}

/** A course with everything its presentation needs. */
export interface CourseRecord {
  course: typeof courses.$inferSelect;
  creatorName: string;
  /** `created_at` as text, exact to the microsecond: where the next keyset page starts. */
  cursor: string;
  avgRating: number;
  reviewCount: number;
  lectureCount: number;
  /** Seconds of the lectures whose duration is known, rounded; null while none is. */
  totalDurationSeconds: number | null;
  enrolledCount: number;
  earnings: number;
  /** In curriculum order: the implicit section's lectures first, then each section's by position. */
  lectures: (typeof lectures.$inferSelect)[];
  sections: (typeof courseSections.$inferSelect)[];
  /** Captions by lecture id. */
  captions: Map<string, (typeof lectureCaptions.$inferSelect)[]>;
  /** Files attached to lectures (modules/lecture-resources), by lecture id, oldest first. */
  resources: Map<string, (typeof lectureResources.$inferSelect)[]>;
  reviews: { review: typeof reviews.$inferSelect; user: Reviewer }[];
  /** Learner ids, loaded only for the viewer's own courses. */
  enrolledStudents: string[];
  /** Quizzes of the course, counted only for the viewer's own courses (the publish checklist). */
  quizCount: number;
}

/** The courses matching `where` with their creator's name: one indexed statement, no per-row subqueries. */
function selectCourses(db: DbOrTx, where: SQL | undefined, opts: CourseQueryOptions) {
  const query = db
    // The creation time as the database's text keeps its microseconds for keyset cursors.
    .select({ course: courses, creatorName: users.name, cursor: sql<string>`${courses.createdAt}::text` })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(where)
    .orderBy(...(opts.orderBy ?? [desc(courses.createdAt), asc(courses.id)]))
    .$dynamic();
  return opts.limit ? query.limit(opts.limit) : query;
}

/** What the read model adds to the courses `ids`: one statement each, all at once; `ownIds` are the viewer's own. */
async function loadCourseParts(db: DbOrTx, ids: string[], ownIds: string[]) {
  const [lectureRows, sectionRows, captionRows, resourceRows, reviewRows, ownEnrollments, ownQuizzes] =
    await Promise.all([
      db
        .select()
        .from(lectures)
        .where(anyId(lectures.courseId, ids))
        .orderBy(asc(lectures.courseId), asc(lectures.position), asc(lectures.createdAt), asc(lectures.id)),
      db
        .select()
        .from(courseSections)
        .where(anyId(courseSections.courseId, ids))
        .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(courseSections.id)),
      db
        .select({ caption: lectureCaptions })
        .from(lectureCaptions)
        .innerJoin(lectures, eq(lectures.id, lectureCaptions.lectureId))
        .where(anyId(lectures.courseId, ids))
        .orderBy(asc(lectureCaptions.lang)),
      db
        .select({ resource: lectureResources })
        .from(lectureResources)
        .innerJoin(lectures, eq(lectures.id, lectureResources.lectureId))
        .where(anyId(lectures.courseId, ids))
        .orderBy(asc(lectureResources.createdAt), asc(lectureResources.id)),
      db
        .select({ review: reviews, user: reviewerColumns })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(anyId(reviews.courseId, ids))
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      ownIds.length > 0
        ? db
            .select({ courseId: enrollments.courseId, userId: enrollments.userId, amountPaid: enrollments.amountPaid })
            .from(enrollments)
            .where(anyId(enrollments.courseId, ownIds))
            .orderBy(asc(enrollments.createdAt), asc(enrollments.userId))
        : Promise.resolve([]),
      // The creator's only, like the enrolments: public reads never run it.
      ownIds.length > 0
        ? db
            .select({ courseId: quizzes.courseId, count: sql<number>`count(*)::int` })
            .from(quizzes)
            .where(anyId(quizzes.courseId, ownIds))
            .groupBy(quizzes.courseId)
        : Promise.resolve([]),
    ]);
  return { lectureRows, sectionRows, captionRows, resourceRows, reviewRows, ownEnrollments, ownQuizzes };
}

/**
 * The read model of courses matching `where`, ordered by `orderBy`. Seven statements whatever the
 * number of courses (courses, lectures, sections, captions, lecture resources, reviews, the
 * viewer's own enrolments), and an eighth, the quiz counts, only when the viewer created some of
 * them; each an index lookup by course id; counts and averages are computed from the loaded rows.
 */
export async function queryCourses(
  db: DbOrTx,
  where: SQL | undefined,
  opts: CourseQueryOptions = {},
): Promise<CourseRecord[]> {
  const rows = await selectCourses(db, where, opts);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.course.id);
  const ownIds = opts.viewerId ? rows.filter((r) => r.course.creatorId === opts.viewerId).map((r) => r.course.id) : [];

  const { lectureRows, sectionRows, captionRows, resourceRows, reviewRows, ownEnrollments, ownQuizzes } =
    await loadCourseParts(db, ids, ownIds);
  const quizzesOf = new Map(ownQuizzes.map((q) => [q.courseId, q.count]));

  const lecturesByCourse = group(lectureRows, (l) => l.courseId);
  const sectionsByCourse = group(sectionRows, (sec) => sec.courseId);
  const captionsByLecture = group(
    captionRows.map((c) => c.caption),
    (c) => c.lectureId,
  );
  const resourcesByLecture = group(
    resourceRows.map((r) => r.resource),
    (r) => r.lectureId,
  );
  const reviewsByCourse = group(reviewRows, (r) => r.review.courseId);
  const studentsByCourse = group(ownEnrollments, (e) => e.courseId);
  return rows.map((row) => {
    const courseLectures = lecturesByCourse.get(row.course.id) ?? [];
    const sections = sectionsByCourse.get(row.course.id) ?? [];
    const courseReviews = reviewsByCourse.get(row.course.id) ?? [];
    const students = studentsByCourse.get(row.course.id) ?? [];
    const ratingSum = courseReviews.reduce((sum, r) => sum + r.review.rating, 0);
    return {
      ...row,
      avgRating: averageRating(ratingSum, courseReviews.length),
      reviewCount: courseReviews.length,
      lectureCount: courseLectures.length,
      totalDurationSeconds: totalDuration(courseLectures.map((l) => l.durationSeconds)),
      enrolledCount: students.length,
      // Rupees actually paid (enrolments record paise): spec §3's price × learners while the price
      // never changed, and still what learners paid after it did.
      earnings: students.reduce((sum, e) => sum + e.amountPaid, 0) / 100,
      lectures: curriculumOrder(courseLectures, sections),
      sections,
      captions: captionsByLecture,
      resources: resourcesByLecture,
      reviews: courseReviews,
      enrolledStudents: students.map((e) => e.userId),
      quizCount: quizzesOf.get(row.course.id) ?? 0,
    };
  });
}

/** A catalogue card: the course with its counts, without lecture or review arrays. */
export interface CourseCardRecord {
  course: typeof courses.$inferSelect;
  creatorName: string;
  cursor: string;
  avgRating: number;
  reviewCount: number;
  lectureCount: number;
  totalDurationSeconds: number | null;
}

/** Catalogue cards for the courses matching `where`: three indexed statements per page. */
export async function queryCourseCards(
  db: DbOrTx,
  where: SQL | undefined,
  opts: CourseQueryOptions = {},
): Promise<CourseCardRecord[]> {
  const rows = await selectCourses(db, where, opts);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.course.id);
  const [lectureCounts, ratings] = await Promise.all([
    db
      .select({
        courseId: lectures.courseId,
        count: sql<number>`count(*)::int`,
        // Real-valued seconds; null when no lecture's duration is known yet.
        seconds: sql<number | null>`sum(${lectures.durationSeconds}::float8)`,
      })
      .from(lectures)
      .where(anyId(lectures.courseId, ids))
      .groupBy(lectures.courseId),
    db
      .select({
        courseId: reviews.courseId,
        count: sql<number>`count(*)::int`,
        sum: sql<number>`sum(${reviews.rating})::int`,
      })
      .from(reviews)
      .where(anyId(reviews.courseId, ids))
      .groupBy(reviews.courseId),
  ]);
  const lecturesOf = new Map(lectureCounts.map((r) => [r.courseId, r]));
  const ratingsOf = new Map(ratings.map((r) => [r.courseId, r]));
  return rows.map((row) => {
    const rating = ratingsOf.get(row.course.id);
    return {
      ...row,
      lectureCount: lecturesOf.get(row.course.id)?.count ?? 0,
      totalDurationSeconds: totalDuration([lecturesOf.get(row.course.id)?.seconds ?? null]),
      reviewCount: rating?.count ?? 0,
      avgRating: rating ? averageRating(rating.sum, rating.count) : 0,
    };
  });
}

/**
 * A course's length: the sum of the lecture durations known so far (a video's is measured when it
 * is processed), in whole seconds; null while none is known. course_rank's duration_seconds (the
 * catalogue's filter, kept by triggers) is the same sum.
 */
function totalDuration(seconds: (number | null)[]) {
  const known = seconds.filter((s): s is number => s !== null);
  return known.length > 0 ? Math.round(known.reduce((sum, s) => sum + s, 0)) : null;
}

/** Lectures in the order a learner meets them: the implicit section first, then section by section. */
function curriculumOrder(courseLectures: (typeof lectures.$inferSelect)[], sections: { id: string }[]) {
  if (sections.length === 0) return courseLectures;
  const rank = new Map(sections.map((sec, i) => [sec.id, i + 1]));
  const sectionRank = (l: typeof lectures.$inferSelect) => (l.sectionId ? (rank.get(l.sectionId) ?? 0) : 0);
  // Array.prototype.sort is stable: within a section the position order of the query is kept.
  return [...courseLectures].sort((a, b) => sectionRank(a) - sectionRank(b));
}

/**
 * Courses after (`createdAt`, `id`) in newest-first order (the published-newest index's order).
 * The first term bounds the index range; the second breaks ties on the same time by id.
 */
export const newestAfter = (createdAt: string, id: string) =>
  sql`(${courses.createdAt} <= ${createdAt}::timestamptz and (${courses.createdAt} < ${createdAt}::timestamptz or ${courses.id} > ${id}::uuid))`;

function group<T>(items: T[], key: (t: T) => string) {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export async function isEnrolled(db: DbOrTx, userId: string, courseId: string) {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return !!row;
}
