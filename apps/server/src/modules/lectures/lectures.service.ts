import type { EditLectureRequest } from '@kaksha/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { courses, lectureCaptions, lectures } from '../../core/db/schema/index.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { FileSink, Form } from '../../core/multipart-form.ts';
import type { Storage } from '../../core/storage.ts';
import { assertCreator, loadOwnedCourse } from '../courses/courses.service.ts';
import {
  queueVideoProcessing,
  removeLectureMedia,
  removeVideo,
  type StoredVideo,
  storeVideo,
  type VideoPipeline,
} from '../media/media.service.ts';
import { notifyNewLecture } from '../notifications/notifications.service.ts';
import { type ReembedQueue, reindexCourse } from '../search/search.service.ts';
import { placeLecture } from '../sections/sections.service.ts';

export type LectureRow = typeof lectures.$inferSelect;

/** A lecture's captions, by language (what `presentLecture` lists; uploads presents lectures too). */
export const lectureCaptionRows = (db: DbOrTx, lectureId: string) =>
  db.select().from(lectureCaptions).where(eq(lectureCaptions.lectureId, lectureId)).orderBy(asc(lectureCaptions.lang));

/**
 * The lecture with its course, if the user may manage it: the same rules as for the course
 * (`assertCreator`): unknown lecture or unpublished course of someone else → 404,
 * published course of someone else → 403.
 */
export async function loadOwnedLecture(db: DbOrTx, lectureId: string, userId: string) {
  if (!isUuid(lectureId)) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
  const [row] = await db
    .select({ lecture: lectures, creatorId: courses.creatorId, isPublished: courses.isPublished })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(eq(lectures.id, lectureId))
    .limit(1);
  return assertCreator(row, userId, 'Lecture').lecture;
}

/**
 * Locks the lecture's row for the rest of the transaction, so that changes to what it carries
 * (its captions, its files) wait for each other; 404 when it was removed meanwhile.
 */
export async function lockLecture(tx: DbOrTx, lectureId: string) {
  const [locked] = await tx.select({ id: lectures.id }).from(lectures).where(eq(lectures.id, lectureId)).for('update');
  if (!locked) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
}

/**
 * Adds a lecture at the end of the course, or of the section `sectionId` names (null: the
 * implicit first group; a section of another course: 400). The course row is locked so
 * positions stay unique. `reembed` (`app.searchReembed`): where the course's re-indexing queues
 * its re-embedding, as for every change below.
 */
