import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The `err` serializer of every logger the app builds (see `buildApp`). It writes what pino's
 * standard one writes, except for failed database queries (drizzle's `DrizzleQueryError`, or
 * anything with its `query` + `params` shape): their message, stack and `params` carry the
 * query's parameters — password and OTP hashes, emails — so only the SQL text and the cause's
 * message and code are logged.
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  const type = errorType(err);
  if (isQueryError(err)) {
    const message = `Failed query: ${err.query}`;
    const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    const cause = isErrorLike(err.cause)
      ? { type: errorType(err.cause), message: err.cause.message, code: (err.cause as { code?: unknown }).code }
      : undefined;
    return { type, message, query: err.query, stack: [`${type}: ${message}`, ...frames].join('\n'), cause };
  }
  const nested = (value: unknown) => (isErrorLike(value) && depth < 5 ? serializeError(value, depth + 1) : value);
  const out: SerializedError = { type, message: err.message, stack: err.stack ?? '' };
  for (const key in err) {
    if (out[key] === undefined && key !== 'cause') out[key] = nested((err as unknown as Record<string, unknown>)[key]);
  }
  if (err.cause !== undefined) out.cause = nested(err.cause);
  return out;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

function isQueryError(err: Error): err is Error & { query: string; params: unknown } {
  return typeof (err as { query?: unknown }).query === 'string' && 'params' in err;
}

function errorType(err: Error) {
  return typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : err.name;
}

/** Requests slower than this are logged as warnings, whatever the level. */
const SLOW_REQUEST_MS = 1000;

/**
 * One log line per request, written when it completes (Fastify's default writes two at info:
 * "incoming request" and "request completed"; the first is now debug). In production a routine request is `debug` (a
 * proxy keeps the access log); server errors and slow requests are warnings everywhere, so what
 * needs attention is never filtered out. The query string stays out (it may carry tokens).
 * Fastify's other request-scoped lines (stream errors, not found) keep their defaults.
 */
export class RequestLog extends LogController {
  constructor(private readonly routine: 'info' | 'debug') {
    super();
  }

  /** Only when debugging: a request that never completes is then visible too. */
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ method: request.method, url: request.url.split('?')[0] }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const level = error || reply.statusCode >= 500 || ms >= SLOW_REQUEST_MS ? 'warn' : this.routine;
    const line = { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms };
    reply.log[level](error ? { ...line, err: error } : line, 'request completed');
  }
}
