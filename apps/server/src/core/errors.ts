import { ERROR_IDS, type ErrorId, type ErrorParams, MESSAGES } from '@kaksha/contracts';

/**
 * What an error says: its English message (outside clients read it, so it never changes with the
 * reader's language), its stable id (contracts' ERROR_IDS: the web shows the id's translation),
 * and the values a translation fills in (`params`: `{left: 3}` for "Invalid OTP. 3 attempts left.").
 */
export interface ErrorText {
  id: ErrorId;
  message: string;
  params?: ErrorParams;
}

/**
 * Expected errors: each carries its HTTP status, a stable id and a message the user may
 * read. The error handler turns them into `{message, id, fields?, params?}`; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: ErrorId,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** An error as the factories take it: an ErrorText, or a bare message (its id found below). */
export type Said = string | ErrorText;

const KNOWN_IDS = new Set<string>(ERROR_IDS);
/** MESSAGES' texts that errors use, by their id: the key in snake case (`emailTaken` → `email_taken`). */
const MESSAGE_IDS = new Map(
  Object.entries(MESSAGES)
    .map(([key, message]) => [message as string, key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] as const)
    .filter(([, id]) => KNOWN_IDS.has(id)),
);

/**
 * The text of a bare message: a MESSAGES text gets its key's id, any other the factory's generic
 * one (`bad_request`, `not_found`…), which says only what kind of failure it is.
 */
function textOf(said: Said, generic: ErrorId): ErrorText {
  if (typeof said !== 'string') return said;
  return { id: (MESSAGE_IDS.get(said) as ErrorId | undefined) ?? generic, message: said };
}

const error = (status: number, said: Said, generic: ErrorId, fields?: Record<string, string>) => {
  const text = textOf(said, generic);
  return new AppError(status, text.id, text.message, fields, undefined, text.params);
};

/** A keyset page's cursor that no longer reads (a list's next-page link kept too long, or altered). */
export const PAGE_LINK_STALE: ErrorText = {
  id: 'page_link_stale',
  message: 'This page link is out of date; start from the first page',
};

export const badRequest = (said: Said, fields?: Record<string, string>) => error(400, said, 'bad_request', fields);
/** Without a message, "Please log in to continue" (its id `unauthorized`). */
export const unauthorized = (said: Said = 'Please log in to continue') => error(401, said, 'unauthorized');
/** Without a message, "You are not allowed to do this" (its id `forbidden`). */
export const forbidden = (said: Said = 'You are not allowed to do this') => error(403, said, 'forbidden');
export const notFound = (said: Said = 'Not found') => error(404, said, 'not_found');
export const conflict = (said: Said) => error(409, said, 'conflict');
export const payloadTooLarge = (said: Said) => error(413, said, 'payload_too_large');
/** A size limit as a user reads it: `Videos must be 2 GB or smaller` (what: 'Videos'). */
export const tooLargeMessage = (what: string, maxBytes: number) =>
  `${what} must be ${formatBytes(maxBytes)} or smaller`;
/** The same as an ErrorText with its id, and `size` ("2 GB") for the translation. */
export const tooLarge = (id: ErrorId, what: string, maxBytes: number): ErrorText => ({
  id,
  message: tooLargeMessage(what, maxBytes),
  params: { size: formatBytes(maxBytes) },
});
export const unsupportedMedia = (said: Said) => error(415, said, 'unsupported_media_type');
export const rangeNotSatisfiable = (size: number) =>
  new AppError(416, 'range_not_satisfiable', 'Requested range is not satisfiable', undefined, {
    'content-range': `bytes */${size}`,
  });
/** 429 with Retry-After; `params`: the wait as the message words it, `{wait: 5, unit: 'minute'}`. */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const wait = waitOf(retryAfterSeconds);
  return new AppError(
    429,
    'too_many_requests',
    `Too many attempts. Please try again in ${wait.wait} ${wait.unit}${wait.wait === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
    wait,
  );
};
export const serviceUnavailable = (said: Said) => error(503, said, 'service_unavailable');

function waitOf(seconds: number): { wait: number; unit: 'second' | 'minute' } {
  if (seconds < 60) return { wait: seconds, unit: 'second' };
  return { wait: Math.ceil(seconds / 60), unit: 'minute' };
}

/** "2 GB" (whole gigabytes only), "1.5 MB", "800 bytes": 1 MB = 1024 × 1024 bytes, as file managers count. */
function formatBytes(bytes: number) {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return `${bytes} bytes`;
}
