import { errorText, isErrorCode, type ErrorParams } from '#contract/error-codes.ts';
import { ApiError } from './api-client.ts';

/**
 * What to tell the user about a failure: the catalog's text for the error's code, filled with its
 * params, so the words are the client's to choose (and, later, to translate). The server's own
 * message stands where the catalog has no text of its own for it: invalid input (the first issue,
 * in the words of the contract's schema), a refusal of the HTTP framework it has no code for, a
 * code this client does not know (a newer server), and params that lack a value the text needs.
 * Anything else gets the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return textOf(error.code, error.params, error.serverMessage) ?? fallback;
}

/** A refused file's reason (an upload's `rejected` or `receipts`), worded the same way. */
export function reasonText({ reason, code, params }: { reason: string; code?: string; params?: ErrorParams }): string {
  return textOf(code, params, reason) ?? reason;
}

function textOf(code: string | undefined, params: ErrorParams | undefined, serverMessage: string | undefined): string | undefined {
  if (isErrorCode(code) && code !== 'request.invalid' && code !== 'request.failed') {
    const text = errorText(code, params);
    // A value the text needs is missing: the server's own sentence says more than a bare {name}.
    if (!/\{\w+\}/.test(text) || !serverMessage) return text;
  }
  return serverMessage || undefined;
}
