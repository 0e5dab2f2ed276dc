import type { Page } from '@playwright/test';
import { api, pathTo, screens } from '#contract/routes.ts';
import { signInAsOwner } from './fixtures.ts';
import { expect, expectNoSeriousViolations, imagesSettled, section, test, tile, uniqueName, type OwnerApi } from './portfolio-helpers.ts';

/** Photos of every shape: landscape, portrait, panorama, square and a tall one. */
const SHAPES = [
  { width: 900, height: 600 },
  { width: 600, height: 900 },
  { width: 1500, height: 500 },
  { width: 700, height: 700 },
  { width: 500, height: 1000 },
];

async function categoryWithShapes(owner: OwnerApi, layout: 'justified' | 'masonry') {
  const category = await owner.createCategory(uniqueName('Frames'));
  const photos = [];
  for (const [index, size] of SHAPES.entries()) {
    photos.push(await owner.createPhoto({ title: `Frame ${index + 1}` }, size));
  }
  await owner.placePhotos(photos, category.id);
  const response = await owner.request.put(pathTo(api.category, { id: category.id }), { data: { layout } });
  expect(response.status(), await response.text()).toBe(200);
  return { category, photos };
}

/** The page's background colour's luminance, 0 (black) to 1 (white). */
function backgroundLuminance(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });
}

test.describe('layouts that keep the frame', { tag: '@phone' }, () => {
  test('a justified-rows category shows every photo uncropped, rows filling the width', async ({ page, owner }) => {
    const { category, photos } = await categoryWithShapes(owner, 'justified');
    await page.goto(screens.home);
    const scope = section(page, category.name);
    await expect(scope.getByRole('listitem')).toHaveCount(photos.length);
    await imagesSettled(page);
    for (const photo of photos) {
      const box = await tile(page, photo.title).boundingBox();
      expect(box, photo.title).not.toBeNull();
      const ratio = box!.width / box!.height;
      const expected = photo.width / photo.height;
      expect(Math.abs(ratio - expected) / expected, `${photo.title}: ${ratio} against ${expected}`).toBeLessThan(0.02);
    }
    // A full row reaches the right edge of the list: the first tile's row is not the last row here.
    const list = await scope.getByRole('list').boundingBox();
    const first = await tile(page, photos[0]!.title).boundingBox();
    const rowEnds = await scope
      .getByRole('listitem')
      .evaluateAll((items, top) => items.filter((item) => Math.abs(item.getBoundingClientRect().top - top) < 1).map((item) => item.getBoundingClientRect().right), first!.y);
    expect(Math.abs(Math.max(...rowEnds) - (list!.x + list!.width))).toBeLessThan(1);
  });

  test('a justified row a very narrow photo stands in alone is at most twice the row height', async ({ page, owner }) => {
    const category = await owner.createCategory(uniqueName('Strips'));
    // On a phone the panoramas fill a row each, so the strip between them stands alone in its row.
    const photos = [
      await owner.createPhoto({ title: uniqueName('Pano') }, { width: 1500, height: 500 }),
      await owner.createPhoto({ title: uniqueName('Strip') }, { width: 49, height: 500 }),
      await owner.createPhoto({ title: uniqueName('Pano') }, { width: 1500, height: 500 }),
    ];
    await owner.placePhotos(photos, category.id);
    const response = await owner.request.put(pathTo(api.category, { id: category.id }), { data: { layout: 'justified' } });
    expect(response.status(), await response.text()).toBe(200);
    await page.goto(screens.home);
    const list = section(page, category.name).getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const rowHeight = await list.evaluate((element) => parseFloat(getComputedStyle(element).getPropertyValue('--row-height')));
    expect(rowHeight).toBeGreaterThan(0);
    for (const photo of photos) {
      const box = await tile(page, photo.title).boundingBox();
      expect(box!.height, photo.title).toBeLessThanOrEqual(rowHeight * 2 + 1);
      // Still uncropped: the tile keeps the photo's shape.
      expect(Math.abs(box!.width / box!.height - photo.width / photo.height) / (photo.width / photo.height), photo.title).toBeLessThan(0.05);
    }
  });

  test('the owner picks a category layout in the category manager, and visitors get it', async ({ page, owner }) => {
    test.skip(test.info().project.name === 'phone', 'the picker is the same on a phone; once is enough');
    const category = await owner.createCategory(uniqueName('Street'));
    const photo = await owner.createPhoto({ title: uniqueName('Tall') }, { width: 400, height: 800 });
    await owner.placePhotos([photo], category.id);
    await signInAsOwner(page);
    await page.goto(`${screens.home}?tab=admin`);
    await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();
    const layout = page.getByRole('combobox', { name: `Layout of ${category.name}` });
    await expect(layout).toHaveValue('square');
    await layout.selectOption('masonry');
    await expect(layout).toHaveValue('masonry');
    await expect.poll(async () => (await owner.request.get(api.categories).then((r) => r.json())) as unknown).toContainEqual(
      expect.objectContaining({ id: category.id, layout: 'masonry' }),
    );

    await page.context().clearCookies();
    await page.goto(screens.home);
    const box = await tile(page, photo.title).boundingBox();
    expect(box!.height / box!.width).toBeCloseTo(2, 1);
  });
});

