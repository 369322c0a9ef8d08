import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorNameForStatus } from '@aegis/contracts';
import { AppError } from '../lib/errors';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);
const CONNECTION_MESSAGES = /timeout exceeded when trying to connect|connection terminated|database is closed|pglite is closed|cannot use a pool after calling end/i;

/** True when the error (or one it wraps) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

type Body = { detail: string; code: string; errors?: { path: string; message: string; line?: number }[]; request_id?: string };

/** The status and body the API answers an error with; undefined for an unexpected error (a 500). */
export function describeError(error: FastifyError): { status: number; body: Body } | undefined {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { detail: error.detail, code: error.code, ...(error.errors ? { errors: error.errors } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const where = error.validationContext ?? 'request';
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { path: field ? `${where}.${field}` : where, message: issue.message ?? 'is invalid' };
    });
    const first = errors[0];
    return {
      status: 422,
      body: { detail: first ? `${first.path}: ${first.message}` : 'Invalid request', code: 'unprocessable_content', errors },
    };
  }
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: { detail: 'The file is larger than this upload allows', code: errorNameForStatus(413) } };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: { detail: 'Send the file as multipart/form-data', code: errorNameForStatus(415) } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { detail: 'Request body is larger than the limit', code: errorNameForStatus(413) } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { detail: `Unsupported content type`, code: errorNameForStatus(415) } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { detail: 'Request body is empty but the content type is JSON', code: 'bad_request' } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { detail: 'Content-Length does not match the body', code: 'bad_request' } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { detail: 'Too many requests; try again later', code: errorNameForStatus(429) } };
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, body: { detail: 'Request body is not valid JSON', code: 'bad_request' } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { detail: 'The database is unavailable; try again shortly', code: errorNameForStatus(503) } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    return { status: error.statusCode, body: { detail: error.message, code: errorNameForStatus(error.statusCode) } };
  }
  return undefined;
}

/**
 * The longest path parameter the router passes on (Fastify's default is 100): above the longest any
 * route documents (an invitation token, 512), so that the route's own schema judges the value.
 */
export const MAX_PARAM_LENGTH = 1024;

/**
 * Fastify's router answers a URL it cannot route — not valid percent-encoding, a parameter longer than
 * MAX_PARAM_LENGTH — before any hook or error handler runs, in a shape of its own. Given to Fastify as
 * `frameworkErrors`, this answers them as the invalid path parameters they are: a 422 Problem.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const invalid = (message: string) =>
    reply.status(422).send({ detail: `The path ${message}`, code: 'unprocessable_content', errors: [{ path: 'params', message }] });
  if (error.code === 'FST_ERR_BAD_URL') return invalid('is not valid percent-encoded UTF-8');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return invalid(`has a parameter longer than ${MAX_PARAM_LENGTH} characters`);
  request.log.error({ err: error }, 'router error');
  return reply.status(500).send({ detail: 'An internal error occurred', code: errorNameForStatus(500), request_id: request.id });
}

/** One handler gives every error the same shape; 5xx never leak internals, only the request id. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = describeError(error);
    if (known && known.status < 500) {
      request.log.info({ err: { message: error.message, code: known.body.code } }, 'request failed');
      return reply.status(known.status).send(known.body);
    }
    if (known) {
      request.log.warn({ err: error }, 'request failed: service unavailable');
      return reply.status(known.status).send({ ...known.body, request_id: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: 'An internal error occurred', code: errorNameForStatus(500), request_id: request.id });
  });
});
