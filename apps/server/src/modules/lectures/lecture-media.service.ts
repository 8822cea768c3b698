import { CAPTIONS_MAX_BYTES, type LectureCaptionsRequest } from '@kaksha/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../core/db/client.ts';
import { lectureCaptions, lectures } from '../../core/db/schema/index.ts';
import { badRequest, conflict, notFound, payloadTooLarge, tooLarge } from '../../core/errors.ts';
import type { FileSink } from '../../core/multipart-form.ts';
import type { Storage } from '../../core/storage.ts';
import {
  CaptionsError,
  canonicalLanguageTag,
  queueVideoProcessing,
  removeCaptions,
  storeCaptions,
  toWebVtt,
  type VideoPipeline,
  videoProcessingAvailable,
} from '../media/media.service.ts';
import { type LectureRow, lectureCaptionRows, lockLecture } from './lectures.service.ts';

export interface CaptionsUpload {
  data: Buffer;
  filename: string;
}

/** lecturecaptions' `captions` file: held in memory (at most CAPTIONS_MAX_BYTES) with its name (.srt or .vtt). */
export const captionsSink: FileSink<CaptionsUpload> = {
  field: 'captions',
  unexpected: (field) =>
    badRequest({
      id: 'captions_field_expected',
      message: `Unexpected file field "${field}"; send the file as captions`,
      params: { field },
    }),
  maxBytes: CAPTIONS_MAX_BYTES,
  save: async (part) => {
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw payloadTooLarge(tooLarge('captions_too_large', 'Captions files', CAPTIONS_MAX_BYTES));
      throw error;
    });
    return data.length > 0 ? { data, filename: part.filename } : undefined;
  },
};

const languageOf = (tag: string) => {
  const lang = canonicalLanguageTag(tag);
  if (!lang)
    throw badRequest(
      { id: 'captions_language_invalid', message: 'Language must be a code such as en or hi-IN' },
      { lang: 'Not a language code' },
    );
  return lang;
};

/**
 * Stores a .vtt or .srt upload as the lecture's WebVTT captions in `lang` (replacing those in that
 * language), and returns the lecture's captions. The content must parse as captions (400 otherwise).
 */
export async function saveLectureCaptions(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lecture: LectureRow,
  fields: LectureCaptionsRequest,
  file: CaptionsUpload | undefined,
) {
  if (!file)
    throw badRequest(
      { id: 'captions_file_required', message: 'Choose a captions file (.vtt or .srt)' },
      { captions: 'Choose a captions file' },
    );
  const lang = languageOf(fields.lang);
  let vtt: string;
  try {
    vtt = toWebVtt(file.data, file.filename);
  } catch (error) {
    if (error instanceof CaptionsError)
      throw badRequest({ id: 'captions_unreadable', message: error.message }, { captions: error.message });
    throw error;
  }
  const key = await storeCaptions(storage, { courseId: lecture.courseId, lectureId: lecture.id, lang }, vtt);
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      await lockLecture(tx, lecture.id);
      const same = and(eq(lectureCaptions.lectureId, lecture.id), eq(lectureCaptions.lang, lang));
      const [existing] = await tx.select().from(lectureCaptions).where(same);
      if (existing) await tx.update(lectureCaptions).set({ label: fields.label, key }).where(same);
      else await tx.insert(lectureCaptions).values({ lectureId: lecture.id, lang, label: fields.label, key });
      return existing?.key ?? null;
    });
  } catch (error) {
    await removeCaptions(storage, key).catch(() => undefined);
    throw error;
  }
  await removeCaptions(storage, replaced).catch((err) => log.warn({ err }, 'replaced captions could not be removed'));
  return lectureCaptionRows(db, lecture.id);
}

/** Removes the lecture's captions in `lang` (404 when it has none), and returns the rest. */
export async function deleteLectureCaptions(
  db: DbOrTx,
  storage: Storage,
  log: FastifyBaseLogger,
  lecture: LectureRow,
  tag: string,
) {
  const lang = languageOf(tag);
  const [removed] = await db
    .delete(lectureCaptions)
    .where(and(eq(lectureCaptions.lectureId, lecture.id), eq(lectureCaptions.lang, lang)))
    .returning();
  if (!removed) throw notFound({ id: 'captions_not_found', message: 'This lecture has no captions in that language' });
  await removeCaptions(storage, removed.key).catch((err) => log.warn({ err }, 'removed captions could not be deleted'));
  return lectureCaptionRows(db, lecture.id);
}

/** Queues a failed conversion again (409 unless it failed, or when this server has no ffmpeg). */
export async function retryVideoProcessing(db: DbOrTx, videos: VideoPipeline, lectureId: string) {
  if (!(await videoProcessingAvailable(videos.video)))
    throw conflict({ id: 'video_processing_off', message: 'Video processing is off on this server' });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(lectures).where(eq(lectures.id, lectureId)).for('update');
    if (!locked?.videoKey) throw notFound({ id: 'lecture_no_video', message: 'This lecture has no video yet' });
    if (locked.processing !== 'failed')
      throw conflict({
        id: 'video_not_failed',
        message: 'Only a video whose processing failed can be processed again',
      });
    return queueVideoProcessing(tx, videos, { id: locked.id, videoKey: locked.videoKey, videoSize: locked.videoSize });
  });
}