test.describe('the dark room', { tag: '@phone' }, () => {
  test('follows the system setting, and the toggle is remembered across visits', async ({ page, owner }) => {
    await owner.setSettings({ portfolioTitle: uniqueName('Night') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(screens.home);
    expect(await backgroundLuminance(page)).toBeLessThan(0.2);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLuminance(page)).toBeLessThan(0.2);

    // The server paints the remembered choice before any script runs: no flash of the light theme.
    const html = await (await page.request.get(screens.home)).text();
    expect(html).toMatch(/<html[^>]*data-theme="dark"/);
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundLuminance(page)).toBeLessThan(0.2);
  });

  test("the owner's default theme is what a new visitor gets", async ({ page, owner }) => {
    test.skip(test.info().project.name === 'phone', 'the server writes the same page for a phone');
    await owner.setSettings({ themeDefault: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(screens.home);
    expect(await backgroundLuminance(page)).toBeLessThan(0.2);
    await owner.setSettings({ themeDefault: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the portfolio, login and admin screens pass axe in the ${colorScheme} theme`, async ({ page, owner }) => {
      test.skip(test.info().project.name === 'phone', 'colours are the same on a phone');
      // Three full axe scans of three screens.
      test.slow();
      await owner.setSettings({ portfolioTitle: uniqueName('Contrast'), portfolioSubtitle: 'Subtitle', aboutText: 'About' });
      const { category } = await categoryWithShapes(owner, 'justified');
      await owner.request.put(pathTo(api.category, { id: category.id }), { data: { description: 'Described' } });
      await page.emulateMedia({ colorScheme });
      await page.goto(screens.home);
      await expect(page.getByRole('heading', { name: category.name })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.goto(screens.login);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await signInAsOwner(page);
      await page.goto(`${screens.home}?tab=admin`);
      await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

test.describe('the top bar', { tag: '@phone' }, () => {
  test("shows the owner's portfolio title when asked, and a compact bar for visitors that slides away while scrolling down", async ({
    page,
    owner,
  }) => {
    test.skip(test.info().project.name !== 'phone', 'the compact bar is measured on a phone');
    const title = uniqueName('Ada Lens');
    await owner.setSettings({ portfolioTitle: title, topBarBrand: 'portfolio', compactTopBar: true });
    const photos = await owner.uploadPhotos(30);
    await owner.placePhotos(photos, null);
    await page.goto(screens.home);
    const bar = page.locator('header').first();
    await expect(bar.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toHaveCount(0);
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(56);

    await page.evaluate(() => window.scrollBy(0, 600));
    await expect.poll(async () => (await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollBy(0, -200));
    await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);

    // The spec's bar (name and Portfolio tab) is back once the owner turns it off: one row on a
    // phone too, the tab beside the name.
    await owner.setSettings({ portfolioTitle: title });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    await expect(page.locator('header').first().getByRole('link', { name: 'Atelier' })).toBeVisible();
    const spec = (await page.locator('header').first().boundingBox())!;
    expect(spec.height).toBeLessThanOrEqual(72);
    expect(spec.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});
