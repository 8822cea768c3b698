import type { User } from '@kaksha/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { enrollments, type users } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';

type UserRow = typeof users.$inferSelect;

export const photoUrl = (storage: Storage, user: Pick<UserRow, 'photoKey'>) =>
  user.photoKey ? storage.publicUrl(user.photoKey) : null;

/** The user as every endpoint presents it (spec §3): never a hash or a secret. */
export async function presentUser(db: DbOrTx, storage: Storage, user: UserRow): Promise<User> {
  const enrolled = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, user.id))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.courseId));
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    description: user.description,
    photoUrl: photoUrl(storage, user),
    enrolledCourses: enrolled.map((e) => e.courseId),
  };
}
