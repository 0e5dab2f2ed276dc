import type { ZodType } from 'zod';
import type { ApiErrorBody } from '#contract/common.ts';
import type { ErrorParams } from '#contract/error-codes.ts';

/** An error answer's body as the client reads it: the code is any string, as an older or newer server may send one this client does not know. */
export interface ErrorBody {
  code: string | undefined;
  message: string;
  params: ErrorParams | undefined;
  issues: ApiErrorBody['issues'];
}

/**
 * A non-OK answer of the API. `message` reads the same for every failed call:
 * "{status}: {body text}", or the status text when the body is empty.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own `message`, when the body is the API's error JSON. */
  readonly serverMessage: string | undefined;
  /** The error's code of the catalog (#contract/error-codes.ts) and its values: what the text shown is chosen by. */
  readonly code: string | undefined;
  readonly params: ErrorParams | undefined;
  readonly issues: ApiErrorBody['issues'];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.serverMessage = body?.message;
    this.code = body?.code;
    this.params = body?.params;
    this.issues = body?.issues;
  }
}

const isParamValue = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/**
 * The API's error JSON, checked by hand: this module is in every visitor's first load, which
 * carries no schema library (the first-load budget of scripts/bundle-size.mjs), nor the catalog
 * of error texts (lib/error-text.ts reads it, where a failure is shown).
 */
function parseErrorBody(text: string): ErrorBody | undefined {
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  /** A plain object goes as JSON, FormData as multipart. */
  body?: unknown;
  /** Validates the response body; without it the body is returned unchecked. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

export async function request<T = unknown>(
  method: Method,
  url: string,
  { body, schema, signal, cache }: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal,
    cache,
  });

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);

  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema ? schema.parse(data) : (data as T);
}

export const apiClient = {
  get: <T>(url: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', url, options),
  /** A GET that answers null when the server says 401 (not signed in). */
  getOrNull: async <T>(url: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T | null> => {
    try {
      return await request<T>('GET', url, options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('DELETE', url, options),
};
