import type { DomainError, DomainErrorKind } from '#server/lib/errors.ts';

/**
 * An error about the HTTP exchange itself (a bad multipart body, a range past the end), raised
 * by the HTTP layer only; the error handler answers it as `{message}` with this status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The status code of each kind of domain error: the one place a domain error becomes HTTP. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  notSignedIn: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  tooManyAttempts: 429,
};

/** A domain error as the HTTP answer it becomes: status and headers. */
export function httpAnswerOf(error: DomainError): { statusCode: number; headers: Record<string, string> } {
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return { statusCode: STATUS_OF[error.kind], headers };
}
