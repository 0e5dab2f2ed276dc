import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

interface PrintedRoute {
  line: string;
  /** Routes of one path with the same hooks are printed together: `/:id (PUT, DELETE)`. */
  methods: string[];
  hooks: Record<string, string[]>;
}

/** Each route of `printRoutes`, with its methods and the names of its hooks by kind. */
function routesWithHooks(printed: string): PrintedRoute[] {
  const routes: PrintedRoute[] = [];
  for (const line of printed.split('\n')) {
    const route = /\(([A-Z, ]+)\)\s*$/.exec(line);
    if (route) {
      routes.push({ line: line.trim(), methods: route[1]!.split(', '), hooks: {} });
      continue;
    }
    const hook = /• \((\w+)\) (\[.*\])/.exec(line);
    if (hook && routes.length > 0) routes.at(-1)!.hooks[hook[1]!] = JSON.parse(hook[2]!) as string[];
  }
  return routes;
}

describe('which routes run which per-request hooks', () => {
  let t: TestApp;
  let routes: ReturnType<typeof routesWithHooks>;
  beforeAll(async () => {
    t = await createTestApp();
    routes = routesWithHooks(t.app.printRoutes({ includeHooks: true, commonPrefix: false }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs no rule of the product in a hook: after a response, only the HTTP layer\'s own work', () => {
    // What follows a change is a job its service records (docs/architecture.md, "What runs after
    // a change"); a hook would miss every write that does not come through a route.
    const httpLayer: Record<string, string[]> = {
      onSend: ['fastifyCookieOnSendHandler()', 'headRouteOnSendHandler()', 'tag()'],
      // @fastify/multipart's own, unnamed, removes a request's temp files.
      onResponse: ['logAccess()', 'releaseWaiters()', 'anonymous()'],
    };
    const reads = ['GET', 'HEAD', 'OPTIONS'];
    expect(routes.filter((route) => route.methods.some((method) => !reads.includes(method))).length).toBeGreaterThan(30);
    for (const route of routes) {
      for (const [kind, allowed] of Object.entries(httpLayer)) {
        for (const hook of route.hooks[kind] ?? []) expect(allowed, `${route.line}: ${kind} ${hook}`).toContain(hook);
      }
    }
    // And no feature adds a hook of its own, but the session's, which reads the cookie.
    const features = path.resolve(import.meta.dirname, 'features');
    const hooked = fs
      .readdirSync(features, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => fs.readFileSync(path.join(features, file), 'utf8').includes('.addHook('));
    expect(hooked).toEqual([path.join('auth', 'session.ts')]);
  });

  it('runs the list ETag hooks on the list reads alone', () => {
    const photoList = routes.find((route) => route.line.startsWith('├── /api/photos (GET)'));
    expect(photoList?.hooks.preHandler).toEqual(['keep()']);
    expect(photoList?.hooks.onSend).toContain('tag()');
    const upload = routes.find((route) => route.line.includes('/uploads/:filename (GET, HEAD)'));
    expect(upload).toBeDefined();
    for (const hooks of Object.values(upload!.hooks)) {
      expect(hooks).not.toContain('keep()');
      expect(hooks).not.toContain('tag()');
    }
  });
});
