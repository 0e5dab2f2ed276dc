import { errorText, type ErrorCode, type ErrorParams, type ErrorParamsArg } from '#contract/error-codes.ts';

/**
 * What went wrong, in the domain's words: a kind, and a code of the catalog (`#contract/error-codes.ts`)
 * with the values its text holds. Services and the image pipeline throw these; only the HTTP layer
 * (http/error-handler.ts) turns a kind into a status code, so a service can be called from the
 * command line as well as from a route. The English `message` is the catalog's text, never written here.
 */
export type DomainErrorKind =
  /** The input breaks a rule. */
  | 'invalid'
  /** Nobody is signed in, or the credentials are wrong. */
  | 'notSignedIn'
  /** Signed in or not, this is not allowed. */
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  /** A file or a request is larger than allowed. */
  | 'tooLarge'
  /** A file is not of a kind that is accepted. */
  | 'unsupportedType'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'tooManyAttempts';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    /** For `tooManyAttempts`: seconds until the window ends. */
    readonly retryAfterSeconds?: number,
  ) {
    super(errorText(code, params));
    this.name = 'DomainError';
  }
}

/** A helper per kind: the code decides the text, its placeholders decide the params it needs. */
const of =
  (kind: DomainErrorKind) =>
  <Code extends ErrorCode>(code: Code, ...[params]: ErrorParamsArg<Code>) =>
    new DomainError(kind, code, params);

export const invalid = of('invalid');
export const notSignedIn = of('notSignedIn');
export const forbidden = of('forbidden');
export const notFound = of('notFound');
export const conflict = of('conflict');
export const tooLarge = of('tooLarge');
export const unsupportedType = of('unsupportedType');
/** Rate limits: the seconds to wait go in the `retry-after` header and in the params. */
export const tooManyAttempts = (retryAfterSeconds: number, code: ErrorCode = 'limits.too_many_attempts', params: ErrorParams = {}) =>
  new DomainError('tooManyAttempts', code, { ...params, retryAfterSeconds }, retryAfterSeconds);
