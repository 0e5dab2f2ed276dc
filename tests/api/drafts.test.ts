import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import { PageData } from '#contract/page-data.ts';
import type { Photo } from '#contract/photos.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { bearer, makeToken } from '#tests/fixtures/tokens.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Drafts (issue 15 item 3): a hidden category, the Other switch and the empty-categories switch
 * decide what a visitor gets from every door: the list API, a single photo, the page's embedded
 * data and its link-preview tags, and the sitemap. The owner keeps seeing everything.
 */

let t: TestApp;
let cookie: string;

const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, options: { payload?: object; owner?: boolean; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(options.owner ? { cookie } : {}), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });

async function ok(method: Method, url: string, payload?: object) {
  const response = await call(method, url, { payload, owner: true });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

const visitorPhotos = async () => (await call('GET', '/api/photos')).json<Photo[]>().map((photo) => photo.title);
const visitorCategories = async () => (await call('GET', '/api/categories')).json<Category[]>().map((category) => category.name);

function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return PageData.parse(JSON.parse(match?.[1] ?? ''));
}

const embeddedTitles = (data: PageData) => data.photoSections?.sections.flatMap((section) => section.photos.map((photo) => photo.title));

/**
 * A draft first in the page order (its photo would be the page's cover), a public category, an
 * empty one, and two unsorted photos.
 */
async function arrange() {
  t = await createTestApp({ clientDir: clientDir(), env: { PUBLIC_URL: 'https://portfolio.example' } });
  cookie = await t.signIn();
  const [secret, open, loose1, loose2] = await createPhotos(t, cookie, 4, ['secret.jpg', 'open.jpg', 'loose1.jpg', 'loose2.jpg']);
  const draft = (await ok('POST', '/api/categories', { name: 'Unreleased shoot', order: 0 })).json<Category>();
  const published = (await ok('POST', '/api/categories', { name: 'Weddings', order: 1 })).json<Category>();
  const empty = (await ok('POST', '/api/categories', { name: 'Coming soon', order: 2 })).json<Category>();
  await ok('POST', '/api/photos/move', { ids: [secret!.id], categoryId: draft.id });
  await ok('POST', '/api/photos/move', { ids: [open!.id], categoryId: published.id });
  const hidden = (await ok('PUT', `/api/categories/${draft.id}`, { hidden: true })).json<Category>();
  expect(hidden).toMatchObject({ name: 'Unreleased shoot', hidden: true });
  return { secret: secret!, open: open!, loose: [loose1!, loose2!], draft, published, empty };
}

