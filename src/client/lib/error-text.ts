import type { MessageDescriptor } from '@lingui/core';
import type { ApiErrorBody } from '#contract/common.ts';
import { errorText, isErrorCode, type ErrorCode, type ErrorParams } from '#contract/error-codes.ts';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { TRANSLATED_ERROR_TEXTS } from './translated-error-texts.ts';

/** An error answer's body as the client reads it: the code is any string, as an older or newer server may send one this client does not know. */
export interface ErrorBody {
  code: string | undefined;
  message: string;
  params: ErrorParams | undefined;
  issues: ApiErrorBody['issues'];
}

/** The error texts of screens with a catalog of their own (sign-in, a client's gallery, the owner's), added when the screen loads. */
const sectionErrorTexts = new Map<ErrorCode, MessageDescriptor>();

/** Adds a screen's error texts, whose words are in that screen's catalog (`app/section-catalogs.ts`). */
export function addErrorTexts(texts: Partial<Record<ErrorCode, MessageDescriptor>>): void {
  for (const [code, text] of Object.entries(texts) as [ErrorCode, MessageDescriptor][]) sectionErrorTexts.set(code, text);
}

const isParamValue = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/** The API's error JSON of a failed call, checked by hand; undefined when the body is not one. */
export function errorBodyOf(error: ApiError): ErrorBody | undefined {
  const text = error.bodyText;
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') {
    return undefined;
  }
  const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  const rawParams = 'params' in body ? body.params : undefined;
  const params =
    typeof rawParams === 'object' && rawParams !== null && Object.values(rawParams).every(isParamValue)
      ? (rawParams as ErrorParams)
      : undefined;
  const issues = 'issues' in body ? body.issues : undefined;
  if (issues === undefined) return { code, message: body.message, params, issues: undefined };
  const isIssue = (issue: unknown) =>
    typeof issue === 'object' &&
    issue !== null &&
    'path' in issue &&
    typeof issue.path === 'string' &&
    'message' in issue &&
    typeof issue.message === 'string';
  if (!Array.isArray(issues) || !issues.every(isIssue)) return undefined;
  return { code, message: body.message, params, issues: issues as NonNullable<ApiErrorBody['issues']> };
}

/**
 * What to tell the user about a failure: the catalog's text for the error's code, filled with its
 * params, so the words are the client's to choose, in the visitor's language where the
 * visitor's catalog has them (`translated-error-texts.ts`). The server's own
 * message stands where the catalog has no text of its own for it: invalid input (the first issue,
 * in the words of the contract's schema), a refusal of the HTTP framework it has no code for, a
 * code this client does not know (a newer server), and params that lack a value the text needs.
 * Anything else gets the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = errorBodyOf(error);
  return textOf(body?.code, body?.params, body?.message) ?? fallback;
}

/**
 * What to tell the user about a refusal the server sent by its code rather than as an error answer
 * (a form posted without the script, answered with a page), worded as `errorMessage` words the
 * same refusal of a JSON call.
 */
export function codeMessage(code: string, params: ErrorParams, fallback: string): string {
  return textOf(code, params, undefined) ?? fallback;
}

/** A refused file's reason (an upload's `rejected` or `receipts`), worded the same way. */
export function reasonText({ reason, code, params }: { reason: string; code?: string; params?: ErrorParams }): string {
  return textOf(code, params, reason) ?? reason;
}

function textOf(code: string | undefined, params: ErrorParams | undefined, serverMessage: string | undefined): string | undefined {
  if (isErrorCode(code) && code !== 'request.invalid' && code !== 'request.failed') {
    const text = errorText(code, params);
    // A value the text needs is missing: the server's own sentence says more than a bare {name}.
    if (!/\{\w+\}/.test(text) || !serverMessage) {
      const translated = TRANSLATED_ERROR_TEXTS[code] ?? sectionErrorTexts.get(code);
      return translated ? i18n._({ ...translated, values: params ?? {} }) : text;
    }
  }
  return serverMessage || undefined;
}
