import { randomUUID } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { type AppError, badRequest, payloadTooLarge, tooLarge, unsupportedMedia } from '../../core/errors.ts';
import { uploadIncomplete, uploadStreamError } from '../../core/multipart-form.ts';
import type { Storage } from '../../core/storage.ts';
import { lectureVideoPrefix } from '../media/media.service.ts';

/*
 * A lecture resource's bytes: recognised by their content (never by the name or the type the
 * browser declares), streamed to private storage under the lecture's media folder (so removing
 * the lecture or its course removes them with its videos), never held in memory.
 */

/** How many leading bytes decide the type (the longest signature checked is PNG's 8). */
const HEAD_BYTES = 16;

export const TEXT_TYPE = 'text/plain; charset=utf-8';
const ZIP_TYPE = 'application/zip';
/** Office documents are ZIP archives; their names say which (the bytes start the same). */
const ZIP_FAMILY: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: ZIP_TYPE,
};

type Kind = 'pdf' | 'zip' | 'png' | 'jpeg' | 'text';

const KIND_NAMES: Record<Kind, string> = {
  pdf: 'a PDF',
  zip: 'a ZIP archive',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  text: 'a text file',
};

/** What a file name's extension promises; a file whose content is something else is refused. */
const EXTENSION_KINDS: Record<string, Kind> = {
  pdf: 'pdf',
  ...Object.fromEntries(Object.keys(ZIP_FAMILY).map((ext) => [ext, 'zip' as const])),
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  txt: 'text',
  md: 'text',
  csv: 'text',
};

/**
 * Names a computer runs when they are opened (Windows, Java, Android), refused whatever they
 * hold: a learner double-clicking a downloaded `notes.bat` would run it. Source code (.js, .py,
 * .sh) is text a learner reads, and stays allowed.
 */
const RUNNABLE_EXTENSIONS = new Set([
  'exe',
  'dll',
  'msi',
  'msp',
  'com',
  'scr',
  'pif',
  'bat',
  'cmd',
  'cpl',
  'hta',
  'lnk',
  'reg',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ps1',
  'jar',
  'apk',
  'appx',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'app',
  'bin',
  'run',
]);

export const UNSUPPORTED =
  'Only PDF, ZIP-based files (zip, docx, pptx, xlsx), PNG or JPEG images, and UTF-8 text (notes, Markdown, source code) can be attached';
