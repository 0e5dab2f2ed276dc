import { afterEach, describe, expect, it } from 'vitest';
import type { NewGalleryLink } from '#contract/galleries.ts';
import type { GalleryLinkActivity } from '#contract/gallery-activity.ts';
import type { PageData } from '#contract/page-data.ts';
import type { Photo } from '#contract/photos.ts';
import type { Watermark } from '#contract/watermarks.ts';
import { builtRendererForFile } from '#tests/fixtures/built-client.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { PASSWORD_MAX_LENGTH } from '#contract/common.ts';
import { TRIES_PER_ADDRESS } from '#server/features/galleries/galleries.service.ts';

/**
 * A client's gallery page, its first screen drawn by the server (docs/decisions/0018) with the
 * renderer `npm run build` makes (built here by Vite, into a folder of its own): only for a
 * visitor who may see it without a prompt, from the very answer the gallery's API gives them.
 */

const built = builtRendererForFile();
let t: TestApp;

afterEach(async () => {
  await t?.close();
});

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);

/** A site in English and German, the owner signed in, three photos in the unlisted "Smith wedding". */
async function setUp() {
  t = await createTestApp(built());
  const cookie = await t.signIn();
  const saved = await owner(cookie, 'PATCH', '/api/portfolio-settings', { portfolioTitle: 'Ada Lens', languages: ['en', 'de'] });
  expect(saved.statusCode, saved.body).toBe(200);
  const photos = await createPhotos(t, cookie, 3, ['quay.jpg', 'crane.jpg', 'buoy.jpg']);
  const categoryId = await unlistedCategoryOf(cookie, photos);
  return { cookie, categoryId, photos };
}

/** A person's browser: a bot's request (a chat's link preview) gets no gallery in its page. */
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const getPage = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) } });

/** What the server put inside `<div id="root">`. */
function screenOf(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="page-data">/.exec(html);
  if (!match) throw new Error('the page has no root before its data');
  return match[1] ?? '';
}

function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the page has no data');
  return JSON.parse(match[1]!) as PageData;
}

/** The `<img>` of a photo's tile in the screen's markup: its attributes. */
function tileImage(screen: string, photo: Pick<Photo, 'id'>): string | undefined {
  return new RegExp(`<button [^>]*data-photo-tile="${photo.id}"[^>]*><img ([^>]*)>`).exec(screen)?.[1];
}

/** Every copy of a photo a page could name: display, widths and thumbnail. */
const copiesOf = (photo: Photo) => [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];

/** The gallery as its API answers the same visitor. */
async function apiGallery(link: NewGalleryLink, cookie?: string) {
  const answer = await getPage(`/api/galleries/${tokenOf(link)}`, cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ photos: Photo[] }>();
}

