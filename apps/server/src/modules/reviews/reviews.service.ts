import type { GiveReviewRequest } from '@kaksha/contracts';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, reviews, users } from '../../core/db/schema/index.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { jsonArray, keysetPages } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import { presentReview, type Reviewer, reviewerColumns } from '../courses/courses.service.ts';

export const NOT_ENROLLED_MESSAGE = 'Only learners enrolled in this course can review it';

/**
 * Saves the learner's review of a course. Only learners enrolled in the course may review it;
 * a learner has one review per course, so a second one replaces the first (and counts as new).
 * The comment is stored as plain text; clients render it as text.
 */
export async function giveReview(db: DbOrTx, storage: Storage, userId: string, input: GiveReviewRequest) {
  if (!isUuid(input.courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [row] = await db
    .select({ course: courses, enrolled: sql<boolean>`${enrollments.id} is not null` })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, userId)))
    .where(eq(courses.id, input.courseId))
    .limit(1);
  // A course the viewer may not see does not exist for them (same rule as getcourse).
  if (!row || (!row.course.isPublished && !row.enrolled && row.course.creatorId !== userId)) {
    throw notFound({ id: 'course_not_found', message: 'Course not found' });
  }
  if (!row.enrolled) throw forbidden({ id: 'review_not_enrolled', message: NOT_ENROLLED_MESSAGE });

  const now = new Date();
  const [saved] = await db
    .insert(reviews)
    .values({ courseId: input.courseId, userId, rating: input.rating, comment: input.comment })
    .onConflictDoUpdate({
      target: [reviews.courseId, reviews.userId],
      set: { rating: input.rating, comment: input.comment, createdAt: now, updatedAt: now },
    })
    // xmax is 0 for a freshly inserted row, not for one updated by ON CONFLICT.
    .returning({ ...getTableColumns(reviews), inserted: sql<boolean>`(xmax = 0)` });
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const { inserted, ...review } = saved;
  return { review: presentReview(storage, review, user, row.course.title), replaced: !inserted };
}

/** Reviews per statement when the list is read in pages (decoded in one go on the event loop). */
const REVIEWS_PAGE = 500;

/**
 * Reviews of published courses, newest first, each with its reviewer and course title, as JSON
 * text page by page (`allReview`, complete or the newest `limit`): bounded at any size.
 */
export function reviewsJson(db: DbOrTx, storage: Storage, limit?: number) {
  type Row = {
    review: typeof reviews.$inferSelect;
    user: Reviewer;
    courseTitle: string;
    cursor: string;
  };
  const pages = keysetPages<Row>(
    (last, size) =>
      db
        .select({
          review: reviews,
          user: reviewerColumns,
          courseTitle: courses.title,
          // The database's own text keeps the microseconds the keyset needs.
          cursor: sql<string>`${reviews.createdAt}::text`,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(courses, eq(courses.id, reviews.courseId))
        .where(
          and(
            eq(courses.isPublished, true),
            last && sql`(${reviews.createdAt}, ${reviews.id}) < (${last.cursor}::timestamptz, ${last.review.id}::uuid)`,
          ),
        )
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(size),
    { pageSize: REVIEWS_PAGE, limit },
  );
  return jsonArray(pages, ({ review, user, courseTitle }) => presentReview(storage, review, user, courseTitle));
}
