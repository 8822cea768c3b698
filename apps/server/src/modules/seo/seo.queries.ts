import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, reviews, users } from '../../core/db/schema/index.ts';

/**
 * What search engines and link previews are told of a published course: one statement, its
 * review figures counted from the reviews' (course, created, rating) index, the average rounded
 * half up to one decimal as the course page shows it. Undefined for a draft or an unknown id.
 */
export async function publishedCourseFacts(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      subTitle: courses.subTitle,
      description: courses.description,
      category: courses.category,
      level: courses.level,
      language: courses.language,
      price: courses.price,
      thumbnailKey: courses.thumbnailKey,
      educator: users.name,
      reviewCount: sql<number>`(select count(*)::int from ${reviews} where ${reviews.courseId} = ${courses.id})`,
      avgRating: sql<
        number | null
      >`(select round(avg(${reviews.rating}), 1)::float8 from ${reviews} where ${reviews.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)))
    .limit(1);
  return row;
}

export type PublishedCourseFacts = NonNullable<Awaited<ReturnType<typeof publishedCourseFacts>>>;

/** The newest published course's thumbnail (of those that have one): the picture the catalogue's link previews show. */
export async function newestThumbnailKey(db: DbOrTx) {
  const [row] = await db
    .select({ thumbnailKey: courses.thumbnailKey })
    .from(courses)
    .where(and(eq(courses.isPublished, true), isNotNull(courses.thumbnailKey)))
    .orderBy(desc(courses.createdAt), asc(courses.id))
    .limit(1);
  return row?.thumbnailKey ?? null;
}

/** How many courses are published (an index-only count over the published-newest index). */
export async function publishedCourseCount(db: DbOrTx) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(courses).where(eq(courses.isPublished, true));
  return row?.n ?? 0;
}

/** A sitemap row: the course, when it last changed, and its place in the newest-first order. */
export interface SitemapCourse {
  id: string;
  updatedAt: Date;
  /** `created_at` as the database writes it (microseconds kept): the next page's key. */
  createdAt: string;
}

/**
 * Published courses newest first (the published-newest index's order), `size` at a time: after
 * `last` (keyset), or from the `skip`-th (where a sitemap file starts; an index walk of that many).
 */
export function sitemapCourses(db: DbOrTx, last: SitemapCourse | undefined, size: number, skip = 0) {
  const after = last
    ? sql`(${courses.createdAt} <= ${last.createdAt}::timestamptz and (${courses.createdAt} < ${last.createdAt}::timestamptz or ${courses.id} > ${last.id}::uuid))`
    : undefined;
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt, createdAt: sql<string>`${courses.createdAt}::text` })
    .from(courses)
    .where(and(eq(courses.isPublished, true), after))
    .orderBy(desc(courses.createdAt), asc(courses.id))
    .limit(size)
    .offset(last ? 0 : skip);
}
