import type { ZodType } from 'zod';

/**
 * A non-OK answer of the API. `message` reads the same for every failed call:
 * "{status}: {body text}", or the status text when the body is empty. The body is kept as sent and
 * read where a failure is shown (lib/error-text.ts): this module is in every visitor's first load,
 * which carries neither a schema library nor the catalog of error texts (scripts/bundle-size.mjs).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
  }
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
