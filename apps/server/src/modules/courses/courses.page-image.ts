import type { PageImage } from '@kaksha/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, users } from '../../core/db/schema/index.ts';
import { isUuid } from '../../core/ids.ts';
import { VersionedMemo } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import { thumbnailUrls } from '../media/media.service.ts';

const COURSE_PAGE = /^\/viewcourse\/([0-9a-fA-F-]{36})$/;

/**
 * The image a page shows largest first, so its HTML can start downloading it before the app has
 * run (modules/web, which app.ts hands this lookup): on /allcourses the first card's thumbnail (the
 * newest published course, as the catalogue's first page orders them), on /viewcourse/{id} the course's own, published only
 * (anyone else's page is a 404). One small indexed read per page and catalogue version; every
 * change to what the catalogue shows bumps the version.
 */
export function coursePageImages(db: DbOrTx, storage: Storage, catalogVersion: () => Promise<number>) {
  const memo = new VersionedMemo<PageImage | null>(2_000);
  return async (path: string): Promise<PageImage | null> => {
    const courseId = COURSE_PAGE.exec(path)?.[1];
    if (path !== '/allcourses' && !(courseId && isUuid(courseId))) return null;
    const key = courseId ?? '';
    const version = await catalogVersion();
    const known = memo.get(version, key);
    if (known !== undefined) return known;
    const [row] = await db
      .select({ thumbnailKey: courses.thumbnailKey })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.creatorId))
      .where(and(eq(courses.isPublished, true), courseId ? eq(courses.id, courseId) : undefined))
      .orderBy(desc(courses.createdAt), asc(courses.id))
      .limit(1);
    const { thumbnail, thumbnailSrcSet } = thumbnailUrls(storage, row?.thumbnailKey ?? null);
    const image = thumbnail ? { src: thumbnail, srcSet: thumbnailSrcSet } : null;
    memo.set(version, key, image);
    return image;
  };
}
