import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { categoryCard, createCategoryViaApi, openAdmin, uniqueName } from './admin-helpers.ts';
import type { Photo } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import type { Watermark } from '#contract/watermarks.ts';
import { loadWatermark, watermarkBox } from '#server/images/watermark.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { markDifference } from '#tests/fixtures/watermark-pixels.ts';

/** Every public image URL of a photo, with the size of its image: display, widths, thumbnail. */
function imagesOf(photo: Photo) {
  const thumbnailSide = Math.min(400, photo.width, photo.height);
  return [
    { url: `/uploads/${photo.filename}`, width: photo.width, height: photo.height },
    ...photo.variants.map((variant) => ({
      url: `/uploads/${variant.filename}`,
      width: variant.width,
      height: Math.round((variant.width * photo.height) / photo.width),
    })),
    { url: `/uploads/${photo.thumbnail}`, width: thumbnailSide, height: thumbnailSide },
  ];
}

async function fetchBytes(page: Page, url: string): Promise<Buffer> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return response.body();
}

const photosOf = async (page: Page, categoryId: number) =>
  ((await (await page.request.get(api.photos)).json()) as Photo[]).filter((photo) => photo.categoryId === categoryId);

function originalsOf(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'originals');
  return Object.fromEntries(fs.readdirSync(dir).map((name) => [name, createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex')]));
}

test.describe('Watermarks', () => {
  test('a gallery watermark set in the admin reaches every public image of the gallery, inside its box, and never the original', async ({ page, server }) => {
    test.slow();
    await openAdmin(page);
    const name = uniqueName('Proofs');
    const category = await createCategoryViaApi(page, name);
    const form = new FormData();
    for (const index of [1, 2]) {
      form.append('photos', new Blob([new Uint8Array(await jpeg({ width: 1400, height: 1000 }))], { type: 'image/jpeg' }), `proof-${index}.jpg`);
    }
    const uploaded = await page.request.post(`${api.photosUpload}?categoryId=${category.id}`, { multipart: form });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const before = await photosOf(page, category.id);
    expect(before).toHaveLength(2);
    const plain = new Map<string, Buffer>();
    for (const photo of before) for (const image of imagesOf(photo)) plain.set(image.url, await fetchBytes(page, image.url));
    const originalsBefore = originalsOf(server.dataDir);

    await page.reload();
    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Watermark of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Watermark of ${name}` });
    await dialog.getByLabel('Watermark', { exact: true }).selectOption('text');
    // A bad value is refused with the contract's message, and nothing is sent.
    await dialog.getByLabel('Size (% of width)').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText("Size must be at least 5% of the image's width")).toBeVisible();
    await expect(dialog.getByText('Watermark text is required')).toBeVisible();

    const watermark: Watermark = { kind: 'text', text: '© E2E Proof', anchor: 'centre', size: 60, opacity: 100, thumbnails: true };
    await dialog.getByLabel('Text').fill(watermark.text);
    await dialog.getByLabel('Position').selectOption('centre');
    await dialog.getByLabel('Size (% of width)').fill('60');
    await dialog.getByLabel('Opacity (%)').fill('100');
    await dialog.getByRole('switch', { name: 'Thumbnails too' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The admin shows the pass until it ends; by then each photo's version has risen.
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(/^(Applying watermark.*)?$/);
    await expect.poll(async () => (await photosOf(page, category.id)).map((photo) => photo.version).join()).toBe(before.map((photo) => photo.version + 1).join());
    await expect(status).toHaveText('');

    const mark = (await loadWatermark(watermark, () => Promise.resolve(null)))!;
    const after = await photosOf(page, category.id);
    for (const photo of after) {
      const previous = before.find((candidate) => candidate.id === photo.id)!;
      const [now, old] = [imagesOf(photo), imagesOf(previous)];
      expect(now).toHaveLength(old.length);
      expect(now.length).toBeGreaterThan(2);
      for (const [index, image] of now.entries()) {
        expect(image.url).not.toBe(old[index]!.url);
        const difference = await markDifference(await fetchBytes(page, image.url), plain.get(old[index]!.url)!, watermarkBox(image.width, image.height, mark));
        expect(difference.inside, image.url).toBeGreaterThan(20);
        expect(difference.outside, image.url).toBeLessThan(1.5);
      }
    }
    // Every original is what it was, and none was written. An earlier test's deleted photos may
    // leave meanwhile (the trash is purged in the background), so a file gone is not this test's.
    const originalsAfter = originalsOf(server.dataDir);
    expect(Object.keys(originalsAfter).length).toBeGreaterThanOrEqual(2);
    for (const [file, hash] of Object.entries(originalsAfter)) expect(originalsBefore[file], file).toBe(hash);
  });
});
