import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../plugins/storage.ts';
import { findCourses } from './courses.presenter.ts';

export { listPublishedCourses } from './courses.presenter.ts';

/** A course as its viewer may see it: unpublished courses exist only for their creator. */
export async function findCourseForViewer(db: DbOrTx, storage: Storage, courseId: string, viewerId?: string | null) {
  if (!isUuid(courseId)) throw notFound('Course not found');
  const [course] = await findCourses(db, storage, eq(courses.id, courseId), { viewerId });
  if (!course || (!course.isPublished && course.creator !== viewerId)) throw notFound('Course not found');
  return course;
}
