import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, lectures } from '../../core/db/schema/index.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { SessionUser } from '../../core/sessions.ts';

export const LOGIN_TO_WATCH = 'Please log in to watch this lecture';
export const NO_ACCESS = 'Enroll in this course to watch this lecture';

/**
 * Who may watch a lecture's video (and download its files, modules/lecture-resources): the
 * course's creator, learners enrolled in the course, and — for a free-preview lecture of a
 * published course — any signed-in user. Everyone else, anonymous visitors included, gets 403
 * whatever id they try.
 */
export async function findWatchableLecture(db: DbOrTx, lectureId: string, user: SessionUser | null) {
  if (!user) throw forbidden({ id: 'login_to_watch', message: LOGIN_TO_WATCH });
  if (!isUuid(lectureId)) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  const [row] = await db
    .select({ lecture: lectures, course: courses, enrollmentId: enrollments.id })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, user.id)))
    .where(eq(lectures.id, lectureId))
    .limit(1);
  if (!row) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  const allowed =
    row.course.creatorId === user.id ||
    row.enrollmentId !== null ||
    (row.lecture.isPreviewFree && row.course.isPublished);
  if (!allowed) throw forbidden({ id: 'enrol_to_watch', message: NO_ACCESS });
  return row.lecture;
}
