import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import type { Gallery, NewGalleryLink } from '#contract/galleries.ts';
import type { PhotoSections } from '#contract/photo-pages.ts';
import { UNDO_WINDOW_MS, type Photo } from '#contract/photos.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { galleryFixture, tokenOf, type GallerySetup as Setup } from '#tests/fixtures/galleries.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { cookieHeader, createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

const PASSWORD = 'river-stone-42';

/** A site with one unlisted category of two photos, and one public photo in Other. */
async function unlistedGallery(options: Parameters<typeof createTestApp>[0] = {}): Promise<Setup> {
  t = await createTestApp({ clientDir: clientDir(), ...options });
  const cookie = await t.signIn();
  const [first, second, loose] = await createPhotos(t, cookie, 3);
  const categoryId = await unlistedCategoryOf(cookie, [first!, second!]);
  return { cookie, categoryId, photos: [first!, second!, loose!] };
}

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);
/** A person's phone (a bot's request, a chat's link preview, gets a gallery's page without the gallery). */
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const visitor = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, ...(cookie ? { cookie } : {}) } });

const unlock = (link: NewGalleryLink, password: string, address = '203.0.113.5') =>
  t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password }, remoteAddress: address });

describe('an unlisted category', () => {
  it('is kept from every visitor surface, and shown whole to the holder of its link', async () => {
    const setup = await unlistedGallery();
    const [first, second, loose] = setup.photos;

    expect((await visitor('/api/categories')).json<Category[]>().map((category) => category.name)).toEqual([]);
    expect((await visitor('/api/photos')).json<Photo[]>().map((photo) => photo.id)).toEqual([loose!.id]);
    expect((await visitor('/api/photos/sections')).json<PhotoSections>().sections.map((section) => section.categoryId)).toEqual([null]);
    expect((await visitor(`/api/photos/page?categoryId=${setup.categoryId}`)).statusCode).toBe(404);
    expect((await visitor(`/api/photos/${first!.id}`)).statusCode).toBe(404);
    const home = await visitor('/');
    expect(home.body).not.toContain('Smith wedding');
    expect(home.body).not.toContain(first!.filename.split('.')[0]);
    expect((await visitor('/sitemap.xml')).body).not.toContain(`/photo/${first!.id}<`);
    expect((await visitor('/feed.xml')).body).not.toContain(first!.filename.split('.')[0]);
    // The owner still sees it, marked.
    const ownerCategories = (await owner(setup.cookie, 'GET', '/api/categories')).json<Category[]>();
    expect(ownerCategories.map((category) => [category.name, category.visibility])).toEqual([['Smith wedding', 'unlisted']]);

    const link = await createLink(setup, { label: 'Smith wedding, parents' });
    expect(link).toMatchObject({ label: 'Smith wedding, parents', hasPassword: false, expiresAt: null, categoryId: setup.categoryId });
    // 256 bits in the address.
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const gallery = await visitor(`/api/galleries/${tokenOf(link)}`);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.headers['cache-control']).toBe('no-store');
    expect(gallery.json<Gallery>().photos.map((photo) => photo.id)).toEqual([first!.id, second!.id]);
    // Its page carries the gallery for its holder (docs/decisions/0018), as its API does: no cache keeps it.
    const page = await visitor(link.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Smith wedding');
  });

  it('refuses a visibility it does not know, with the reason', async () => {
    const setup = await unlistedGallery();
    const response = await owner(setup.cookie, 'PUT', `/api/categories/${setup.categoryId}`, { visibility: 'secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Visibility must be public, unlisted or private' });
  });
});

