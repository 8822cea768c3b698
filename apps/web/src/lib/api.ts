import {
  COUPON_MESSAGES,
  type ErrorBody,
  GENERIC_ERROR_IDS,
  GSTIN_MESSAGES,
  MESSAGES,
  PAYOUT_ACCOUNT_MESSAGES,
  QUIZ_MESSAGES,
} from '@kaksha/contracts';
import { currentLocale, DEFAULT_LOCALE, hasMessage, type MessageKey, type MessageValues, translate } from '@/i18n';

/** Where the API lives: same origin by default, or VITE_API_URL when the web app is hosted apart. */
export const API_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** An error answer from the API, carrying the server's `{message}` for the toast. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
    /** The app's own text for an error the server did not word (no connection), in the catalogues. */
    readonly text?: { key: MessageKey; values?: MessageValues },
  ) {
    super(message);
  }
  /** The server's messages per field, in the reader's language where the catalogues know them. */
  get fields() {
    const fields = this.body?.fields;
    return fields && Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, serverMessage(text)]));
  }
}

/** How a request reaches the API: the browser's fetch, or the server's own (a page it draws, src/prerender.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);

/** For the server's render of a page only: it answers the app's requests itself. */
export function sendRequestsWith(sender: typeof fetch) {
  send = sender;
}

/** Statuses whose answers never have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const body = (data && typeof data === 'object' ? data : undefined) as ErrorBody | undefined;
    if (body?.message) throw new ApiError(res.status, body.message, body);
    throw new ApiError(res.status, `Request failed (${res.status})`, body, {
      key: 'api.requestFailed',
      values: { status: res.status },
    });
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Aborted when the user signs out (`abortSignedInRequests`): a request made for them that is still
 * on its way must not come back after the sign-out as a 401 (the console's error, a page's failure).
 */
let signedInRequests = new AbortController();

/** Drops every request in flight (before the sign-out's own request is sent). */
export function abortSignedInRequests() {
  signedInRequests.abort();
  signedInRequests = new AbortController();
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const isForm = body instanceof FormData;
  const session = signedInRequests.signal;
  let res: Response;
  try {
    res = await send(`${API_URL}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, session]) : session,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', undefined, {
      key: 'api.cannotReach',
    });
  }
  return parse<T>(res);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),

  /** Multipart upload with progress (fetch cannot report upload progress); abort via the signal. */
  upload<T>(path: string, form: FormData, opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}) {
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${API_URL}${path}`);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      const onAbort = () => xhr.abort();
      const done = () => opts.signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        // A Response cannot carry a body with 204/205/304 (the constructor throws), nor a status
        // outside 200–599; those answers are read without one.
        const nullBody = NULL_BODY_STATUSES.has(xhr.status);
        const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
        const res = new Response(nullBody ? null : xhr.responseText || null, { status });
        parse<T>(res).then(resolve, reject);
      };
      xhr.onerror = () => {
        done();
        reject(
          new ApiError(0, 'Upload failed. Check your connection and try again.', undefined, {
            key: 'api.uploadFailed',
          }),
        );
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('Upload cancelled', 'AbortError'));
      };
      if (opts.signal?.aborted) {
        reject(new DOMException('Upload cancelled', 'AbortError'));
        return;
      }
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(form);
    });
  },
};

/**
 * The catalogue keys of the texts the server words its answers with (contracts' MESSAGES, its
 * coupon and GSTIN refusals, its quiz outcomes), by their English text: such an answer is shown in the reader's language.
 */
let messageNames: Map<string, string> | undefined;
const serverTexts = () =>
  new Map([
    ...Object.entries(MESSAGES).map(([name, english]) => [english, `messages.${name}`] as const),
    ...Object.entries(COUPON_MESSAGES).map(([name, english]) => [english, `couponProblems.${name}`] as const),
    ...Object.entries(GSTIN_MESSAGES).map(([name, english]) => [english, `gstin.${name}`] as const),
    ...Object.entries(QUIZ_MESSAGES).map(([name, english]) => [english, `quizMessages.${name}`] as const),
    ...Object.entries(PAYOUT_ACCOUNT_MESSAGES).map(([name, english]) => [english, `payoutAccount.${name}`] as const),
  ]);

/**
 * A text the server words with MESSAGES (an outcome it answers, `{message}`), in the reader's
 * language; any other text as it is.
 */
export function serverMessage(text: string): string {
  if (currentLocale() === DEFAULT_LOCALE) return text;
  messageNames ??= serverTexts();
  const key = messageNames.get(text);
  return key && hasMessage(key) ? translate(key) : text;
}

/**
 * An error as the reader reads it. In English, the server's own message. In another language, the
 * catalogue's text for its stable id (`errors.<id>`), or for the MESSAGES text it is worded with,
 * else the server's English message: outside clients depend on that, so the server never translates it.
 */
function shownMessage(error: ApiError): string {
  if (error.text) return translate(error.text.key, error.text.values);
  if (currentLocale() === DEFAULT_LOCALE) return error.message;
  const { id, params } = error.body ?? {};
  const byId = `errors.${id}`;
  // A generic id (bad_request, not_found…) says only the kind of failure: its message says more.
  const generic = (GENERIC_ERROR_IDS as readonly string[]).includes(id ?? '');
  if (!id || generic || !hasMessage(byId)) return serverMessage(error.message);
  // The values it was worded with fill the translation in; dates come as ISO strings.
  const values = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value) : value,
    ]),
  );
  return translate(byId, values);
}

/** The message to show for a failed call: the server's (in the reader's language where known), else the fallback. */
export const errorMessage = (error: unknown, fallback?: string) =>
  error instanceof ApiError && error.message
    ? shownMessage(error)
    : (fallback ?? translate('messages.somethingWentWrong'));
