import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Category } from '#contract/categories.ts';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data-element.ts';
import type { PageData } from '#contract/page-data.ts';
import { api } from '#contract/routes.ts';
import { openDatabase } from '#server/db/database.ts';
import { fillPortfolio } from '#tests/fixtures/photos.ts';
import { categoryCard, openAdmin } from './admin-helpers.ts';
import { expect, section, test } from './portfolio-helpers.ts';

const PHOTOS = 10_000;
const CATEGORIES = 20;
const PER_CATEGORY = PHOTOS / CATEGORIES;
/** fillPortfolio's titles, round robin over the categories: the k-th photo of the first category. */
const firstCategoryTitle = (k: number) => `Photo ${1 + k * CATEGORIES}`;

/** The paged reads the page sends from now on, and any of the spec's unpaged whole list. */
function recordPhotoRequests(page: Page) {
  const pageRequests: URL[] = [];
  const wholeListRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === api.photoPage) pageRequests.push(url);
    if (url.pathname === api.photos) wholeListRequests.push(request.url());
  });
  return { pageRequests, wholeListRequests };
}

const tilesOf = (page: Page, name: string) => section(page, name).locator('[data-photo-tile]');

// Minutes of filling and paging: `npm run test:long` runs it (playwright.config.ts).
test.describe('a 10,000-photo portfolio', { tag: '@large' }, () => {
  test.slow();

  test('embeds its first screens only, loads each section a page at a time in order, and the viewer steps across pages', async ({
    page,
    owner,
    server,
  }) => {
    await owner.createPhoto({ title: 'Model photo' });
    await withLargePortfolio(server.dataDir, async () => {
      const { pageRequests, wholeListRequests } = recordPhotoRequests(page);
      await page.goto('/');

      const data = JSON.parse((await page.locator(`#${PAGE_DATA_ELEMENT_ID}`).textContent()) ?? '') as PageData;
      const sections = data.photoSections!.sections;
      expect(sections).toHaveLength(CATEGORIES + 1);
      expect(sections.reduce((sum, { total }) => sum + total, 0)).toBe(PHOTOS);
      expect(sections.flatMap(({ photos }) => photos)).toHaveLength(48);
      await expect(tilesOf(page, 'Category 1')).toHaveCount(48);
      await expect(section(page, 'Category 2')).toHaveCount(0);

      // Scrolling to the end of the first section loads the rest of it, then starts the next.
      const tiles = tilesOf(page, 'Category 1');
      for (let shown = await tiles.count(); shown < PER_CATEGORY; ) {
        await tiles.last().scrollIntoViewIfNeeded();
        await expect.poll(() => tiles.count()).toBeGreaterThan(shown);
        shown = await tiles.count();
      }
      await expect(section(page, 'Category 2')).toBeVisible();
      const titles = await tiles.evaluateAll((elements) => elements.map((element) => element.querySelector('img')?.getAttribute('alt')));
      expect(titles).toEqual(Array.from({ length: PER_CATEGORY }, (_, k) => firstCategoryTitle(k)));

      // Each page of it was asked for exactly once, each after the one before.
      const firstCategoryId = String(sections[0]!.categoryId);
      const cursors = pageRequests.filter((url) => url.searchParams.get('categoryId') === firstCategoryId).map((url) => url.searchParams.get('after'));
      expect(cursors).toHaveLength(Math.ceil((PER_CATEGORY - 48) / 48));
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(wholeListRequests).toEqual([]);

      // From a fresh page: the viewer steps from the last embedded photo onto the next page.
      await page.goto('/');
      await page.getByRole('button', { name: firstCategoryTitle(47), exact: true }).click();
      const viewer = page.locator('[data-photo-viewer]');
      await expect(viewer.getByText('48 / 500')).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(viewer.getByText('49 / 500')).toBeVisible();
      await expect(viewer.getByRole('heading', { name: firstCategoryTitle(48) })).toBeVisible();

      // A shared link to the first photo: its place, and neighbours from both ends of the category.
      await page.goto(`/photo/${sections[0]!.photos[0]!.id}`);
      const neighbours = page.getByRole('navigation', { name: 'Photos in this category' });
      await expect(neighbours.getByText('1 / 500')).toBeVisible();
      await expect(neighbours.getByRole('link', { name: `Previous photo: ${firstCategoryTitle(PER_CATEGORY - 1)}` })).toBeVisible();
      await neighbours.getByRole('link', { name: `Next photo: ${firstCategoryTitle(1)}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: firstCategoryTitle(1) })).toBeVisible();
      await expect(neighbours.getByText('2 / 500')).toBeVisible();
      expect(wholeListRequests).toEqual([]);
    });
  });

  test('a page that fails to load says so, and Try again loads it', async ({ page, owner, server }) => {
    await owner.createPhoto({ title: 'Model photo' });
    await withLargePortfolio(
      server.dataDir,
      async () => {
        // The end of the first 48 is within reach of a desktop's screen: the next page is asked at once.
        await page.route(`**${api.photoPage}?**`, (route) => route.abort());
        await page.goto('/');
        const tiles = tilesOf(page, 'Category 1');
        await expect(page.getByRole('alert')).toContainText('More photos could not be loaded.');
        await expect(tiles).toHaveCount(48);
        await page.unroute(`**${api.photoPage}?**`);
        await page.getByRole('button', { name: 'Try again' }).click();
        await expect(tiles).toHaveCount(99);
        await expect(page.getByRole('alert')).toHaveCount(0);
      },
      { photos: 100, categories: 1 },
    );
  });

  test("the owner's admin fetches each card a page at a time as it scrolls near, never the whole list", async ({ page, owner, server }) => {
    await owner.createPhoto({ title: 'Model photo' });
    await withLargePortfolio(server.dataDir, async () => {
      const { pageRequests, wholeListRequests } = recordPhotoRequests(page);
      await openAdmin(page);
      const card = categoryCard(page, 'Category 1');
      const tiles = card.getByRole('list', { name: 'Photos in Category 1' }).locator('li:not([aria-hidden]):not([data-grid-end])');
      await expect(tiles).toHaveCount(48);
      await expect(card.getByText(`${PER_CATEGORY} photo(s)`, { exact: true })).toBeVisible();
      await expect(page.getByTestId('missing-alt-text')).toHaveText(`${PHOTOS.toLocaleString('en')} photos without alt text`);
      // Cards far below the screen have asked for nothing yet.
      const asked = new Set(pageRequests.map((url) => url.searchParams.get('categoryId')));
      expect(asked.size).toBeLessThan(CATEGORIES);

      // Scrolling the card to its end loads the rest of it, in order, each photo once. A scroll may
      // bring in one page or two (how many rows 48 tiles fill depends on the card's width); each
      // page is asked for once, as counted below.
      for (let shown = 48; shown < PER_CATEGORY; ) {
        await tiles.last().scrollIntoViewIfNeeded();
        await expect.poll(() => tiles.count()).toBeGreaterThan(shown);
        shown = await tiles.count();
        expect(shown % 48 === 0 || shown === PER_CATEGORY, `${shown} tiles`).toBe(true);
      }
      await expect(tiles).toHaveCount(PER_CATEGORY);
      const titles = await tiles.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
      expect(titles).toEqual(Array.from({ length: PER_CATEGORY }, (_, k) => firstCategoryTitle(k)));
      // Each page asked once: no cursor twice.
      const categories = (await (await page.request.get(api.categories)).json()) as Category[];
      const category1 = String(categories.find((category) => category.name === 'Category 1')!.id);
      const ofCategory1 = pageRequests.filter((url) => url.searchParams.get('categoryId') === category1);
      expect(ofCategory1).toHaveLength(Math.ceil(PER_CATEGORY / 48));
      expect(new Set(ofCategory1.map((url) => url.searchParams.get('after'))).size).toBe(ofCategory1.length);

      // Select all names every photo of the card, fetched or not, in one request.
      await categoryCard(page, 'Category 2').getByRole('button', { name: 'Select all in Category 2' }).click();
      await expect(page.getByText(`${PER_CATEGORY} selected`)).toBeVisible();
      expect(wholeListRequests).toEqual([]);
    });
  });
});

/**
 * Fills the worker's server to 10,000 photos over 20 categories (or `size`): rows written straight to its
 * SQLite file beside the one uploaded photo, then removed, so the worker's next tests start from
 * the portfolio they expect.
 */
async function withLargePortfolio(
  dataDir: string,
  run: () => Promise<void>,
  size: { photos: number; categories: number } = { photos: PHOTOS, categories: CATEGORIES },
): Promise<void> {
  const handle = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
  try {
    await fillPortfolio(handle.db, size);
    await run();
  } finally {
    await handle.db.deleteFrom('photos').where('title', 'like', 'Photo %').execute();
    await handle.db.deleteFrom('categories').where('name', 'like', 'Category %').execute();
    await handle.destroy();
  }
}
