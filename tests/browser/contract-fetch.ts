import type { z } from 'zod';
import { ApiErrorBody } from '#contract/common.ts';
import { errorText, type ErrorCode, type ErrorParams } from '#contract/error-codes.ts';
import { api } from '#contract/routes.ts';

/**
 * The server's side of the API for component tests: `window.fetch` answered by handlers keyed by
 * the contract's routes (`'POST /api/login'`), whose bodies are parsed by the contract's schemas
 * before they are sent, so a component is tested against answers the real server could give. A
 * request no handler takes fails the test's expectations with a 501 it can see in `requests`.
 * Uploads sent by XMLHttpRequest are answered by the same handlers.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ApiRoute = `${Method} ${(typeof api)[keyof typeof api]}`;
export type Handler = (request: Request, params: Record<string, string>) => Response | Promise<Response>;

export interface ContractServer {
  /** Every request the page sent, in order, with the route it matched (or none). */
  requests: Array<{ route: ApiRoute | undefined; request: Request }>;
  /** The requests sent to one route. */
  sentTo(route: ApiRoute): Request[];
  restore(): void;
}

// Literal routes first, as the server's router prefers them: /api/photos/sections is not a photo id.
const patterns = Object.values(api)
  .map((pattern) => ({ pattern, regex: new RegExp(`^${pattern.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`) }))
  .sort((a, b) => a.pattern.split(':').length - b.pattern.split(':').length);

function routeOf(method: string, url: URL): { route: ApiRoute; params: Record<string, string> } | undefined {
  for (const { pattern, regex } of patterns) {
    const match = regex.exec(url.pathname);
    if (match) return { route: `${method as Method} ${pattern}`, params: { ...match.groups } };
  }
  return undefined;
}

export function serveContract(handlers: Partial<Record<ApiRoute, Handler>>): ContractServer {
  const original = window.fetch.bind(window);
  const requests: ContractServer['requests'] = [];

  /** The handler's answer to a request of the page, or the 501 of a route no handler takes. */
  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url, window.location.href);
    const found = url.origin === window.location.origin ? routeOf(request.method, url) : undefined;
    requests.push({ route: found?.route, request: request.clone() });
    const handler = found && handlers[found.route];
    if (!found || !handler) {
      const message = `No handler for ${request.method} ${url.pathname}${url.search}`;
      console.error(message);
      return Response.json({ message }, { status: 501 });
    }
    return handler(request, found.params);
  }

  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    // The page's own files (a preview's blob: URL) are the browser's, not the server's.
    if (!/^https?:$/.test(new URL(request.url).protocol)) return original(request);
    const response = await answer(request);
    // A connection that never answered rejects the call, as a browser's fetch does.
    if (response.type === 'error') throw new TypeError('Failed to fetch');
    return response;
  };
  const restoreXhr = answerXhr(answer);
  return {
    requests,
    sentTo: (route) => requests.filter((entry) => entry.route === route).map((entry) => entry.request),
    restore: () => {
      window.fetch = original;
      restoreXhr();
    },
  };
}

/**
 * Uploads go by XMLHttpRequest (only it reports the bytes sent): its API requests get the same
 * handlers' answers, their whole body counted as sent before the answer's load, or an `error`
 * event for an answer of `unreachable()`.
 */
function answerXhr(answer: (request: Request) => Promise<Response>): () => void {
  const prototype = XMLHttpRequest.prototype;
  const native = {
    open: Object.getOwnPropertyDescriptor(prototype, 'open')!,
    send: Object.getOwnPropertyDescriptor(prototype, 'send')!,
    setRequestHeader: Object.getOwnPropertyDescriptor(prototype, 'setRequestHeader')!,
  };
  const callNative = (name: keyof typeof native, xhr: XMLHttpRequest, args: unknown[]) =>
    void (native[name].value as (...args: unknown[]) => unknown).apply(xhr, args);
  const sent = new WeakMap<XMLHttpRequest, { method: string; url: string; headers: Headers }>();
  prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    sent.set(this, { method, url: String(url), headers: new Headers() });
    callNative('open', this, [method, url, ...rest]);
  };
  prototype.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    sent.get(this)?.headers.set(name, value);
    callNative('setRequestHeader', this, [name, value]);
  };
  prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const target = sent.get(this);
    const url = target && new URL(target.url, window.location.href);
    if (!target || !url || url.origin !== window.location.origin || !url.pathname.startsWith('/api/')) return callNative('send', this, [body]);
    const request = new Request(url, { method: target.method, headers: target.headers, body: body as BodyInit | null | undefined });
    void respond(this, request);
  };

  /** Plays the answer to `xhr` as the browser would: every byte sent, then the load, or the error. */
  async function respond(xhr: XMLHttpRequest, request: Request) {
    const size = (await request.clone().arrayBuffer()).byteLength;
    const response = await answer(request);
    const settle = (values: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(values)) Object.defineProperty(xhr, name, { configurable: true, value });
    };
    if (response.type === 'error') {
      settle({ readyState: 4, status: 0, statusText: '', responseText: '' });
      xhr.dispatchEvent(new ProgressEvent('error'));
      xhr.dispatchEvent(new ProgressEvent('loadend'));
      return;
    }
    xhr.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: size, total: size }));
    xhr.upload.dispatchEvent(new ProgressEvent('load', { lengthComputable: true, loaded: size, total: size }));
    const text = await response.text();
    settle({ readyState: 4, status: response.status, statusText: response.statusText, responseText: text, response: text });
    xhr.dispatchEvent(new Event('readystatechange'));
    xhr.dispatchEvent(new ProgressEvent('load'));
    xhr.dispatchEvent(new ProgressEvent('loadend'));
  }

  return () => {
    for (const [name, descriptor] of Object.entries(native)) Object.defineProperty(prototype, name, descriptor);
  };
}

/** A JSON answer whose body the contract's schema accepts, as the server would send it. */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  return Response.json(schema.parse(body), { status });
}

/** The API's error answer: `{ message }`, or an empty body (a proxy's, a crash's). */
export function refuse(status: number, message?: string): Response {
  return message === undefined ? new Response(null, { status }) : Response.json({ message }, { status });
}

/** The API's error answer for a code of the catalog, with its English text, as the server sends it. */
export function refuseWith(status: number, code: ErrorCode, params?: ErrorParams): Response {
  return reply(ApiErrorBody, { code, message: errorText(code, params), ...(params ? { params } : {}) }, status);
}

/** A request that never reached the server: fetch rejects, XMLHttpRequest fires `error`. */
export function unreachable(): Response {
  return Response.error();
}

/** A promise the test opens by hand: a request that waits on it stays pending until then. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
