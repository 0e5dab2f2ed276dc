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

  it('places photos\' copies after every write route and after no read', () => {
    const reads = ['GET', 'HEAD', 'OPTIONS'];
    const writes = routes.filter((route) => route.methods.some((method) => !reads.includes(method)));
    // The owner's writes are many (photos, categories, galleries, settings…): none may be missed.
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) expect(route.hooks.onSend ?? [], route.line).toContain('placeAfterWrite()');
    for (const route of routes.filter((route) => route.methods.every((method) => reads.includes(method)))) {
      expect(route.hooks.onSend ?? [], route.line).not.toContain('placeAfterWrite()');
    }
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
