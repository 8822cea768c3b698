import type { Course, Lecture, Review } from '@kaksha/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, lectures, reviews, users } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';
import { thumbnailUrls } from '../media/images.ts';
import { photoUrl } from '../users/users.presenter.ts';

type LectureRow = typeof lectures.$inferSelect;

export const lectureVideoUrl = (lectureId: string) => `/media/lectures/${lectureId}`;

export const presentLecture = (l: LectureRow): Lecture => ({
  _id: l.id,
  lectureTitle: l.lectureTitle,
  videoUrl: l.videoKey ? lectureVideoUrl(l.id) : null,
  isPreviewFree: l.isPreviewFree,
  duration: l.durationSeconds,
});

/** Aggregates computed in the database, once, for every course card and page. */
const avgRating = sql<number>`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.courseId} = ${courses.id}), 0)::float8`;
const reviewCount = sql<number>`(select count(*) from ${reviews} where ${reviews.courseId} = ${courses.id})::int`;
const lectureCount = sql<number>`(select count(*) from ${lectures} where ${lectures.courseId} = ${courses.id})::int`;
const enrolledCount = sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${courses.id})::int`;
/** Spec §3: price × enrolled learners (0 without a price); bigint so large sums do not overflow. */
const earnings = sql<number>`(coalesce(${courses.price}, 0)::bigint * (select count(*) from ${enrollments} where ${enrollments.courseId} = ${courses.id}))::float8`;

export interface PresentOptions {
  /** The signed-in user: the creator also sees `enrolledStudents`. */
  viewerId?: string | null;
}

/**
 * Loads and presents the courses matching `where`, ordered by `orderBy`.
 * Four queries whatever the number of courses: courses with aggregates, lectures,
 * reviews, enrolments of the viewer's own courses.
 */
export async function findCourses(
  db: DbOrTx,
  storage: Storage,
  where: SQL | undefined,
  opts: PresentOptions & { orderBy?: SQL[]; limit?: number } = {},
): Promise<Course[]> {
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

  const [lectureRows, reviewRows, ownEnrollments] = await Promise.all([
    db
      .select()
      .from(lectures)
      .where(inArray(lectures.courseId, ids))
      .orderBy(asc(lectures.position), asc(lectures.createdAt), asc(lectures.id)),
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

  const group = <T>(items: T[], key: (t: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const k = key(item);
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
  const lecturesByCourse = group(lectureRows, (l) => l.courseId);
  const reviewsByCourse = group(reviewRows, (r) => r.review.courseId);
  const studentsByCourse = group(ownEnrollments, (e) => e.courseId);

  return rows.map(({ course, creatorName, ...counts }) => {
    const isCreator = !!opts.viewerId && opts.viewerId === course.creatorId;
    const presented: Course = {
      _id: course.id,
      title: course.title,
      subTitle: course.subTitle,
      description: course.description,
      category: course.category as Course['category'],
      level: course.level as Course['level'],
      price: course.price,
      ...thumbnailUrls(storage, course.thumbnailKey),
      isPublished: course.isPublished,
      creator: course.creatorId,
      creatorName,
      lectures: (lecturesByCourse.get(course.id) ?? []).map(presentLecture),
      lectureCount: counts.lectureCount,
      reviews: (reviewsByCourse.get(course.id) ?? []).map(({ review, user }) =>
        presentReview(storage, review, user, course.title),
      ),
      avgRating: counts.avgRating,
      reviewCount: counts.reviewCount,
      createdAt: course.createdAt.toISOString(),
      updatedAt: course.updatedAt.toISOString(),
    };
    if (isCreator) {
      presented.enrolledStudents = (studentsByCourse.get(course.id) ?? []).map((e) => e.userId);
      presented.enrolledCount = counts.enrolledCount;
      presented.earnings = Number(counts.earnings);
    }
    return presented;
  });
}

export function presentReview(
  storage: Storage,
  review: typeof reviews.$inferSelect,
  user: typeof users.$inferSelect,
  courseTitle?: string,
): Review {
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    course: review.courseId,
    courseTitle,
    user: { _id: user.id, name: user.name, photoUrl: photoUrl(storage, user), role: user.role },
    createdAt: review.createdAt.toISOString(),
  };
}

/** Presented courses for the given ids, in the order given (search results). Unknown ids are skipped. */
export async function loadCourseCards(db: DbOrTx, storage: Storage, ids: string[], opts: PresentOptions = {}) {
  if (ids.length === 0) return [];
  const found = await findCourses(db, storage, inArray(courses.id, ids), opts);
  const byId = new Map(found.map((c) => [c._id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const listPublishedCourses = (db: DbOrTx, storage: Storage, opts: PresentOptions = {}) =>
  findCourses(db, storage, eq(courses.isPublished, true), opts);
