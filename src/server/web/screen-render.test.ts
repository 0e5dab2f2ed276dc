import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { builtRendererForFile } from '#tests/fixtures/built-client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The first screen the server renders into the page (docs/decisions/0018), with the renderer as
 * `npm run build` makes it: built here by Vite, from this checkout, into a folder of its own.
 * It renders from the page's data whatever the database, so it runs once, on SQLite, with the
 * unit tests: a Vite build per database would double its cost for nothing it could find.
 */

const built = builtRendererForFile();
let t: TestApp;

afterEach(async () => {
  await t?.close();
});

const start = (rendered = true) =>
  createTestApp(rendered ? built() : { clientDir: built().clientDir });
const getPage = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** What the server put inside `<div id="root">`. */
function screenOf(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="page-data">/.exec(html);
  if (!match) throw new Error('the page has no root before its data');
  return match[1] ?? '';
}

/** The tile of a photo in the screen's markup: its `<a …>` tag. */
function tileTag(screen: string, photo: Photo): string | undefined {
  return new RegExp(`<a [^>]*data-photo-tile="${photo.id}"[^>]*>`).exec(screen)?.[0];
}

async function portfolioOfThree(): Promise<{ cookie: string; photos: Photo[] }> {
  const cookie = await t.signIn();
  const settings = await t.app.inject({
    method: 'PATCH',
    url: '/api/portfolio-settings',
    headers: { cookie },
    payload: { portfolioTitle: 'Ada Lens', aboutText: 'Harbours at dawn.', languages: ['en', 'de'] },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const photos = await createPhotos(t, cookie, 3, ['quay.jpg', 'crane.jpg', 'buoy.jpg']);
  return { cookie, photos };
}

describe('the server-rendered first screen', () => {
  it("draws a visitor's portfolio: the header and each tile, a link to its photo's page with its srcset, sizes and placeholder colour", async () => {
    t = await start();
    const { photos } = await portfolioOfThree();
    const response = await getPage('/');
    expect(response.statusCode).toBe(200);
    const screen = screenOf(response.body);
    expect(screen).toContain('<header');
    expect(screen).toMatch(/<h1 id="portfolio-title"[^>]*>Ada Lens<\/h1>/);
    for (const photo of photos) {
      const tag = tileTag(screen, photo);
      expect(tag, `the tile of ${photo.title}`).toBeDefined();
      expect(tag).toContain(`href="/photo/${photo.id}"`);
      const image = new RegExp(`<a [^>]*data-photo-tile="${photo.id}"[^>]*><img ([^>]*)>`).exec(screen)?.[1] ?? '';
      expect(image).toContain(`srcset="/uploads/${photo.thumbnail}?v=1 `);
      expect(image).toMatch(/ sizes="[^"]+"/);
      expect(image).toMatch(/ width="\d+" height="\d+"/);
      expect(image).toContain(`alt="${photo.title}"`);
      // The ThumbHash's average colour behind the image until it arrives.
      expect(image).toMatch(/style="background-color:[^"]+"/);
    }
    // The first tiles are preloaded from the head with the grid's srcset, as before.
    expect(response.body).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="[^"]+" imagesrcset="[^"]+" imagesizes="[^"]+" \/>/);
  });

  it("draws a photo's page: the photo, its title and its previous and next links, in the page's language", async () => {
    t = await start();
    const { photos } = await portfolioOfThree();
    const [quay, crane, buoy] = photos as [Photo, Photo, Photo];
    const response = await getPage(`/photo/${crane.id}?lang=de`);
    expect(response.statusCode).toBe(200);
    const screen = screenOf(response.body);
    expect(screen).toMatch(new RegExp(`<h1 [^>]*>${crane.title}</h1>`));
    expect(screen).toMatch(new RegExp(`<img [^>]*alt="${crane.title}"`));
    // The bank is one section, a ring in page order: whichever of the others is before and after.
    const neighbours = [...screen.matchAll(/<a href="\/photo\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(neighbours.sort()).toEqual([quay.id, buoy.id].sort());
    expect(response.body).toContain('<html lang="de"');
    expect(screen).toContain('Zurück zum Portfolio');
    // The photo is the page's largest image: preloaded with its srcset from the head.
    expect(response.body).toMatch(new RegExp(`<link rel="preload" as="image" fetchpriority="high" href="/uploads/${crane.filename}\\?v=1" imagesrcset="[^"]+"`));
  });

  it("leaves the signed-in owner's page to the browser, which first asks who is signed in", async () => {
    t = await start();
    const { cookie } = await portfolioOfThree();
    expect(screenOf((await getPage('/', cookie)).body)).toBe('');
  });

  it('leaves every page to the browser when the renderer is not built', async () => {
    t = await start(false);
    await portfolioOfThree();
    const response = await getPage('/');
    expect(response.statusCode).toBe(200);
    expect(screenOf(response.body)).toBe('');
  });
});