const EXECUTABLE = 'Programs cannot be attached to a lecture; put the code in a ZIP archive or attach its source';

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** Programs (Windows PE, ELF, Mach-O, Java class files): refused with a message of their own. */
function isExecutable(head: Buffer) {
  return (
    startsWith(head, 0x4d, 0x5a) || // MZ
    startsWith(head, 0x7f, 0x45, 0x4c, 0x46) || // \x7fELF
    startsWith(head, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(head, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(head, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(head, 0xcf, 0xfa, 0xed, 0xfe) ||
    startsWith(head, 0xca, 0xfe, 0xba, 0xbe) // fat Mach-O, Java class
  );
}

/** The binary types we take, by signature; text is whatever else passes as UTF-8 to its end. */
function binaryKind(head: Buffer): Exclude<Kind, 'text'> | null {
  if (startsWith(head, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04) || startsWith(head, 0x50, 0x4b, 0x05, 0x06)) return 'zip'; // PK
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(head, 0xff, 0xd8, 0xff)) return 'jpeg';
  return null;
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** The type stored and sent for a file of this kind and name. */
function contentTypeFor(kind: Kind, extension: string) {
  switch (kind) {
    case 'pdf':
      return 'application/pdf';
    case 'zip':
      return ZIP_FAMILY[extension] ?? ZIP_TYPE;
    case 'png':
      return 'image/png';
    case 'jpeg':
      return 'image/jpeg';
    case 'text':
      return TEXT_TYPE;
  }
}

/** Refuses a file whose name promises another kind than its content (a `.pdf` that is a program). */
function assertNameMatches(kind: Kind, extension: string) {
  const promised = EXTENSION_KINDS[extension];
  if (promised && promised !== kind) {
    throw unsupportedMedia({
      id: 'resource_kind_mismatch',
      message: `This file is named .${extension} but its content is ${KIND_NAMES[kind]}`,
      // `kind`: pdf, zip, png, jpeg or text.
      params: { extension, kind },
    });
  }
}

/** Throws 415 for a name the computer would run when it is opened. */
export function assertNameAllowed(fileName: string) {
  if (RUNNABLE_EXTENSIONS.has(extensionOf(fileName)))
    throw unsupportedMedia({ id: 'resource_executable', message: EXECUTABLE });
}

/**
 * The name a download is saved under: the last path segment of what the browser sent, in NFC,
 * without control characters or characters file systems and headers refuse, at most 150
 * characters (the extension kept), never empty or hidden.
 */
export function sanitizeFileName(raw: string) {
  // Browsers send `"`, CR and LF in a multipart file name as %22, %0D and %0A (HTML's form encoding).
  const decoded = raw.replace(/%22/gi, '"').replace(/%0[ad]/gi, '');
  const base = decoded.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*\u2028\u2029]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (Array.from(name).length > 150) {
    const ext = extensionOf(name);
    const keep = ext && ext.length <= 10 ? `.${ext}` : '';
    name = `${Array.from(name)
      .slice(0, 150 - keep.length)
      .join('')
      .trimEnd()}${keep}`;
  }
  return name || 'file';
}

/**
 * Passes bytes through, holding back the first few until they say what the file is (then
 * emits `kind`), and for text checks every byte as it passes: valid UTF-8 and no NUL, to the
 * end. Fails at the end when the multipart parser cut the file at its size limit.
 */
class ResourceGate extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private kind: Kind | null = null;
  private decoder: TextDecoder | null = null;
  size = 0;

  constructor(
    private readonly source: { truncated?: boolean },
    private readonly extension: string,
    private readonly tooLarge: () => AppError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback) {
    try {
      this.size += chunk.length;
      if (this.kind) {
        this.check(chunk, false);
        return callback(null, chunk);
      }
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= HEAD_BYTES) this.decide();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    try {
      if (this.source.truncated) throw this.tooLarge();
      // An empty file has no type: storeResource answers that it is empty.
      if (this.size === 0) return callback();
      if (!this.kind) this.decide();
      this.check(Buffer.alloc(0), true);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private decide() {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (isExecutable(head)) throw unsupportedMedia({ id: 'resource_executable', message: EXECUTABLE });
    const kind = binaryKind(head) ?? 'text';
    assertNameMatches(kind, this.extension);
    this.kind = kind;
    if (kind === 'text') this.decoder = new TextDecoder('utf-8', { fatal: true });
    this.emit('kind', kind);
    this.check(head, false);
    this.push(head);
  }

  /** Text only: valid UTF-8 without NUL, across chunk boundaries. */
  private check(chunk: Buffer, end: boolean) {
    if (!this.decoder) return;
    if (chunk.includes(0)) throw unsupportedMedia({ id: 'resource_type_unsupported', message: UNSUPPORTED });
    try {
      this.decoder.decode(chunk, { stream: !end });
    } catch {
      throw unsupportedMedia({ id: 'resource_type_unsupported', message: UNSUPPORTED });
    }
  }
}

export interface StoredResource {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

export const resourceTooLarge = (maxBytes: number) =>
  payloadTooLarge(tooLarge('resource_too_large', 'Files attached to a lecture', maxBytes));

/**
 * Streams an uploaded file into the lecture's private storage, checking its content as it
 * passes and its size against `maxBytes` (the multipart limit). On any failure nothing is left
 * stored and the error is thrown (415 not a file we take, 413 too large, 400 empty or cut off).
 */
export async function storeResource(
  storage: Storage,
  upload: { file: Readable & { truncated?: boolean }; filename: string },
  where: { courseId: string; lectureId: string; maxBytes: number },
): Promise<StoredResource> {
  const source = upload.file;
  const fileName = sanitizeFileName(upload.filename);
  try {
    assertNameAllowed(fileName);
  } catch (error) {
    source.resume();
    throw error;
  }
  if (source.destroyed || source.errored) throw uploadIncomplete();
  const gate = new ResourceGate(source, extensionOf(fileName), () => resourceTooLarge(where.maxBytes));
  const onSourceError = (error: Error) => gate.destroy(error);
  const onSourceClose = () => {
    if (!source.readableEnded) gate.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  };
  source.once('error', onSourceError);
  source.once('close', onSourceClose);
  // Its failures reach us through storage.put's promise; a late second one must not go unhandled.
  gate.on('error', () => {});
  source.pipe(gate);
  let kind: Kind | undefined;
  gate.once('kind', (k: Kind) => {
    kind = k;
  });
  const key = `${lectureVideoPrefix(where.courseId, where.lectureId)}resources/${randomUUID()}`;
  try {
    // All or nothing: a gate that fails (wrong type, not UTF-8 at the end, too large) leaves no file.
    const { size } = await storage.put(key, gate);
    if (source.truncated) {
      await storage.remove(key);
      throw resourceTooLarge(where.maxBytes);
    }
    if (size === 0 || !kind) {
      await storage.remove(key);
      throw badRequest({ id: 'file_empty', message: 'The file is empty' });
    }
    return { key, fileName, contentType: contentTypeFor(kind, extensionOf(fileName)), size };
  } catch (error) {
    gate.destroy();
    if (!source.destroyed) source.destroy();
    throw uploadStreamError(error, () => resourceTooLarge(where.maxBytes));
  } finally {
    source.off('error', onSourceError);
    source.off('close', onSourceClose);
  }
}
