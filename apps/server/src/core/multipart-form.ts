import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, payloadTooLarge, type Said } from './errors.ts';

/**
 * Forms that may carry one file (course thumbnail, lecture video, avatar): multipart/form-data
 * as a browser sends it, or JSON without the file. The fields are validated with a schema;
 * the file goes to a sink that buffers or stores it, and is undone if the form turns out bad.
 */
export interface FileSink<T> {
  /** The form field that carries the file. */
  field: string;
  /** The error for a file sent in any other field. */
  unexpected: (field: string) => AppError;
  /** Per-file byte limit for the parser; without it the app's multipart limit applies. */
  maxBytes?: number;
  /** Buffers or stores the file; undefined when there is nothing to keep (an empty file). */
  save: (file: MultipartFile) => Promise<T | undefined>;
  /** Removes what `save` stored, when the rest of the form fails. */
  discard?: (saved: T) => Promise<void>;
}

export interface Form<F, T> {
  fields: F;
  file?: T;
}

export async function readForm<S extends z.ZodType, T = never>(
  request: FastifyRequest,
  schema: S,
  sink?: FileSink<T>,
): Promise<Form<z.infer<S>, T>> {
  const raw: Record<string, unknown> = {};
  let file: T | undefined;
  try {
    if (request.isMultipart()) {
      const options = sink?.maxBytes ? { limits: { fileSize: sink.maxBytes, files: 1 } } : undefined;
      for await (const part of request.parts(options)) {
        if (part.type === 'field') {
          raw[part.fieldname] = part.value;
        } else if (!part.filename) {
          // An empty file input in a plain HTML form: no file chosen.
          await part.toBuffer().catch(() => undefined);
        } else if (!sink || part.fieldname !== sink.field) {
          part.file.resume();
          throw sink ? sink.unexpected(part.fieldname) : unexpectedFile(part.fieldname);
        } else {
          file = await sink.save(part);
        }
      }
    } else if (request.body && typeof request.body === 'object') {
      Object.assign(raw, request.body);
    }
    return { fields: parseFields(schema, raw), file };
  } catch (error) {
    if (file !== undefined) await sink?.discard?.(file);
    throw error;
  }
}

/** A sink that holds the file in memory (images: small, and decoded as a whole anyway). */
export function bufferedFile(
  field: string,
  limit: { maxBytes: number; tooLarge: Said },
  unexpected: FileSink<Buffer>['unexpected'] = unexpectedFile,
): FileSink<Buffer> {
  return {
    field,
    unexpected,
    maxBytes: limit.maxBytes,
    save: async (part) => {
      const buffer = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(limit.tooLarge);
        throw error;
      });
      return buffer.length > 0 ? buffer : undefined;
    },
  };
}

/** Parses with a schema and answers 400 naming the fields, as the error handler does for route schemas. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  const [first] = Object.values(fields);
  throw badRequest({ id: 'validation', message: first ?? 'Invalid request' }, fields);
}

/** A streamed file that stopped before its end (the client cancelled or was lost): a 400, not a fault. */
export const uploadIncomplete = () =>
  badRequest({ id: 'upload_incomplete', message: 'The upload did not complete; please try again' });

/** A file sent in a field the form does not take. */
const unexpectedFile = (field: string) =>
  badRequest({ id: 'unexpected_file_field', message: `Unexpected file field "${field}"`, params: { field } });

/**
 * What to throw when streaming an uploaded file to storage failed: our own refusals as they are, the
 * parser's size limit as `tooLarge()`, a client that went away as `uploadIncomplete()`, anything
 * else unchanged (a real fault).
 */
export function uploadStreamError(error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (
    code === 'ECONNRESET' ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    /^aborted$|terminated early|Unexpected end of/.test((error as Error).message)
  ) {
    return uploadIncomplete();
  }
  return error;
}