describe('a link with a password', () => {
  it('asks for it, counts the tries, and opens with the right one; its password is returned by no API', async () => {
    const setup = await unlistedGallery();
    const link = await createLink(setup, { label: 'Parents', password: PASSWORD });
    expect(link.hasPassword).toBe(true);
    const listed = await owner(setup.cookie, 'GET', `/api/categories/${setup.categoryId}/links`);
    for (const body of [JSON.stringify(link), listed.body]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toMatch(/argon2|passwordHash/);
    }

    const locked = await visitor(`/api/galleries/${tokenOf(link)}`);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ code: 'galleries.locked', message: 'This gallery needs its password' });
    const wrong = await unlock(link, 'not it');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'galleries.wrong_password', message: 'Wrong password' });

    const right = await unlock(link, PASSWORD);
    expect(right.statusCode).toBe(200);
    const access = cookieHeader(right);
    expect((await visitor(`/api/galleries/${tokenOf(link)}`, access)).json<Gallery>().label).toBe('Parents');
    // A forged or another link's cookie opens nothing.
    expect((await visitor(`/api/galleries/${tokenOf(link)}`, access.replace(/=.*/, '=forged'))).statusCode).toBe(401);

    // A new password ends the access the old one gave.
    const changed = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { password: 'another-password' });
    expect(changed.statusCode).toBe(200);
    expect((await visitor(`/api/galleries/${tokenOf(link)}`, access)).statusCode).toBe(401);
  });

  it('lets at most 10 tries from one address through a quarter hour, however many are sent at once', async () => {
    const setup = await unlistedGallery();
    const link = await createLink(setup, { label: 'Parents', password: PASSWORD });
    const answers = await Promise.all(Array.from({ length: 14 }, () => unlock(link, 'guess')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    // Even the right password waits; another address may still try.
    expect((await unlock(link, PASSWORD)).statusCode).toBe(429);
    expect((await unlock(link, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it("lets a browser that unlocked the link before in when others used up the link's tries, and counts its own failures", async () => {
    const setup = await unlistedGallery();
    const link = await createLink(setup, { label: 'Parents', password: PASSWORD });
    const first = await unlock(link, PASSWORD, '192.0.2.10');
    const device = first.cookies.find((cookie) => cookie.name.includes('gallery_device'));
    expect(device?.httpOnly).toBe(true);
    const knownBrowser = `${device?.name}=${device?.value}`;
    const fromKnownBrowser = (password: string, address: string) =>
      t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password }, remoteAddress: address, headers: { cookie: knownBrowser } });

    // Someone else holding the link guesses from many addresses until the link's tries are used up.
    for (let i = 0; i < 30; i++) await unlock(link, 'guess', `198.51.100.${i}`);
    expect((await unlock(link, PASSWORD, '198.51.100.200')).statusCode).toBe(429);

    // The client's browser (its access ended by a new password) still gets in with the new one.
    await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { password: 'another-password' });
    const again = await fromKnownBrowser('another-password', '192.0.2.11');
    expect(again.statusCode, again.body).toBe(200);
    expect((await visitor(`/api/galleries/${tokenOf(link)}`, cookieHeader(again))).statusCode).toBe(200);
    // Its own wrong tries count against it alone.
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await fromKnownBrowser('wrong', `192.0.2.${20 + i}`)).statusCode);
    expect(tries).toEqual([...Array<number>(10).fill(401), 429]);
    // A forged cookie of that name spares nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/galleries/${tokenOf(link)}/unlock`,
      payload: { password: 'another-password' },
      remoteAddress: '192.0.2.99',
      headers: { cookie: `${device?.name}=forged` },
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe('the end of a link', () => {
  it('makes its page, its answers and its access 404 on the next request, when revoked or past its expiry', async () => {
    const clock = createTestClock();
    const setup = await unlistedGallery({ clock });
    const revoked = await createLink(setup, { label: 'Revoked', password: PASSWORD });
    const access = cookieHeader(await unlock(revoked, PASSWORD));
    expect((await owner(setup.cookie, 'DELETE', `/api/gallery-links/${revoked.id}`)).statusCode).toBe(200);
    expect((await visitor(`/api/galleries/${tokenOf(revoked)}`, access)).statusCode).toBe(404);
    expect((await visitor(revoked.path)).statusCode).toBe(404);
    expect((await unlock(revoked, PASSWORD)).statusCode).toBe(404);
    expect((await owner(setup.cookie, 'GET', `/api/categories/${setup.categoryId}/links`)).json()).toEqual([]);

    const expiring = await createLink(setup, { label: 'A week', expiresAt: new Date(clock().getTime() + 7 * 86_400_000).toISOString() });
    expect((await visitor(`/api/galleries/${tokenOf(expiring)}`)).statusCode).toBe(200);
    clock.advance(7 * 86_400_000);
    expect((await visitor(`/api/galleries/${tokenOf(expiring)}`)).statusCode).toBe(404);
    expect((await visitor(expiring.path)).statusCode).toBe(404);
  });

  it('can be undone for a while after a revoke: the same address opens again, with its picks; then it goes for good', async () => {
    const clock = createTestClock();
    const setup = await unlistedGallery({ clock });
    const link = await createLink(setup, { label: 'Parents', proofing: true });
    const [first] = setup.photos;
    const pick = await t.app.inject({ method: 'PUT', url: `/api/galleries/${tokenOf(link)}/picks/${first!.id}` });
    expect(pick.statusCode, pick.body).toBe(200);

    const revoked = await owner(setup.cookie, 'DELETE', `/api/gallery-links/${link.id}`);
    expect(revoked.json()).toEqual({ message: 'Link revoked', undoUntil: new Date(clock().getTime() + UNDO_WINDOW_MS).toISOString() });
    expect((await visitor(`/api/galleries/${tokenOf(link)}`)).statusCode).toBe(404);
    clock.advance(UNDO_WINDOW_MS / 2);
    await t.runJobs();
    const restored = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: link.id, label: 'Parents', pickCount: 1 });
    expect((await visitor(`/api/galleries/${tokenOf(link)}`)).statusCode).toBe(200);
    expect((await visitor(`/api/galleries/${tokenOf(link)}/picks`)).json()).toMatchObject({ photoIds: [first!.id] });

    // Revoked again and left past the window: the purge removes it and its picks, and Undo is over.
    expect((await owner(setup.cookie, 'DELETE', `/api/gallery-links/${link.id}`)).statusCode).toBe(200);
    clock.advance(UNDO_WINDOW_MS + 1);
    await t.runJobs();
    const late = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/restore`);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ code: 'galleries.link_not_restorable' });
    expect(await t.database.db.selectFrom('galleryLinks').select('id').where('id', '=', link.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('galleryPicks').select('photoId').where('linkId', '=', link.id).execute()).toEqual([]);
  });

  it('answers 404 to an unknown or malformed token, and to a link of a draft', async () => {
    const setup = await unlistedGallery();
    expect((await visitor(`/api/galleries/${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await visitor('/api/galleries/short')).statusCode).toBe(400);
    const link = await createLink(setup, { label: 'Draft' });
    await owner(setup.cookie, 'PUT', `/api/categories/${setup.categoryId}`, { hidden: true });
    expect((await visitor(`/api/galleries/${tokenOf(link)}`)).statusCode).toBe(404);
  });
});

describe("the owner's links", () => {
  it('refuses what it cannot keep, with the reason, and keeps nothing of it', async () => {
    const setup = await unlistedGallery();
    const url = `/api/categories/${setup.categoryId}/links`;
    for (const [body, message] of [
      [{ label: '  ' }, 'Label is required'],
      [{ label: 'x'.repeat(201) }, 'Label must be at most 200 characters'],
      [{ label: 'Parents', expiresAt: 'next week' }, 'Expiry must be a date and time'],
    ] as const) {
      const response = await owner(setup.cookie, 'POST', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await owner(setup.cookie, 'GET', url)).json()).toEqual([]);
    expect((await owner(setup.cookie, 'POST', '/api/categories/99999/links', { label: 'x' })).statusCode).toBe(404);
    expect((await owner(setup.cookie, 'PATCH', '/api/gallery-links/99999', { label: 'x' })).statusCode).toBe(404);
  });
});
