/**
 * What went wrong, in the domain's words, with the sentence the user reads. Services and the
 * image pipeline throw these; only the HTTP layer (http/error-handler.ts) turns a kind into a
 * status code, so a service can be called from the command line as well as from a route.
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
    message: string,
    /** For `tooManyAttempts`: seconds until the window ends. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notSignedIn = (message = 'You must be signed in') => new DomainError('notSignedIn', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('tooLarge', message);
export const unsupportedType = (message: string) => new DomainError('unsupportedType', message);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('tooManyAttempts', 'Too many attempts. Please wait a moment and try again.', retryAfterSeconds);
