/*
 * The wishlist module's public face: courses a signed-in user saved for later. Adding and
 * removing are idempotent; only published courses can be added, and the list shows only
 * those still published (a course unpublished later is left out, its row kept, and is back
 * in the list if it is published again; a deleted course takes its rows with it).
 */
import type { CourseCard } from '@kaksha/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, wishlistItems } from '../../core/db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Storage } from '../../core/storage.ts';
import { loadPublishedCards } from '../courses/courses.service.ts';

const COURSE_NOT_FOUND = { id: 'course_not_found', message: 'Course not found' } as const;

async function isPublished(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)))
    .limit(1);
  return !!row;
}

/**
 * Saves a published course (404 for anything else). Adding it again changes nothing, also
 * when two requests race: the (user, course) primary key keeps one row, the first one's time.
 */
export async function addToWishlist(db: DbOrTx, userId: string, courseId: string) {
  if (!isUuid(courseId) || !(await isPublished(db, courseId))) throw notFound(COURSE_NOT_FOUND);
  await db
    .insert(wishlistItems)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .catch((error: unknown) => {
      // Deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw notFound(COURSE_NOT_FOUND);
      throw error;
    });
}

/**
 * Removes a course; removing one that is not there succeeds too, for a published course. A
 * saved course that has been unpublished since can still be removed; any other unpublished or
 * unknown id is 404, so the answer tells nothing about courses the user cannot see.
 */
export async function removeFromWishlist(db: DbOrTx, userId: string, courseId: string) {
  if (!isUuid(courseId)) throw notFound(COURSE_NOT_FOUND);
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.courseId, courseId)))
    .returning({ courseId: wishlistItems.courseId });
  if (removed.length === 0 && !(await isPublished(db, courseId))) throw notFound(COURSE_NOT_FOUND);
}

/** The user's saved courses that are published, as catalogue cards, the most recently added first. */
export async function listWishlist(db: DbOrTx, storage: Storage, userId: string): Promise<CourseCard[]> {
  const rows = await db
    .select({ courseId: wishlistItems.courseId })
    .from(wishlistItems)
    .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
    .where(and(eq(wishlistItems.userId, userId), eq(courses.isPublished, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.courseId));
  return loadPublishedCards(
    db,
    storage,
    rows.map((r) => r.courseId),
  );
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}
