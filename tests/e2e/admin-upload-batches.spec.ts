import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Photo } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { expect, test } from './fixtures.ts';
import { createCategoryViaApi, openAdmin, photoBank, photoInput, photosOnServer, scrollToCategory, uniqueName } from './admin-helpers.ts';

/**
 * A selection of any size goes in batches: every photo stored once, with a total progress bar,
 * also when the connection drops on the way. Uploads are the same on a phone: desktop only.
 */

/** `count` tiny JPEGs named `${prefix} 0001.jpg`…, made here: the server's work stays small. */
async function tinyJpegs(prefix: string, count: number) {
  const buffer = await sharp({ create: { width: 12, height: 8, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return Array.from({ length: count }, (_, index) => ({
    name: `${prefix} ${String(index + 1).padStart(4, '0')}.jpg`,
    mimeType: 'image/jpeg',
    buffer,
  }));
}

/** The server's photos of this test, by title prefix. */
async function photosTitled(page: Page, prefix: string): Promise<Photo[]> {
  return (await photosOnServer(page)).filter((photo) => photo.title.startsWith(`${prefix} `));
}

/** Deletes the test's photos again, so later tests on this worker's server draw a small site. */
async function removePhotos(page: Page, photos: Photo[]) {
  const left = [...photos];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let photo = left.pop(); photo; photo = left.pop()) {
        await page.request.delete(pathTo(api.photo, { id: photo.id }));
      }
    }),
  );
}

function expectEachOnce(photos: Photo[], prefix: string, count: number) {
  const titles = photos.map((photo) => photo.title).sort();
  const expected = Array.from({ length: count }, (_, index) => `${prefix} ${String(index + 1).padStart(4, '0')}`);
  expect(titles).toEqual(expected);
}

test.describe('Uploads of any size', () => {
  test.skip(({ isMobile }) => isMobile, 'the batching is the same on a phone');

  // Minutes of work for the image pipeline: `npm run test:long` runs it (playwright.config.ts).
  test('uploads 1,000 photos of one selection, each stored once, with a total progress bar', { tag: '@large' }, async ({ page }) => {
    // 1,000 images through the real pipeline on a shared 2-core machine: more than the default.
    test.setTimeout(300_000);
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    const prefix = uniqueName('Shoot');
    await photoInput(page).setInputFiles(await tinyJpegs(prefix, 1000));
    // Counts are written as the page's language writes numbers (Intl): 1,000 in English.
    await expect(upload.getByText('1,000 file(s) selected')).toBeVisible();

    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes(api.photosUpload)) requests += 1;
    });
    await upload.getByRole('button', { name: 'Upload Photos' }).click();
    const total = upload.getByRole('progressbar');
    await expect(total).toBeVisible();
    await expect(total).toHaveAccessibleName(/Uploaded \d+ of 1000/);

    await expect(upload.getByRole('status')).toContainText('1,000 photos uploaded to the photo bank', { timeout: 240_000 });
    await expect(total).toHaveCount(0);
    const stored = await photosTitled(page, prefix);
    expectEachOnce(stored, prefix, 1000);
    // In batches within the per-request limits, not one request.
    expect(requests).toBeGreaterThanOrEqual(50);

    // First in the photo bank, in the order picked, and marked as new.
    const firstTile = photoBank(page).getByRole('listitem').first();
    await expect(firstTile.getByRole('img', { name: `${prefix} 0001` })).toBeVisible();
    await expect(firstTile).toHaveAttribute('data-recent-upload', '');
    await expect(firstTile.getByText('New')).toBeVisible();

    await removePhotos(page, stored);
  });

  test('a dropped connection resumes with what is left and stores every photo once, straight into a category', async ({ page }) => {
    test.setTimeout(120_000);
    await openAdmin(page);
    const category = await createCategoryViaApi(page, uniqueName('Harbour'));
    await page.reload();
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await upload.getByLabel('Upload to').selectOption({ label: category.name });

    let batches = 0;
    await page.route('**/api/photos/upload**', async (route) => {
      batches += 1;
      if (batches === 2) {
        // The server stores the batch, but the answer never reaches the browser.
        await route.fetch();
        await route.abort('connectionreset');
      } else if (batches === 3) {
        // This one never reaches the server.
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });

    const prefix = uniqueName('Quay');
    await photoInput(page).setInputFiles(await tinyJpegs(prefix, 70));
    await upload.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(upload.getByRole('progressbar')).toBeVisible();
    await expect(upload.getByRole('status')).toContainText(`70 photos uploaded to ${category.name}`, { timeout: 100_000 });

    const stored = await photosTitled(page, prefix);
    expectEachOnce(stored, prefix, 70);
    expect(stored.every((photo) => photo.categoryId === category.id)).toBe(true);
    // 4 batches of at most 20, and the two that failed sent again.
    expect(batches).toBe(6);

    const card = await scrollToCategory(page, category.name);
    const firstTile = card.getByRole('listitem').first();
    await expect(firstTile.getByRole('img', { name: `${prefix} 0001` })).toBeVisible();
    await expect(firstTile).toHaveAttribute('data-recent-upload', '');

    await removePhotos(page, stored);
  });
});
