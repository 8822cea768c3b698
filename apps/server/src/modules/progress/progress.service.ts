import type { CourseProgress, ProgressSummary, SaveProgressRequest } from '@kaksha/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, lectureProgress, lectures } from '../../core/db/schema/index.ts';
import { type ErrorText, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { isEnrolled } from '../courses/courses.service.ts';

export const NOT_ENROLLED_MESSAGE = 'Progress is kept only for learners enrolled in this course';
/** A lecture counts as completed once this share of it was watched. */
export const COMPLETION_RATIO = 0.9;

const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/**
 * Progress is for enrolled learners (403 for others). A course the user may not even see
 * (unpublished, and not theirs) answers 404, as getcourse does, so its existence is not revealed.
 */
async function assertEnrolled(db: DbOrTx, userId: string, courseId: string, notFoundText: ErrorText) {
  if (await isEnrolled(db, userId, courseId)) return;
  const [course] = await db
    .select({ isPublished: courses.isPublished, creatorId: courses.creatorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course || (!course.isPublished && course.creatorId !== userId)) throw notFound(notFoundText);
  throw forbidden({ id: 'progress_not_enrolled', message: NOT_ENROLLED_MESSAGE });
}

/** The learner's progress in one course they are enrolled in (lectures removed since are ignored). */
export async function getCourseProgress(db: DbOrTx, userId: string, courseId: string): Promise<CourseProgress> {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  await assertEnrolled(db, userId, courseId, { id: 'course_not_found', message: 'Course not found' });
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ progress: lectureProgress })
      .from(lectureProgress)
      .innerJoin(lectures, eq(lectures.id, lectureProgress.lectureId))
      .where(and(eq(lectureProgress.userId, userId), eq(lectures.courseId, courseId)))
      .orderBy(asc(lectures.position)),
    db.select({ total: sql<number>`count(*)::int` }).from(lectures).where(eq(lectures.courseId, courseId)),
  ]);
  const items = rows.map(({ progress: p }) => ({
    lectureId: p.lectureId,
    positionSeconds: p.positionSeconds,
    completed: p.completed,
    updatedAt: p.updatedAt.toISOString(),
  }));
  const completedCount = items.filter((p) => p.completed).length;
  const last = [...rows].sort((a, b) => b.progress.updatedAt.getTime() - a.progress.updatedAt.getTime())[0];
  return {
    courseId,
    lectures: items,
    completedCount,
    totalLectures: total,
    percent: percentOf(completedCount, total),
    lastLectureId: last?.progress.lectureId ?? null,
  };
}

/** One row per enrolled course, in one query: what the "My Enrolled Courses" cards need. */
export async function listProgress(db: DbOrTx, userId: string): Promise<ProgressSummary[]> {
  // Raw SQL: correlated subqueries need every column qualified. Progress rows go with their
  // lecture (on delete cascade), and (user_id, course_id, updated_at) is indexed.
  const result = await db.execute(sql`
    select e.course_id as "courseId",
      (select count(*) from lectures l where l.course_id = e.course_id)::int as "totalLectures",
      (select count(*) from lecture_progress p
        where p.user_id = e.user_id and p.course_id = e.course_id and p.completed)::int as "completedCount",
      (select p.lecture_id from lecture_progress p
        where p.user_id = e.user_id and p.course_id = e.course_id
        order by p.updated_at desc limit 1) as "lastLectureId"
    from enrollments e
    where e.user_id = ${userId}
    order by e.created_at asc`);
  const rows = result.rows as Omit<ProgressSummary, 'percent'>[];
  return rows.map((r) => ({ ...r, percent: percentOf(r.completedCount, r.totalLectures) }));
}

/** Saves where the learner is in a lecture. Completion sticks unless explicitly un-marked. */
export async function saveLectureProgress(db: DbOrTx, userId: string, lectureId: string, input: SaveProgressRequest) {
  if (!isUuid(lectureId)) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  const [lecture] = await db.select().from(lectures).where(eq(lectures.id, lectureId)).limit(1);
  if (!lecture) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  await assertEnrolled(db, userId, lecture.courseId, { id: 'lecture_not_found', message: 'Lecture not found' });

  const duration = input.duration ?? lecture.durationSeconds ?? undefined;
  const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
  const reached = !!duration && position >= duration * COMPLETION_RATIO;
  const completedNow = input.completed ?? reached;
  const now = new Date();
  const [saved] = await db
    .insert(lectureProgress)
    .values({
      userId,
      lectureId,
      courseId: lecture.courseId,
      positionSeconds: position,
      completed: completedNow,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        positionSeconds: position,
        completed: input.completed === false ? sql`false` : sql`${lectureProgress.completed} or excluded.completed`,
        updatedAt: now,
      },
    })
    .returning();
  return {
    lectureId: saved.lectureId,
    courseId: saved.courseId,
    positionSeconds: saved.positionSeconds,
    completed: saved.completed,
    updatedAt: saved.updatedAt.toISOString(),
  };
}