export async function createLecture(
  db: DbOrTx,
  courseId: string,
  userId: string,
  input: { lectureTitle: string; sectionId?: string | null },
  reembed: ReembedQueue | null,
) {
  return db.transaction(async (tx) => {
    await loadOwnedCourse(tx, courseId, userId, { lock: true });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${lectures.position}) + 1, 0)::int` })
      .from(lectures)
      .where(eq(lectures.courseId, courseId));
    const [inserted] = await tx
      .insert(lectures)
      .values({ courseId, lectureTitle: input.lectureTitle, position: next })
      .returning();
    // Into its section (the last one when none is named), positions renumbered in curriculum order.
    await placeLecture(tx, courseId, inserted.id, input.sectionId);
    const [lecture] = await tx.select().from(lectures).where(eq(lectures.id, inserted.id));
    await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
    await reindexCourse(tx, courseId, reembed);
    await notifyNewLecture(tx, lecture.id);
    return lecture;
  });
}

/**
 * Where editlecture's `videoUrl` file goes: streamed into the lecture's private storage as it
 * arrives (checked by content and size), and removed again if the rest of the form is bad.
 */
export const lectureVideoSink = (storage: Storage, lecture: LectureRow, maxBytes: number): FileSink<StoredVideo> => ({
  field: 'videoUrl',
  unexpected: (field) =>
    badRequest({
      id: 'video_field_expected',
      message: `Unexpected file field "${field}"; send the video as videoUrl`,
      params: { field },
    }),
  save: (file) => storeVideo(storage, file, { courseId: lecture.courseId, lectureId: lecture.id, maxBytes }),
  discard: (video) => removeVideo(storage, video.key),
});

/**
 * editlecture, once the lecture is authorized and its video stored: applies the edit, then
 * removes the replaced video (best effort: the edit stands if that fails). A failed edit leaves
 * neither the new file nor a half-updated lecture.
 */
export async function editLecture(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lectureId: string,
  userId: string,
  form: Form<EditLectureRequest, StoredVideo>,
  videos: VideoPipeline,
  reembed: ReembedQueue | null,
) {
  let updated: Awaited<ReturnType<typeof updateLecture>>;
  try {
    updated = await updateLecture(db, videos, lectureId, userId, form.fields, form.file ?? null, undefined, reembed);
  } catch (error) {
    if (form.file) await removeVideo(storage, form.file.key);
    throw error;
  }
  // The lecture now points at the new file: a failure here only leaves the old one behind.
  await removeVideoQuietly(storage, log, updated.oldVideoKey);
  return updated.lecture;
}

/**
 * A video that arrived another way and is stored already (a finished resumable upload,
 * modules/uploads, stored under the upload's own name) made the lecture's video by the same
 * edit as editlecture's: authorized again (the course may have changed hands while the file was
 * uploading), processing queued and the catalogue refreshed in one transaction, the replaced
 * video removed after the commit. `claim` runs in that transaction once the lecture is locked;
 * when it answers false (the upload was attached before, by another attempt or process) nothing
 * changes and `attached` is false. On failure the stored file is left to the caller, which alone
 * knows whether another attempt may have attached it.
 */
export async function attachStoredVideo(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lectureId: string,
  userId: string,
  video: StoredVideo,
  videos: VideoPipeline,
  claim: (tx: Tx) => Promise<boolean>,
) {
  // A video changes no text the search index embeds: nothing to re-embed.
  const updated = await updateLecture(db, videos, lectureId, userId, {}, video, claim);
  if (updated.attached) await removeVideoQuietly(storage, log, updated.oldVideoKey);
  return { lecture: updated.lecture, attached: updated.attached };
}

/** Removes a video no lecture points at any more; a storage failure is logged, never answered. */
const removeVideoQuietly = (storage: Storage, log: FastifyBaseLogger, key: string | null) =>
  removeVideo(storage, key).catch((err) => log.warn({ err, key }, 'stale lecture video could not be removed'));

/**
 * Applies a lecture edit and, when a new video was stored, points the lecture at it — all
 * in one transaction, so the lecture is never half-updated. Returns the lecture and the
 * replaced video key.
 */
async function updateLecture(
  db: DbOrTx,
  videos: VideoPipeline,
  lectureId: string,
  userId: string,
  patch: EditLectureRequest,
  video: StoredVideo | null,
  claim?: (tx: Tx) => Promise<boolean>,
  /** Null: no text the search index embeds changed (a video attached, the titles as they were). */
  reembed: ReembedQueue | null = null,
) {
  return db.transaction(async (tx) => {
    // The course row first, then the lecture's, as every curriculum change locks them.
    const [found] = await tx
      .select({ courseId: lectures.courseId })
      .from(lectures)
      .where(eq(lectures.id, lectureId))
      .limit(1);
    if (!found) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
    // The course may have changed hands or visibility while the file was uploading.
    await loadOwnedCourse(tx, found.courseId, userId, { lock: true });
    const [locked] = await tx.select().from(lectures).where(eq(lectures.id, lectureId)).limit(1).for('update');
    if (!locked) throw notFound({ id: 'lecture_not_found', message: 'Lecture not found' });
    if (claim && !(await claim(tx))) return { lecture: locked, oldVideoKey: null, attached: false };
    // A new section: to its end (400 unless it is one of the course's); the same one: it stays.
    if (patch.sectionId !== undefined && patch.sectionId !== locked.sectionId) {
      await placeLecture(tx, locked.courseId, lectureId, patch.sectionId);
    }
    const [edited] = await tx
      .update(lectures)
      .set({
        ...(patch.lectureTitle !== undefined ? { lectureTitle: patch.lectureTitle } : {}),
        ...(patch.isPreviewFree !== undefined ? { isPreviewFree: patch.isPreviewFree } : {}),
        ...(video ? { videoKey: video.key, videoMime: video.mime, videoSize: video.size, durationSeconds: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(lectures.id, lectureId))
      .returning();
    // A new video: its HLS conversion is queued in this transaction (without ffmpeg: none, the original plays).
    const lecture = video
      ? await queueVideoProcessing(tx, videos, { id: lectureId, videoKey: video.key, videoSize: video.size })
      : edited;
    await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, locked.courseId));
    await reindexCourse(tx, locked.courseId, reembed);
    return { lecture, oldVideoKey: video && locked.videoKey !== video.key ? locked.videoKey : null, attached: true };
  });
}

/** Deletes the lecture (its progress rows and captions cascade), then its files (best effort, logged). */
export async function deleteLecture(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lectureId: string,
  userId: string,
  reembed: ReembedQueue | null,
) {
  const removed = await db.transaction(async (tx) => {
    const lecture = await loadOwnedLecture(tx, lectureId, userId);
    // The course row first, as every curriculum change locks it, then the lecture's.
    await loadOwnedCourse(tx, lecture.courseId, userId, { lock: true });
    await tx.delete(lectures).where(eq(lectures.id, lectureId));
    await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, lecture.courseId));
    await reindexCourse(tx, lecture.courseId, reembed);
    return lecture;
  });
  await removeVideoQuietly(storage, log, removed.videoKey);
  // Its renditions and captions too.
  await removeLectureMedia(storage, removed.courseId, removed.id).catch((err) =>
    log.warn({ err, lectureId }, 'lecture media could not be removed'),
  );
}
