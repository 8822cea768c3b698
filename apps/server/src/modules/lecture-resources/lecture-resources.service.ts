/*
 * The lecture-resources module's public face: files an educator attaches to a lecture (notes,
 * slides, code) and their download by those who may watch the lecture. The files live under the
 * lecture's private media folder (lecture-resources.files.ts), so deleting the lecture or its
 * course (lectures and courses services, `removeLectureMedia` / the course's media prefix)
 * removes them with its videos; the rows go by the lecture's foreign key.
 */
import { type AddLectureResourceRequest, LECTURE_RESOURCE_TITLE_MAX, LECTURE_RESOURCES_MAX } from '@kaksha/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../core/db/client.ts';
import { lectureResources } from '../../core/db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { FileSink, Form } from '../../core/multipart-form.ts';
import type { SessionUser } from '../../core/sessions.ts';
import type { Storage } from '../../core/storage.ts';
import { presentLectureResource } from '../courses/courses.service.ts';
import { type LectureRow, loadOwnedLecture, lockLecture } from '../lectures/lectures.service.ts';
import { findWatchableLecture, NO_ACCESS } from '../media/media.service.ts';
import { type StoredResource, storeResource } from './lecture-resources.files.ts';

export const TOO_MANY = `A lecture can have at most ${LECTURE_RESOURCES_MAX} files; remove one to add another`;
export const NO_FILE = 'Choose a file to attach';
const LOGIN_TO_DOWNLOAD = 'Please log in to download this file';
const NO_DOWNLOAD = 'Enroll in this course to download its files';

type ResourceRow = typeof lectureResources.$inferSelect;

/** A lecture's files, oldest first (the order the course answers list them in). */
const resourceRows = (db: DbOrTx, lectureId: string) =>
  db
    .select()
    .from(lectureResources)
    .where(eq(lectureResources.lectureId, lectureId))
    .orderBy(asc(lectureResources.createdAt), asc(lectureResources.id));

const countResources = async (db: DbOrTx, lectureId: string) => {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lectureResources)
    .where(eq(lectureResources.lectureId, lectureId));
  return n;
};

/**
 * The lecture, if the user may attach files to it (the course's creator; others as
 * `loadOwnedLecture` answers: 404 for an unpublished course, 403 for a published one), and only
 * while it has room: the upload is refused before a byte of it is read.
 */
export async function loadLectureForUpload(db: DbOrTx, lectureId: string, userId: string) {
  const lecture = await loadOwnedLecture(db, lectureId, userId);
  if ((await countResources(db, lecture.id)) >= LECTURE_RESOURCES_MAX)
    throw conflict({ id: 'resources_too_many', message: TOO_MANY, params: { max: LECTURE_RESOURCES_MAX } });
  return lecture;
}

/** Where the form's `file` goes: checked by content and size while it streams to private storage. */
export const resourceSink = (storage: Storage, lecture: LectureRow, maxBytes: number): FileSink<StoredResource> => ({
  field: 'file',
  unexpected: (field) =>
    badRequest({
      id: 'resource_field_expected',
      message: `Unexpected file field "${field}"; send the file as file`,
      params: { field },
    }),
  maxBytes,
  save: (part) => storeResource(storage, part, { courseId: lecture.courseId, lectureId: lecture.id, maxBytes }),
  discard: (stored) => storage.remove(stored.key),
});

/**
 * Records the stored file as the lecture's resource and answers the lecture's resources. The
 * lecture row is locked, so two uploads at once cannot both take the twentieth place; the owner
 * is checked again (the course may have changed hands while the file was uploading). On failure
 * the stored file is removed.
 */
export async function addResource(
  db: DbOrTx,
  storage: Storage,
  lectureId: string,
  userId: string,
  form: Form<AddLectureResourceRequest, StoredResource>,
) {
  const stored = form.file;
  if (!stored) throw badRequest({ id: 'resource_file_required', message: NO_FILE }, { file: NO_FILE });
  try {
    return await db.transaction(async (tx) => {
      const lecture = await loadOwnedLecture(tx, lectureId, userId);
      // Removed while the file was uploading: 404.
      await lockLecture(tx, lecture.id);
      if ((await countResources(tx, lecture.id)) >= LECTURE_RESOURCES_MAX)
        throw conflict({ id: 'resources_too_many', message: TOO_MANY, params: { max: LECTURE_RESOURCES_MAX } });
      const title = form.fields.title ?? Array.from(stored.fileName).slice(0, LECTURE_RESOURCE_TITLE_MAX).join('');
      await tx.insert(lectureResources).values({ lectureId: lecture.id, title, ...stored });
      return (await resourceRows(tx, lecture.id)).map(presentLectureResource);
    });
  } catch (error) {
    await storage.remove(stored.key);
    throw error;
  }
}

/** Removes one of the lecture's files (404 when it is not one of them), then its bytes (best effort, logged). */
export async function removeResource(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lectureId: string,
  resourceId: string,
  userId: string,
) {
  const { removed, rows } = await db.transaction(async (tx) => {
    const lecture = await loadOwnedLecture(tx, lectureId, userId);
    const [row] = isUuid(resourceId)
      ? await tx
          .delete(lectureResources)
          .where(and(eq(lectureResources.id, resourceId), eq(lectureResources.lectureId, lecture.id)))
          .returning()
      : [];
    if (!row) throw notFound({ id: 'resource_not_found', message: 'Resource not found' });
    return { removed: row, rows: await resourceRows(tx, lecture.id) };
  });
  await storage.remove(removed.key).catch((err) => log.warn({ err, key: removed.key }, 'resource file not removed'));
  return rows.map(presentLectureResource);
}

/**
 * The file to send, for a signed-in user who may watch the lecture (the video's own check:
 * creator, enrolled learner, or anyone signed in for a free preview of a published course).
 * Anonymous 401; others 403; an unknown lecture or file 404.
 */
export async function findDownload(
  db: DbOrTx,
  lectureId: string,
  resourceId: string,
  user: SessionUser | null,
): Promise<ResourceRow> {
  if (!user) throw unauthorized({ id: 'login_to_download', message: LOGIN_TO_DOWNLOAD });
  const lecture = await findWatchableLecture(db, lectureId, user).catch((error: unknown) => {
    // The video's refusal, said of a download.
    if (error instanceof AppError && error.message === NO_ACCESS)
      throw forbidden({ id: 'enrol_to_download', message: NO_DOWNLOAD });
    throw error;
  });
  const [row] = isUuid(resourceId)
    ? await db
        .select()
        .from(lectureResources)
        .where(and(eq(lectureResources.id, resourceId), eq(lectureResources.lectureId, lecture.id)))
        .limit(1)
    : [];
  if (!row) throw notFound({ id: 'resource_not_found', message: 'Resource not found' });
  return row;
}

/** `Content-Disposition: attachment` with the file's name (ASCII fallback plus RFC 5987 UTF-8). */
export function attachmentHeader(fileName: string) {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
