import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import {
  courseSections,
  courses,
  enrollments,
  lectureCaptions,
  lectures,
  reviews,
  users,
} from '../../core/db/schema/index.ts';

/** Aggregates computed in the database, once, for every course card and page. */
const avgRating = sql<number>`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.courseId} = ${courses.id}), 0)::float8`;
const reviewCount = sql<number>`(select count(*) from ${reviews} where ${reviews.courseId} = ${courses.id})::int`;
const lectureCount = sql<number>`(select count(*) from ${lectures} where ${lectures.courseId} = ${courses.id})::int`;
const enrolledCount = sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${courses.id})::int`;
/**
 * Rupees actually paid (enrolments record paise): spec §3's price × learners while the price never
 * changed, and still what learners paid after it did. Summed as bigint so large totals do not overflow.
 */
const earnings = sql<number>`((select coalesce(sum(${enrollments.amountPaid}), 0)::bigint from ${enrollments} where ${enrollments.courseId} = ${courses.id}) / 100.0)::float8`;

export interface CourseQueryOptions {
  /** The signed-in user: enrolments are loaded only for the courses they created. */
  viewerId?: string | null;
  orderBy?: SQL[];
  limit?: number;
}

/** A course with everything its presentation needs. */
export interface CourseRecord {
  course: typeof courses.$inferSelect;
  creatorName: string;
  avgRating: number;
  reviewCount: number;
  lectureCount: number;
  enrolledCount: number;
  earnings: number;
  /** In curriculum order: the implicit section's lectures first, then each section's by position. */
  lectures: (typeof lectures.$inferSelect)[];
  sections: (typeof courseSections.$inferSelect)[];
  /** Captions by lecture id. */
  captions: Map<string, (typeof lectureCaptions.$inferSelect)[]>;
  reviews: { review: typeof reviews.$inferSelect; user: typeof users.$inferSelect }[];
  /** Learner ids, loaded only for the viewer's own courses. */
  enrolledStudents: string[];
}

/**
 * The read model of courses matching `where`, ordered by `orderBy`. Four queries whatever
 * the number of courses: courses with aggregates, lectures, reviews, enrolments of the
 * viewer's own courses.
 */
export async function queryCourses(
  db: DbOrTx,
  where: SQL | undefined,
  opts: CourseQueryOptions = {},
): Promise<CourseRecord[]> {
  let query = db
    .select({
      course: courses,
      creatorName: users.name,
      avgRating,
      reviewCount,
      lectureCount,
      enrolledCount,
      earnings,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(where)
    .orderBy(...(opts.orderBy ?? [desc(courses.createdAt), asc(courses.id)]))
    .$dynamic();
  if (opts.limit) query = query.limit(opts.limit);
  const rows = await query;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.course.id);

  const [lectureRows, sectionRows, captionRows, reviewRows, ownEnrollments] = await Promise.all([
    db
      .select()
      .from(lectures)
      .where(inArray(lectures.courseId, ids))
      .orderBy(asc(lectures.position), asc(lectures.createdAt), asc(lectures.id)),
    db
      .select()
      .from(courseSections)
      .where(inArray(courseSections.courseId, ids))
      .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(courseSections.id)),
    db
      .select({ caption: lectureCaptions })
      .from(lectureCaptions)
      .innerJoin(lectures, eq(lectures.id, lectureCaptions.lectureId))
      .where(inArray(lectures.courseId, ids))
      .orderBy(asc(lectureCaptions.lang)),
    db
      .select({ review: reviews, user: users })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(inArray(reviews.courseId, ids))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    opts.viewerId
      ? db
          .select({ courseId: enrollments.courseId, userId: enrollments.userId })
          .from(enrollments)
          .innerJoin(courses, eq(courses.id, enrollments.courseId))
          .where(and(inArray(enrollments.courseId, ids), eq(courses.creatorId, opts.viewerId)))
          .orderBy(asc(enrollments.createdAt), asc(enrollments.userId))
      : Promise.resolve([]),
  ]);

  const lecturesByCourse = group(lectureRows, (l) => l.courseId);
  const sectionsByCourse = group(sectionRows, (sec) => sec.courseId);
  const captionsByLecture = group(
    captionRows.map((c) => c.caption),
    (c) => c.lectureId,
  );
  const reviewsByCourse = group(reviewRows, (r) => r.review.courseId);
  const studentsByCourse = group(ownEnrollments, (e) => e.courseId);
  return rows.map((row) => ({
    ...row,
    lectures: curriculumOrder(lecturesByCourse.get(row.course.id) ?? [], sectionsByCourse.get(row.course.id) ?? []),
    sections: sectionsByCourse.get(row.course.id) ?? [],
    captions: captionsByLecture,
    reviews: reviewsByCourse.get(row.course.id) ?? [],
    enrolledStudents: (studentsByCourse.get(row.course.id) ?? []).map((e) => e.userId),
  }));
}

/** Lectures in the order a learner meets them: the implicit section first, then section by section. */
function curriculumOrder(courseLectures: (typeof lectures.$inferSelect)[], sections: { id: string }[]) {
  if (sections.length === 0) return courseLectures;
  const rank = new Map(sections.map((sec, i) => [sec.id, i + 1]));
  const sectionRank = (l: typeof lectures.$inferSelect) => (l.sectionId ? (rank.get(l.sectionId) ?? 0) : 0);
  // Array.prototype.sort is stable: within a section the position order of the query is kept.
  return [...courseLectures].sort((a, b) => sectionRank(a) - sectionRank(b));
}

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
