import type { ErrorId } from '@kaksha/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/**
 * The one error handler: every error body is `{message, id}` (plus `fields` for validation, and
 * `params` for a message with values). The message stays English (outside clients read it); the
 * id is stable, one of contracts' ERROR_IDS, for the web to translate. Expected errors keep their
 * status and message; anything else is logged and answered as a 500 that reveals nothing.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ message: error.message, id: error.id, fields: error.fields, params: error.params });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
          fields[field] ??= issue.message ?? 'is invalid';
        }
        const [first] = Object.entries(fields);
        const message = first ? humanize(first[0], first[1]) : 'Invalid request';
        return reply.status(400).send({ message, id: 'validation', fields });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ message: 'Something went wrong', id: 'internal' });
      }
      // The multipart parser (busboy) throws plain errors for bodies that are cut off or malformed.
      if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
        return reply.status(400).send({ message: 'The upload was malformed or incomplete', id: 'bad_multipart' });
      }
      // The client hung up mid-request (a cancelled upload, a closed tab): nobody reads the
      // answer and nothing failed on our side. A reset after the body was read in full is ours.
      if (error.code === 'ECONNRESET' && !request.raw.complete && request.raw.socket?.destroyed) {
        request.log.info('the client closed the request before it was read');
        return reply.status(400).send({ message: 'The request was cut off', id: 'client_closed' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429 && error.message)
          return reply.status(429).send({ message: error.message, id: 'too_many_requests' });
        return reply.status(status).send(clientError(error, status));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong', id: 'internal' });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, id: 'route_not_found' });
    });
  },
  { name: 'error-handler' },
);

const MALFORMED_MULTIPART =
  /^Multipart: |Unexpected end of (form|multipart)|Part terminated early|Malformed (part )?header/;

/** zod's generic messages ("Invalid input: …") need the field named; custom ones are sentences already. */
function humanize(field: string, message: string) {
  return /^(Invalid|Too (small|big)|Unrecognized)/.test(message) ? `${field}: ${message}` : message;
}

/** Fastify's and its plugins' own 4xx: a sentence and a stable id (not Fastify's FST_… codes). */
function clientError(error: FastifyError, status: number): { message: string; id: ErrorId } {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { message: 'The request body is not valid JSON', id: 'invalid_json' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { message: 'The upload is too large', id: 'upload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: 'Unsupported content type', id: 'unsupported_content_type' };
    default:
      return { message: error.message, id: GENERIC_IDS[status] ?? 'bad_request' };
  }
}

/** The kind of failure, for a 4xx that has no id of its own. */
const GENERIC_IDS: Record<number, ErrorId> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};
