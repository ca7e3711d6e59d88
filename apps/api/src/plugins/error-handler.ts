import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MSG, type ErrorCode } from '@kindred/shared';
import { AppError, errorBody } from '../lib/errors.ts';
import { isDependencyFault, serviceUnavailable } from '../lib/dependency-faults.ts';

/** Fastify's own 4xx errors by status: their code in the shared list. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Fastify's own 4xx errors, reworded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: SERVER_MSG.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: SERVER_MSG.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: SERVER_MSG.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER_MSG.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: SERVER_MSG.malformedJson,
  FST_ERR_BAD_URL: 'This address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
};

/** PostgreSQL refusing text it cannot store (a NUL character in an otherwise valid field): the client's input. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that are not allowed.';

/** A framework 4xx (or a router failure) in the documented shapes. */
function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      (error.code && FRAMEWORK_MESSAGES[error.code]) ||
      (error instanceof SyntaxError ? SERVER_MSG.malformedJson : 'Bad request.');
    const code = FRAMEWORK_CODES[status] ?? 'malformed_request';
    return reply
      .code(status)
      .send(status === 400 ? { message, code, non_field_errors: [message] } : { success: false, message, code });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ success: false, message: SERVER_MSG.internal, code: 'internal_error' });
}

/**
 * Fastify's `frameworkErrors` option: failures the router answers before any route or setErrorHandler runs (an
 * undecodable URL such as `/%zz`, a path parameter over maxParamLength), rendered in the same shapes.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.type('application/json; charset=utf-8');
  return sendFrameworkError(error, request, reply);
}

/**
 * The one error handler: validation failures become {field: [message]}, AppErrors their documented shape,
 * framework 4xx a plain message, a dependency that does not answer (PostgreSQL, PGlite's files, Redis) the
 * documented 503 with Retry-After, and anything else a logged 500 whose details never reach the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every error body is JSON, even when the handler had already set a file's headers (the audit CSV export fails
    // on its first batch): without this, Fastify refuses to send an object as text/csv and answers a bare 500.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
        const message =
          field === 'non_field_errors' && issue.keyword === 'invalid_type'
            ? 'Request must be a JSON object.'
            : (issue.message ?? 'Invalid value.');
        const list = (fields[field] ??= []);
        if (!list.includes(message)) list.push(message);
      }
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
      return reply.code(400).send({ message: first, code: 'validation_error', ...fields });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(errorBody(error));
    }
    if (isDependencyFault(error)) {
      request.log.warn({ err: error }, 'dependency unavailable; answering 503');
      const unavailable = serviceUnavailable();
      return reply
        .code(unavailable.status)
        .headers(unavailable.headers ?? {})
        .send(errorBody(unavailable));
    }
    if (typeof error.code === 'string' && UNSTORABLE_TEXT.has(error.code)) {
      return reply.code(400).send({
        message: UNSTORABLE_TEXT_MESSAGE,
        code: 'validation_error',
        non_field_errors: [UNSTORABLE_TEXT_MESSAGE],
      });
    }
    return sendFrameworkError(error, request, reply);
  });
}
