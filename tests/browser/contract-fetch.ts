import type { z } from 'zod';
import { api } from '#contract/routes.ts';

/**
 * The server's side of the API for component tests: `window.fetch` answered by handlers keyed by
 * the contract's routes (`'POST /api/login'`), whose bodies are parsed by the contract's schemas
 * before they are sent, so a component is tested against answers the real server could give. A
 * request no handler takes fails the test's expectations with a 501 it can see in `requests`.
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
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
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
  };
  return {
    requests,
    sentTo: (route) => requests.filter((entry) => entry.route === route).map((entry) => entry.request),
    restore: () => {
      window.fetch = original;
    },
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

/** A promise the test opens by hand: a request that waits on it stays pending until then. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
