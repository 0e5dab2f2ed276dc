import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGalleryLink } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { cookieHeader, createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Issue 16: every route a link's holder calls, in every state of access. The route list comes
 * from the server: a route with a `{token}` added later is in the matrix without a line here.
 *   held: the link's cookie (the right password was given): answered, never 401 or 404.
 *   none, wrong password, owner: no cookie of the link's (a forged one, or only the owner's
 *     session, which is no key to a client's gallery): 401, changing nothing.
 *   expired, revoked, paused (its category made private): 404, whatever the cookie.
 */

const PASSWORD = 'river-stone-42';
const clock = createTestClock(new Date('2026-11-26T12:00:00Z'));
let t: TestApp;
let ownerCookie: string;
let categoryId: number;
let photo: Photo;

/** Every route of the server whose path has a link's token in it. */
function holderRoutes(): string[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.includes('{token}'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

interface Link {
  link: NewGalleryLink;
  token: string;
  /** The cookie the right password gives. */
  held: string;
}

async function makeLink(body: object = {}): Promise<Link> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/categories/${categoryId}/links`,
    headers: { cookie: ownerCookie },
    payload: { label: 'Parents', password: PASSWORD, proofing: true, downloads: 'display', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json<NewGalleryLink>();
  const token = link.path.split('/').at(-1)!;
  const unlocked = await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: PASSWORD }, remoteAddress: nextAddress() });
  expect(unlocked.statusCode, unlocked.body).toBe(200);
  return { link, token, held: cookieHeader(unlocked) };
}

let addresses = 0;
const nextAddress = () => `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function requestFor(route: string, token: string, cookie: string | undefined): InjectOptions {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  const params: Record<string, string> = { token, photoId: String(photo.id), filename: photo.thumbnail };
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  // A valid body where a route takes one, so what answers is the access check, not the body's.
  const payload = route.endsWith('/unlock')
    ? { password: 'not the password' }
    : route.endsWith('/comments')
      ? { text: 'Could this one be brighter?' }
      : route.endsWith('/verdict')
        ? { verdict: 'approved' }
        : method === 'GET' || method === 'HEAD' || method === 'DELETE'
          ? undefined
          : {};
  // Each call from an address of its own: the matrix's wrong passwords would soon meet the tries' limit.
  return { method, url, headers: cookie ? { cookie } : {}, remoteAddress: nextAddress(), ...(payload ? { payload } : {}) };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  ownerCookie = await t.signIn();
  categoryId = await createCategory(t, 'Smith wedding');
  [photo] = (await createPhotos(t, ownerCookie, 1)) as [Photo];
  const moved = await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie: ownerCookie }, payload: { ids: [photo.id], categoryId } });
  expect(moved.statusCode, moved.body).toBe(200);
  const unlisted = await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie: ownerCookie }, payload: { visibility: 'unlisted' } });
  expect(unlisted.statusCode, unlisted.body).toBe(200);
  // The owner's list names the thumbnail the gallery's file path serves.
  [photo] = (await t.app.inject({ url: '/api/photos', headers: { cookie: ownerCookie } })).json<Photo[]>() as [Photo];
});
afterAll(async () => {
  await t?.close();
});

describe('a link holder\'s routes', () => {
  it('are the gallery, its unlock, its files, picks and downloads', () => {
    const routes = holderRoutes();
    for (const expected of ['GET /api/galleries/{token}', 'POST /api/galleries/{token}/unlock', 'GET /g/{token}/files/{filename}', 'GET /api/galleries/{token}/picks']) {
      expect(routes).toContain(expected);
    }
  });

  it('answer the holder of the link\'s cookie', async () => {
    const { token, held } = await makeLink();
    for (const route of holderRoutes()) {
      const response = await t.app.inject(requestFor(route, token, held));
      // The unlock is asked with a wrong password here: it is the one route that checks one.
      if (route.endsWith('/unlock')) expect(response.statusCode, route).toBe(401);
      else expect([401, 404], `${route}: ${response.statusCode} ${response.body.slice(0, 200)}`).not.toContain(response.statusCode);
      expect(response.statusCode, route).toBeLessThan(500);
    }
  });

  const refused = {
    none: () => undefined,
    'wrong password': () => 'atelier_gallery_1=forged-access-value',
    'owner (session only)': () => ownerCookie,
  };
  it.each(Object.keys(refused) as Array<keyof typeof refused>)('answer 401 to %s, and change nothing', async (who) => {
    const { token, link } = await makeLink();
    const cookie = refused[who]();
    for (const route of holderRoutes()) {
      const response = await t.app.inject(requestFor(route, token, cookie));
      expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBe(401);
    }
    const picks = await t.app.inject({ url: `/api/gallery-links/${link.id}/picks`, headers: { cookie: ownerCookie } });
    expect(picks.json<{ picks: unknown[]; submittedAt: string | null }>()).toMatchObject({ picks: [], submittedAt: null });
  });

  const ended = {
    expired: async (link: Link) => {
      const response = await t.app.inject({ method: 'PATCH', url: `/api/gallery-links/${link.link.id}`, headers: { cookie: ownerCookie }, payload: { expiresAt: clock().toISOString() } });
      expect(response.statusCode, response.body).toBe(200);
    },
    revoked: async (link: Link) => {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/gallery-links/${link.link.id}`, headers: { cookie: ownerCookie } })).statusCode).toBe(200);
    },
    'paused (private category)': async () => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie: ownerCookie }, payload: { visibility: 'private' } });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
  it.each(Object.keys(ended) as Array<keyof typeof ended>)('answer 404 once %s, even to its cookie', async (how) => {
    const link = await makeLink();
    await ended[how](link);
    try {
      for (const route of holderRoutes()) {
        const response = await t.app.inject(requestFor(route, link.token, link.held));
        expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBe(404);
      }
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie: ownerCookie }, payload: { visibility: 'unlisted' } });
    }
  });
});
