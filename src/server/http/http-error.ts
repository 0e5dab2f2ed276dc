import type { ApiErrorBody } from '#contract/common.ts';
import { errorText, type ErrorCode, type ErrorParams, type ErrorParamsArg } from '#contract/error-codes.ts';
import type { DomainError, DomainErrorKind } from '#server/lib/errors.ts';

/**
 * An error about the HTTP exchange itself (a bad multipart body, a range past the end), raised
 * by the HTTP layer only; the error handler answers it with this status, its code and the
 * catalog's text.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(errorText(code, params));
    this.name = 'HttpError';
  }
}

/** An HttpError whose params are checked against its code's text. */
export const httpError = <Code extends ErrorCode>(statusCode: number, code: Code, ...[params]: ErrorParamsArg<Code>) =>
  new HttpError(statusCode, code, params);

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

/** The answer to an error of the catalog; `params` only when the text holds values. */
export function errorBody(code: ErrorCode, params: ErrorParams = {}): ApiErrorBody {
  const message = errorText(code, params);
  return Object.keys(params).length > 0 ? { code, message, params } : { code, message };
}

/**
 * Input the route checks itself (a multipart body's text fields, which no schema of the route
 * sees): 400 `request.invalid` with every issue, as a body the route's schema refused.
 */
export class InvalidInputError extends HttpError {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    super(400, 'request.invalid');
    this.name = 'InvalidInputError';
  }
}

export function invalidInput(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): InvalidInputError {
  return new InvalidInputError(error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
}
