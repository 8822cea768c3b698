import type { ErrorBody, Lecture } from '@kaksha/contracts';
import type { DetailedError, Upload } from 'tus-js-client';
import { API_URL, ApiError } from '@/lib/api';

/**
 * Lecture videos through the server's tus endpoint (/api/uploads, tus 1.0): sent in chunks, each
 * retried after a dropped connection, resumed from where the server has it after a reload (the
 * upload's URL is kept in localStorage under a fingerprint of the lecture and the file), and
 * cancelled with the server's copy removed. tus-js-client is loaded only when a video is sent.
 */

/** Bytes per PATCH: what a proxy must let through in one request (nginx client_max_body_size). */
export const CHUNK_BYTES = 16 * 1024 * 1024;
/** Waits before each retry of a failed chunk (then the upload fails and may be resumed by hand). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
const FINGERPRINT_PREFIX = 'kaksha-lecture-';

/** tus-js-client could not be loaded or this browser cannot run it: send the form as before. */
export class ResumableUploadUnavailable extends Error {}

export interface ResumableUpload {
  /**
   * The lecture as the server answers after storing the video; null when the success came without
   * it (HEAD said the upload was complete, for one finished before): then the caller checks the
   * lecture itself rather than trusting the empty answer.
   */
  done: Promise<Lecture | null>;
  /** Stops and removes the server's copy (a cancelled upload cannot be resumed). */
  cancel: () => Promise<void>;
  /** Stops but keeps the server's copy (leaving the page): the same file resumes later. */
  pause: () => void;
}

export interface ResumableUploadOptions {
  onProgress: (percent: number) => void;
  /** Offline: the upload waits and goes on when the connection is back. */
  onConnection?: (online: boolean) => void;
}

const fingerprintOf = (lectureId: string, file: File) =>
  `${FINGERPRINT_PREFIX}${lectureId}-${[file.name, file.type, file.size, file.lastModified].join('-')}`;

/** An upload of this lecture's video that a reload or a lost connection left unfinished, if any. */
export function findInterruptedUpload(lectureId: string): { filename: string; size: number } | null {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(`tus::${FINGERPRINT_PREFIX}${lectureId}-`)) continue;
      const entry = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        size?: number;
        metadata?: { filename?: string };
      } | null;
      if (entry) return { filename: entry.metadata?.filename ?? 'video', size: entry.size ?? 0 };
    }
  } catch {
    // No localStorage (private mode): nothing to resume.
  }
  return null;
}

const abortError = () => new DOMException('Upload cancelled', 'AbortError');

/** The server's `{message}` (the tus routes answer errors as the API does), or a sentence of our own. */
function toApiError(error: Error | DetailedError): ApiError {
  const response = (error as DetailedError).originalResponse;
  if (!response) {
    return new ApiError(0, 'Upload failed. Check your connection and try again.', undefined, {
      key: 'api.uploadFailed',
    });
  }
  const status = response.getStatus();
  let body: ErrorBody | undefined;
  try {
    body = JSON.parse(response.getBody()) as ErrorBody;
  } catch {
    body = undefined;
  }
  if (body?.message) return new ApiError(status, body.message, body);
  return new ApiError(status, `Upload failed (${status})`, body, {
    key: 'lectures.upload.failedStatus',
    values: { status },
  });
}

/** Worth another try: no answer at all (connection lost), a server error, or a conflict tus resolves. */
function retryable(error: Error | DetailedError) {
  const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

function parseLecture(text: string): Lecture | null {
  try {
    const answer = JSON.parse(text) as { lecture?: Lecture };
    return answer.lecture ?? null;
  } catch {
    return null;
  }
}

/** Starts (or resumes) uploading `file` as the lecture's video. */
export function uploadLectureVideo(lectureId: string, file: File, opts: ResumableUploadOptions): ResumableUpload {
  let upload: Upload | undefined;
  let stopped = false;
  let fail: (error: unknown) => void = () => undefined;
  let waitingForNetwork: (() => void) | undefined;
  const stopWaiting = () => {
    if (waitingForNetwork) window.removeEventListener('online', waitingForNetwork);
    waitingForNetwork = undefined;
  };

  const done = new Promise<Lecture | null>((resolve, reject) => {
    fail = reject;
    import('tus-js-client').then(
      (tus) => {
        if (stopped) return;
        if (!tus.isSupported) return reject(new ResumableUploadUnavailable());
        const current = new tus.Upload(file, {
          // Absolute: tus-js-client resolves the server's Location against it.
          endpoint: new URL(`${API_URL}/api/uploads/`, window.location.href).toString(),
          chunkSize: CHUNK_BYTES,
          retryDelays: RETRY_DELAYS,
          metadata: { lectureId, filename: file.name, filetype: file.type },
          fingerprint: async () => fingerprintOf(lectureId, file),
          removeFingerprintOnSuccess: true,
          // The session cookie, also when the API is on another origin (VITE_API_URL).
          onBeforeRequest: (req) => {
            const xhr = req.getUnderlyingObject() as unknown;
            if (xhr instanceof XMLHttpRequest) xhr.withCredentials = true;
          },
          // Also while the browser says it is offline (tus-js-client would give up at once).
          onShouldRetry: (error) => retryable(error),
          onProgress: (sent, total) => opts.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
          onSuccess: ({ lastResponse }) => resolve(parseLecture(lastResponse.getBody() ?? '')),
          onError: (error) => {
            if (stopped) return;
            // Out of retries while offline: wait for the connection, then go on from the server's offset.
            if (retryable(error) && typeof navigator !== 'undefined' && navigator.onLine === false) {
              opts.onConnection?.(false);
              waitingForNetwork = () => {
                stopWaiting();
                opts.onConnection?.(true);
                current.start();
              };
              window.addEventListener('online', waitingForNetwork);
              return;
            }
            reject(toApiError(error));
          },
        });
        upload = current;
        // After a reload: the same file for the same lecture goes on from the server's offset.
        current.findPreviousUploads().then(
          (previous) => {
            if (stopped) return;
            const [latest] = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime));
            if (latest) current.resumeFromPreviousUpload(latest);
            current.start();
          },
          () => current.start(),
        );
      },
      () => reject(new ResumableUploadUnavailable()),
    );
  });

  return {
    done,
    cancel: async () => {
      stopped = true;
      stopWaiting();
      fail(abortError());
      await upload?.abort(true).catch(() => undefined);
    },
    pause: () => {
      stopped = true;
      stopWaiting();
      fail(abortError());
      void upload?.abort(false).catch(() => undefined);
    },
  };
}