describe("a client's gallery page, drawn by the server", () => {
  it('draws the header, the name and each tile with its srcset, sizes and placeholder, from the link\'s own files; records the visit as the API does', async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Parents', downloads: 'display' });
    const token = tokenOf(link);
    const response = await getPage(link.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const screen = screenOf(response.body);
    expect(screen).toContain('<header');
    expect(screen).toMatch(/<h1 id="gallery-title"[^>]*>Smith wedding<\/h1>/);
    expect(screen).toContain('3 photos');
    // The policy allows downloads: "Download all", a plain link that works without the script too.
    expect(screen).toMatch(new RegExp(`<a [^>]*href="/api/galleries/${token}/download"[^>]*download`));
    // The page recorded the visit (the browser, finding the gallery in it, does not ask the API).
    const visit = response.cookies.find((cookie) => cookie.name === `atelier_gallery_visit_${link.id}`);
    expect(visit).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const visits = async () => (await owner(s.cookie, 'GET', `/api/gallery-links/${link.id}/activity`)).json<GalleryLinkActivity>().counts.visits;
    expect(await visits()).toBe(1);
    // The same visit when the page is opened again with its cookie, or the API asked with it.
    const again = `${visit!.name}=${visit!.value}`;
    await getPage(link.path, again);
    const { photos } = await apiGallery(link, again);
    expect(await visits()).toBe(1);

    for (const photo of photos) {
      const image = tileImage(screen, photo);
      expect(image, `the tile of ${photo.title}`).toBeDefined();
      expect(image).toContain(`srcset="/g/${token}/files/${photo.thumbnail}?v=${photo.version} `);
      expect(image).toMatch(/ sizes="[^"]+"/);
      expect(image).toMatch(/ width="\d+" height="\d+"/);
      expect(image).toMatch(/style="background-color:[^"]+"/);
    }
    // Every file through the link's path, none from the public store.
    expect(response.body).not.toContain('/uploads/');
    expect(pageDataOf(response.body).gallery).toEqual({ token, gallery: expect.objectContaining({ label: 'Parents', photos }) });
    // The first tiles are preloaded from the head.
    expect(response.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="/g/${token}/files/${photos[0]!.thumbnail}?v=${photos[0]!.version}"`);
  });

  it("records no visit for a link's preview in a chat or a browser's prefetch, and puts no gallery in their page", async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Parents', downloads: 'display' });
    const visits = async () => (await owner(s.cookie, 'GET', `/api/gallery-links/${link.id}/activity`)).json<GalleryLinkActivity>().counts.visits;
    const previews = [
      { 'user-agent': 'WhatsApp/2.23.20.0 A' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
    ];
    for (const headers of previews) {
      const response = await t.app.inject({ method: 'GET', url: link.path, headers });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.map((cookie) => cookie.name)).not.toContain(`atelier_gallery_visit_${link.id}`);
      expect(pageDataOf(response.body).gallery, JSON.stringify(headers)).toBeUndefined();
    }
    expect(await visits()).toBe(0);
  });

  it("is in the link's language, with the gallery's catalog, and offers no download where the link allows none", async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Eltern', language: 'de', downloads: 'none' });
    expect(link.path).toContain('?lang=de');
    const response = await getPage(link.path);
    expect(response.body).toContain('<html lang="de"');
    const screen = screenOf(response.body);
    expect(screen).toContain('3 Fotos');
    expect(screen).not.toContain('3 photos');
    expect(screen).not.toContain('/download');
  });

  it('shows only the sneak peek before the release date, as the API does', async () => {
    const s = await setUp();
    const [quay, crane, buoy] = s.photos as [Photo, Photo, Photo];
    const link = await createLink(s, { label: 'Parents', releaseAt: '2099-01-01T00:00:00.000Z', previewPhotoIds: [crane.id] });
    const { body } = await getPage(link.path);
    expect(tileImage(screenOf(body), crane)).toBeDefined();
    for (const hidden of [quay, buoy]) {
      expect(tileImage(screenOf(body), hidden)).toBeUndefined();
      for (const name of copiesOf(hidden)) expect(body).not.toContain(name);
    }
  });

  it('draws a gallery behind its password as its password form alone, a plain form posted to the server, until the visitor holds its access cookie', async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Parents', password: 'river-stone-42' });
    const token = tokenOf(link);
    const locked = await getPage(link.path);
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['cache-control']).toBe('no-store');
    const lockedScreen = screenOf(locked.body);
    expect(lockedScreen).toContain('This gallery is protected');
    expect(lockedScreen).toMatch(new RegExp(`<form method="post" action="/g/${token}/unlock"`));
    expect(lockedScreen).toMatch(/<input [^>]*type="password"[^>]*name="password"/);
    // Nothing of the gallery: its token alone, for the browser's first render to draw the same form.
    expect(pageDataOf(locked.body).gallery).toBeUndefined();
    expect(pageDataOf(locked.body).lockedGallery).toEqual({ token });
    expect(lockedScreen).not.toContain('Smith wedding');
    for (const photo of s.photos) for (const name of copiesOf(photo)) expect(locked.body).not.toContain(name);
    expect(locked.cookies.map((cookie) => cookie.name)).not.toContain(`atelier_gallery_visit_${link.id}`);

    const unlocked = await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'river-stone-42' } });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const access = unlocked.cookies.find((cookie) => cookie.name === `atelier_gallery_${link.id}`)!;
    const open = await getPage(link.path, `${access.name}=${access.value}`);
    const screen = screenOf(open.body);
    expect(screen).toMatch(/<h1 id="gallery-title"[^>]*>Smith wedding<\/h1>/);
    expect(screen).not.toContain('<form');
    expect(pageDataOf(open.body).lockedGallery).toBeUndefined();
    for (const photo of s.photos) expect(tileImage(screen, photo)).toBeDefined();
  });

  it("leaves the signed-in owner's preview to the browser, and answers an unknown link with 404", async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Parents' });
    const preview = await getPage(link.path, s.cookie);
    expect(screenOf(preview.body)).toBe('');
    expect(pageDataOf(preview.body).gallery).toBeUndefined();
    const unknown = await getPage(`/g/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(screenOf(unknown.body)).toBe('');
  });
});

describe("a gallery's password posted without the script", () => {
  const SITE = 'http://localhost:3000';
  const PASSWORD = 'river-stone-42';

  /** The form's post: urlencoded, from this site's page unless `headers` say otherwise. */
  const postPassword = (token: string, fields: Record<string, string>, options: { headers?: Record<string, string>; address?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/g/${token}/unlock`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': BROWSER,
        ...(options.headers ?? { origin: SITE }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: options.address ?? '127.0.0.1',
    });

  async function lockedLink() {
    const s = await setUp();
    const link = await createLink(s, { label: 'Parents', password: PASSWORD });
    return { s, link, token: tokenOf(link) };
  }

  it('the right password: a 303 back to the gallery with its access cookie, which the page then opens with its photos', async () => {
    const { s, link, token } = await lockedLink();
    const response = await postPassword(token, { password: PASSWORD });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/g/${token}`);
    expect(response.headers['cache-control']).toBe('no-store');
    // The cookies the JSON route sets: the link's access, and the device's that spares this browser the link's count.
    const access = response.cookies.find((cookie) => cookie.name === `atelier_gallery_${link.id}`);
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const device = response.cookies.find((cookie) => cookie.name === `atelier_gallery_device_${link.id}`);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    const page = await getPage(response.headers.location as string, `${access!.name}=${access!.value}`);
    expect(page.statusCode).toBe(200);
    const screen = screenOf(page.body);
    expect(screen).toMatch(/<h1 id="gallery-title"[^>]*>Smith wedding<\/h1>/);
    for (const photo of s.photos) expect(tileImage(screen, photo)).toBeDefined();
  });

  it("a wrong, an empty or an overlong password: the form again with the message, in the visitor's language, and no cookie", async () => {
    const { s, token } = await lockedLink();
    const wrong = await postPassword(token, { password: 'river-stone-41' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('text/html');
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.body).toContain('Wrong password');
    const field = /<input [^>]*name="password"[^>]*>/.exec(wrong.body)?.[0];
    expect(field).toContain('aria-invalid="true"');
    expect(field).toMatch(/aria-describedby="[^"]+-error"/);
    expect(wrong.body).toMatch(new RegExp(`<form method="post" action="/g/${token}/unlock"`));
    // Drawn by the server alone: no script to hydrate it, no data, nothing of the gallery.
    expect(wrong.body).not.toContain('<script');
    expect(wrong.body).not.toContain('Smith wedding');
    for (const photo of s.photos) for (const name of copiesOf(photo)) expect(wrong.body).not.toContain(name);
    expect(wrong.cookies).toEqual([]);

    const empty = await postPassword(token, {});
    expect([empty.statusCode, empty.body.includes('Password is required')]).toEqual([400, true]);
    const overlong = await postPassword(token, { password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) });
    expect([overlong.statusCode, overlong.body.includes('Wrong password')]).toEqual([400, true]);

    const german = await postPassword(token, { password: 'river-stone-41' }, { headers: { origin: SITE, 'accept-language': 'de' } });
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain('Falsches Passwort');
    expect(german.body).toContain('Diese Galerie ist geschützt');
  });

  it("a link that does not open: 404 and the gallery's end, never a 500", async () => {
    t = await createTestApp(built());
    for (const token of ['x'.repeat(43), 'not-a-token', '%00']) {
      const response = await postPassword(token, { password: PASSWORD });
      expect(response.statusCode, token).toBe(404);
      expect(response.body).toContain('Gallery not found');
    }
  });

  it('counts each try against the same limits as the JSON route: past them, 429 with retry-after and the message, even for the right password', async () => {
    const { token } = await lockedLink();
    const address = '198.51.100.7';
    const half = TRIES_PER_ADDRESS.limit / 2;
    for (let i = 0; i < half; i++) {
      const json = await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'guess' }, remoteAddress: address });
      expect(json.statusCode).toBe(401);
    }
    for (let i = 0; i < TRIES_PER_ADDRESS.limit - half; i++) expect((await postPassword(token, { password: 'guess' }, { address })).statusCode).toBe(401);
    const limited = await postPassword(token, { password: PASSWORD }, { address });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many attempts. Please wait a moment and try again.');
    expect(limited.cookies).toEqual([]);
    // The JSON route counts the plain form's tries too.
    const json = await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: PASSWORD }, remoteAddress: address });
    expect(json.statusCode).toBe(429);
    // Another address is not held back.
    expect((await postPassword(token, { password: PASSWORD }, { address: '198.51.100.8' })).statusCode).toBe(303);
  });

  it("refuses a post from another site's page, as the JSON API does, before reading it", async () => {
    const { token } = await lockedLink();
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const response = await postPassword(token, { password: PASSWORD }, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.cookies).toEqual([]);
    }
  });
});

describe("a watermarked gallery's page", { timeout: 240_000 }, () => {
  const MARK: Watermark = { kind: 'text', text: '© Proof', anchor: 'centre', size: 60, opacity: 100, thumbnails: true };

  it('names only the marked copies, never one drawn before the mark', async () => {
    const s = await setUp();
    const saved = await owner(s.cookie, 'PUT', `/api/categories/${s.categoryId}/watermark`, { mode: 'own', watermark: MARK });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.runJobs();
    const link = await createLink(s, { label: 'Parents' });
    const response = await getPage(link.path);
    const { photos } = await apiGallery(link);
    expect(photos).toHaveLength(3);
    for (const photo of photos) {
      const before = s.photos.find((plain) => plain.id === photo.id)!;
      expect(photo.version, `${before.title} was rendered again with the mark`).toBeGreaterThan(before.version);
      for (const name of copiesOf(before)) expect(response.body, `${before.title}'s unmarked ${name}`).not.toContain(name);
      expect(tileImage(screenOf(response.body), photo)).toContain(`/g/${tokenOf(link)}/files/${photo.thumbnail}?v=${photo.version}`);
    }
  });
});
