import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { ApiErrorBody } from '#contract/common.ts';
import { DomainError } from '#server/lib/errors.ts';
import { HttpError, httpAnswerOf } from './http-error.ts';

/** One error shape for the whole API: `{message}`, plus `issues` for invalid input. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ApiErrorBody = { message: issues[0]?.message ?? 'Invalid request', issues };
      return reply.code(400).send(body);
    }
    if (error instanceof DomainError) {
      const { statusCode, headers } = httpAnswerOf(error);
      return reply.code(statusCode).headers(headers).send(messageBody(error.message));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(messageBody(error.message));
    }
    if (isDataException(error)) {
      // The statement failed, so its transaction rolled back: nothing was written.
      request.log.info({ code: error.code }, 'value refused by the database');
      return reply.code(400).send(messageBody('Invalid input: a value is out of range or holds a character that cannot be stored'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(messageBody('Something went wrong on our side. Please try again.'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…) keep their text.
    return reply.code(status).send(messageBody(error.message));
  });
}

const messageBody = (message: string): ApiErrorBody => ({ message });

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): a number past its column's range, a NUL
 * character in text. SQLite stores both, so the contract lets them through; on PostgreSQL they
 * are the client's bad input, not the server's failure (found by tests/api/fuzz.test.ts).
 */
function isDataException(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && typeof error.code === 'string' && error.code.startsWith('22');
}
