import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { enrollments } from '../../core/db/schema/index.ts';

export async function isEnrolled(db: DbOrTx, userId: string, courseId: string) {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return !!row;
}
