import { z } from 'zod';
import { emptyToUndefined, requiredText, schema } from './define.ts';

/** Largest file an educator may attach to a lecture (the server's MAX_RESOURCE_BYTES may lower it). */
export const LECTURE_RESOURCE_MAX_BYTES = 50 * 1024 * 1024;
/** Files one lecture may have. */
export const LECTURE_RESOURCES_MAX = 20;
export const LECTURE_RESOURCE_TITLE_MAX = 120;

/**
 * What the file input offers (a hint only: the server decides by the file's content): PDF,
 * ZIP-based documents and archives, PNG/JPEG images, and plain text such as notes and source code.
 */
export const LECTURE_RESOURCE_ACCEPT = [
  '.pdf',
  '.zip',
  '.docx',
  '.pptx',
  '.xlsx',
  '.png',
  '.jpg',
  '.jpeg',
  '.txt',
  '.md',
  '.csv',
  '.json',
  '.py',
  '.js',
  '.ts',
  '.java',
  '.c',
  '.cpp',
  '.h',
  '.go',
  '.rs',
  '.sql',
  '.html',
  '.css',
  '.ipynb',
  '.sh',
].join(',');

/** A file attached to a lecture; `url` downloads it (access checked like the lecture's video). */
export const lectureResourceSchema = schema(() =>
  z.object({
    _id: z.string(),
    title: z.string(),
    /** The name the download is saved under. */
    fileName: z.string(),
    /** Bytes. */
    size: z.number().int(),
    /** The type its content was recognised as. */
    contentType: z.string(),
    url: z.string(),
  }),
);
export type LectureResource = z.infer<typeof lectureResourceSchema>;

/**
 * `POST /api/course/lectureresources/:lectureId`, multipart: `file` (one file, checked by its
 * content, up to LECTURE_RESOURCE_MAX_BYTES) and `title` (optional; the file's name without it).
 */
export const addLectureResourceRequestSchema = schema(() =>
  z.object({
    title: z.preprocess(emptyToUndefined, requiredText('Title', LECTURE_RESOURCE_TITLE_MAX).optional()),
  }),
);
export type AddLectureResourceRequest = z.infer<typeof addLectureResourceRequestSchema>;

/** What adding or removing a resource answers: the lecture's resources after the change. */
export const lectureResourcesAnswerSchema = schema(() =>
  z.object({ resources: z.array(lectureResourceSchema), message: z.string() }),
);
export type LectureResourcesAnswer = z.infer<typeof lectureResourcesAnswerSchema>;
