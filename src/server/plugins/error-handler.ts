import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { ApiErrorBody } from '#contract/common.ts';
import { HttpError } from '#server/http-error.ts';

/** One error shape for the whole API: `{message}`, plus `issues` for invalid input (DESIGN §5). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ApiErrorBody = { message: issues[0]?.message ?? 'Invalid request', issues };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isDataException(error)) {
      // The statement failed, so its transaction rolled back: nothing was written.
      request.log.info({ code: error.code }, 'value refused by the database');
      return reply.code(400).send({ message: 'Invalid input: a value is out of range or holds a character that cannot be stored' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…) keep their text.
    return reply.code(status).send({ message: error.message });
  });
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): a number past its column's range, a NUL
 * character in text. SQLite stores both, so the contract lets them through; on PostgreSQL they
 * are the client's bad input, not the server's failure (found by tests/api/fuzz.test.ts).
 */
function isDataException(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && typeof error.code === 'string' && error.code.startsWith('22');
}
