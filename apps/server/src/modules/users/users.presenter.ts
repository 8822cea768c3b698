import type { Category, Level, User } from '@kaksha/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, enrollments, type users } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';
import { photoUrl, thumbnailUrls } from '../media/media.service.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The user as every endpoint presents it (spec §3): never a hash or a secret. `enrolledCourses`
 * holds course summaries (the spec allows objects or ids): clients draw their cards from them.
 */
export async function presentUser(db: DbOrTx, storage: Storage, user: UserRow): Promise<User> {
  const enrolled = await db
    .select({
      _id: courses.id,
      title: courses.title,
      thumbnailKey: courses.thumbnailKey,
      category: courses.category,
      level: courses.level,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, user.id))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.courseId));
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    description: user.description,
    photoUrl: photoUrl(storage, user),
    showContactEmail: user.showContactEmail,
    locale: user.locale,
    enrolledCourses: enrolled.map(({ thumbnailKey, ...course }) => ({
      ...course,
      category: course.category as Category,
      level: course.level as Level | null,
      thumbnail: thumbnailUrls(storage, thumbnailKey).thumbnail,
    })),
  };
}
