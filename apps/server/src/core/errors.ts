/**
 * Expected errors: each carries its HTTP status, a stable id and a message the user may
 * read. The error handler turns them into `{message, id, fields?}`; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
/** A size limit as a user reads it: `Videos must be 2 GB or smaller` (what: 'Videos'). */
export const tooLargeMessage = (what: string, maxBytes: number) =>
  `${what} must be ${formatBytes(maxBytes)} or smaller`;
export const unsupportedMedia = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const rangeNotSatisfiable = (size: number) =>
  new AppError(416, 'range_not_satisfiable', 'Requested range is not satisfiable', undefined, {
    'content-range': `bytes */${size}`,
  });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'too_many_requests',
    `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);

function formatWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "2 GB" (whole gigabytes only), "1.5 MB", "800 bytes": 1 MB = 1024 × 1024 bytes, as file managers count. */
function formatBytes(bytes: number) {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return `${bytes} bytes`;
}
