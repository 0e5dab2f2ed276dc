import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { ApiErrorBody } from '#contract/common.ts';
import { errorText, type ErrorCode } from '#contract/error-codes.ts';
import { DomainError } from '#server/lib/errors.ts';
import { errorBody, HttpError, httpAnswerOf, InvalidInputError } from './http-error.ts';

/**
 * One error shape for the whole API: `{code, message, params?}`, plus `issues` for invalid input.
 * The message is the catalog's text for the code, except where the words are another's: a
 * validation issue's (the contract's schema), or the framework's for a 4xx it has no code for.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ApiErrorBody = { code: 'request.invalid', message: issues[0]?.message ?? errorText('request.invalid'), issues };
      return reply.code(400).send(body);
    }
    if (error instanceof DomainError) {
      const { statusCode, headers } = httpAnswerOf(error);
      return reply.code(statusCode).headers(headers).send(errorBody(error.code, error.params));
    }
    if (error instanceof InvalidInputError) {
      const body: ApiErrorBody = { code: 'request.invalid', message: error.issues[0]?.message ?? errorText('request.invalid'), issues: error.issues };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.code, error.params));
    }
    if (isDataException(error)) {
      // The statement failed, so its transaction rolled back: nothing was written.
      request.log.info({ code: error.code }, 'value refused by the database');
      return reply.code(400).send(errorBody('request.value_out_of_range'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody('server.error'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…): their codes are
    // the catalog's, whose texts are Fastify's; any other keeps Fastify's text.
    const code = FRAMEWORK_CODES[error.code];
    return reply.code(status).send(code ? errorBody(code) : { code: 'request.failed', message: error.message } satisfies ApiErrorBody);
  });
}

const FRAMEWORK_CODES: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.empty_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.bad_content_length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
};

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): a number past its column's range, a NUL
 * character in text. SQLite stores both, so the contract lets them through; on PostgreSQL they
 * are the client's bad input, not the server's failure (found by tests/api/fuzz.test.ts).
 */
function isDataException(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && typeof error.code === 'string' && error.code.startsWith('22');
}