describe('a hidden category', () => {
  it('is kept from a visitor by the lists, the single photo, the page, its preview and the sitemap', async () => {
    const { secret, draft } = await arrange();

    expect(await visitorCategories()).toEqual(['Weddings', 'Coming soon']);
    expect(await visitorPhotos()).toEqual(['open', 'loose1', 'loose2']);
    expect((await call('GET', `/api/photos/${secret.id}`)).statusCode).toBe(404);

    const page = await call('GET', '/');
    expect(page.statusCode).toBe(200);
    // Not in the data, not in a preload, not in the Open Graph image: nowhere in the HTML.
    expect(page.body).not.toContain('Unreleased shoot');
    expect(page.body).not.toContain(secret.filename.split('.')[0]);
    const data = pageDataOf(page.body);
    expect(data.categories?.map((category) => category.name)).toEqual(['Weddings', 'Coming soon']);
    expect(embeddedTitles(data)).toEqual(['open', 'loose1', 'loose2']);
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]+"/);

    const photoPage = await call('GET', `/photo/${secret.id}`);
    expect(photoPage.statusCode).toBe(404);
    expect(photoPage.body).not.toContain(secret.filename.split('.')[0]);

    const sitemap = await call('GET', '/sitemap.xml');
    expect(sitemap.body).toContain('/photo/');
    expect(sitemap.body).not.toContain(`/photo/${secret.id}<`);

    // The owner sees the draft, marked, and its photo.
    const ownerCategories = (await call('GET', '/api/categories', { owner: true })).json<Category[]>();
    expect(ownerCategories.map((category) => [category.name, category.hidden])).toEqual([
      ['Unreleased shoot', true],
      ['Weddings', false],
      ['Coming soon', false],
    ]);
    expect((await call('GET', '/api/photos', { owner: true })).json<Photo[]>().map((photo) => photo.title)).toEqual([
      'secret',
      'open',
      'loose1',
      'loose2',
    ]);
    expect((await call('GET', `/api/photos/${secret.id}`, { owner: true })).statusCode).toBe(200);
    // The owner's page carries no visitor lists to seed the owner's cache with: the client asks the API.
    expect(pageDataOf((await call('GET', '/', { owner: true })).body)).not.toHaveProperty('photoSections');

    // Published: everyone sees it.
    await ok('PUT', `/api/categories/${draft.id}`, { hidden: false });
    expect(await visitorCategories()).toEqual(['Unreleased shoot', 'Weddings', 'Coming soon']);
    expect(await visitorPhotos()).toEqual(['secret', 'open', 'loose1', 'loose2']);
    expect((await call('GET', `/photo/${secret.id}`)).statusCode).toBe(200);
  });

  it("never serves the owner's cached list to a visitor, nor lets a visitor revalidate against it", async () => {
    await arrange();
    // The owner reads first, so the owner's body is the one kept for this data version.
    const owner = await call('GET', '/api/categories', { owner: true });
    expect(owner.json<Category[]>().map((category) => category.name)).toContain('Unreleased shoot');
    expect(owner.headers['cache-control']).toBe('private, no-cache');
    expect(String(owner.headers.vary)).toContain('Cookie');

    const visitor = await call('GET', '/api/categories');
    expect(visitor.body).not.toContain('Unreleased shoot');
    expect(visitor.headers.etag).not.toBe(owner.headers.etag);
    // A browser that held the owner's copy and is now a visitor's gets the visitor's body, not a 304.
    const revalidated = await call('GET', '/api/categories', { headers: { 'if-none-match': String(owner.headers.etag) } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).not.toContain('Unreleased shoot');
    // And each keeps its own 304.
    expect((await call('GET', '/api/categories', { headers: { 'if-none-match': String(visitor.headers.etag) } })).statusCode).toBe(304);
    expect(
      (await call('GET', '/api/categories', { owner: true, headers: { 'if-none-match': String(owner.headers.etag) } })).statusCode,
    ).toBe(304);
  });

  // The lists are kept per reader (http/etag.ts): a session or a token holding a visitor's copy
  // is the owner's, and gets the owner's list rather than a 304.
  it("gives the owner, by session or by token, the owner's list even when holding a visitor's current copy", async () => {
    await arrange();
    const token = await makeToken(t, ['photos:read']);
    for (const url of ['/api/categories', '/api/photos']) {
      const visitor = await call('GET', url);
      expect(visitor.body, url).not.toContain('Unreleased shoot');
      const held = { 'if-none-match': String(visitor.headers.etag) };
      expect((await call('GET', url, { headers: held })).statusCode, url).toBe(304);
      for (const [who, headers] of [
        ['session', { ...held, cookie: `theme=dark; ${cookie}` }],
        ['token', { ...held, ...bearer(token) }],
      ] as const) {
        const owner = await call('GET', url, { headers });
        expect(owner.statusCode, `${url} by ${who}`).toBe(200);
        expect(owner.headers.etag, `${url} by ${who}`).not.toBe(visitor.headers.etag);
        expect(owner.headers['cache-control'], `${url} by ${who}`).toBe('private, no-cache');
      }
    }
    // Another site's cookies alone do not make the owner.
    const visitor = await call('GET', '/api/categories');
    const withOtherCookies = await call('GET', '/api/categories', { headers: { 'if-none-match': String(visitor.headers.etag), cookie: 'theme=dark; lang=fr' } });
    expect(withOtherCookies.statusCode).toBe(304);
  });

  it('can be created hidden, and refuses a hidden flag that is not a boolean', async () => {
    t = await createTestApp();
    cookie = await t.signIn();
    const created = (await ok('POST', '/api/categories', { name: 'Draft', hidden: true })).json<Category>();
    expect(created.hidden).toBe(true);
    expect(await visitorCategories()).toEqual([]);
    const bad = await call('PUT', `/api/categories/${created.id}`, { payload: { hidden: 'yes' }, owner: true });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the Other and empty-categories switches', () => {
  it('show Other and empty categories by default, as the spec does, and hide each when switched off', async () => {
    const { loose } = await arrange();
    const owner = (await call('GET', '/api/portfolio-owner')).json<{ showOtherSection: boolean; showEmptyCategories: boolean }>();
    expect(owner).toMatchObject({ showOtherSection: true, showEmptyCategories: true });

    await ok('PATCH', '/api/portfolio-settings', { showOtherSection: false });
    expect(await visitorPhotos()).toEqual(['open']);
    expect((await call('GET', `/api/photos/${loose[0]!.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/photo/${loose[0]!.id}`)).statusCode).toBe(404);
    expect(embeddedTitles(pageDataOf((await call('GET', '/')).body))).toEqual(['open']);
    expect((await call('GET', '/sitemap.xml')).body).not.toContain(`/photo/${loose[0]!.id}<`);
    // The owner still has the photo bank.
    expect((await call('GET', '/api/photos', { owner: true })).json<Photo[]>()).toHaveLength(4);

    await ok('PATCH', '/api/portfolio-settings', { showEmptyCategories: false });
    expect(await visitorCategories()).toEqual(['Weddings']);
    expect(pageDataOf((await call('GET', '/')).body).categories?.map((category) => category.name)).toEqual(['Weddings']);

    await ok('PATCH', '/api/portfolio-settings', { showOtherSection: true, showEmptyCategories: true });
    expect(await visitorCategories()).toEqual(['Weddings', 'Coming soon']);
    expect(await visitorPhotos()).toEqual(['open', 'loose1', 'loose2']);
  });
});
