import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { CANON_40D_JPEG, NIKON_D70_JPEG, PENTAX_K10D_JPEG } from '#tests/fixtures/camera-files.ts';
import { api, pathTo } from '#contract/routes.ts';
import { expect, test } from './fixtures.ts';
import {
  clearContent,
  createCategoryViaApi,
  expectNoAxeViolations,
  movePhotosViaApi,
  openAdmin,
  photosOnServer,
  pngFiles,
  toast,
  uniqueName,
} from './admin-helpers.ts';

/**
 * Find photos: the owner's search over every photo (title or file name, category, date taken,
 * camera, without alt text), its filters kept in the address, and one change for a selection.
 * The camera and the date come from real camera files (tests/fixtures/camera).
 */

interface Site {
  category: string;
  /** Titles, as the owner set them. */
  harbour: string;
  vows: string;
  rings: string;
  street: string;
}

/**
 * Four photos: three from cameras, uploaded under their cameras' file names and then titled by the
 * owner, and one PNG without a camera. Vows and Rings are in a category; the others in the bank.
 */
async function seed(page: Page): Promise<Site> {
  await openAdmin(page);
  await clearContent(page);
  const form = new FormData();
  for (const [sample, name] of [
    [CANON_40D_JPEG, 'DSC_4001.jpg'],
    [NIKON_D70_JPEG, 'DSC_4002.jpg'],
    [PENTAX_K10D_JPEG, 'IMGP5003.jpg'],
  ] as const) {
    form.append('photos', new Blob([new Uint8Array(fs.readFileSync(sample))], { type: 'image/jpeg' }), name);
  }
  for (const file of await pngFiles(['quiet-street'])) {
    form.append('photos', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const upload = await page.request.post(api.photosUpload, { multipart: form });
  expect(upload.status(), await upload.text()).toBe(201);
  const photos = ((await upload.json()) as UploadPhotosResponse).photos;
  const byName = (name: string) => photos.find((photo) => photo.title === name)!;
  const site: Site = {
    category: uniqueName('Wedding'),
    vows: uniqueName('Vows'),
    rings: uniqueName('Rings'),
    harbour: uniqueName('Harbour at dawn'),
    street: uniqueName('Quiet street'),
  };
  const titles: Array<[Photo, string]> = [
    [byName('DSC_4001'), site.vows],
    [byName('DSC_4002'), site.rings],
    [byName('IMGP5003'), site.harbour],
    [byName('quiet-street'), site.street],
  ];
  for (const [photo, title] of titles) {
    const response = await page.request.put(pathTo(api.photo, { id: photo.id }), { data: { title } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  // The harbour photo has its alt text already; the others do not.
  await page.request.put(pathTo(api.photo, { id: byName('IMGP5003').id }), { data: { title: site.harbour, altText: 'Boats at dawn' } });
  const category = await createCategoryViaApi(page, site.category);
  await movePhotosViaApi(page, [byName('DSC_4001'), byName('DSC_4002')], category.id);
  await page.reload();
  return site;
}

const findPanel = (page: Page) => page.getByRole('region', { name: 'Find photos' });
const results = (page: Page) => findPanel(page).getByRole('list', { name: 'Photos found' });

/** The titles of the photos found, in their order. */
async function expectFound(page: Page, titles: string[]) {
  await expect(findPanel(page).getByRole('status').filter({ hasText: /found$/ })).toHaveText(
    titles.length === 1 ? '1 photo found' : `${titles.length} photos found`,
  );
  await expect(results(page).getByRole('listitem')).toHaveText(titles);
}

test.describe('Find photos', () => {
  test('finds photos by title and by the name the file was uploaded under', { tag: '@phone' }, async ({ page }) => {
    const site = await seed(page);
    const panel = findPanel(page);
    // Nothing asked yet: no results, only the search.
    await expect(results(page)).toHaveCount(0);

    const search = panel.getByLabel('Title or file name');
    await search.fill(site.harbour.toUpperCase());
    await expectFound(page, [site.harbour]);
    await expect(page).toHaveURL(/[?&]q=/);

    // The Nikon's file was DSC_4002.jpg; its title is Rings now.
    await search.fill('dsc_4002');
    await expectFound(page, [site.rings]);
    await search.fill('DSC_400');
    await expectFound(page, [site.rings, site.vows]);

    // Nothing wider than the screen; on a touch screen, no button a finger can hit under 44 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    if (await page.evaluate(() => matchMedia('(pointer: coarse)').matches)) {
      const small = await panel.locator('button').evaluateAll((buttons) =>
        buttons
          .filter((button) => {
            const style = getComputedStyle(button);
            const box = button.getBoundingClientRect();
            return style.display !== 'none' && style.pointerEvents !== 'none' && box.width > 1 && (box.width < 44 || box.height < 44);
          })
          .map((button) => button.getAttribute('aria-label') ?? button.textContent),
      );
      expect(small).toEqual([]);
    }
    await expectNoAxeViolations(page);

    await search.fill('no such photo');
    await expect(panel.getByText('No photos match these filters.')).toBeVisible();
  });

  test('filters by category, camera, date taken and missing alt text; the filters live in the address', async ({ page }) => {
    const site = await seed(page);
    const panel = findPanel(page);

    await panel.getByLabel('Category').selectOption({ label: site.category });
    await expectFound(page, [site.rings, site.vows]);
    await panel.getByLabel('Category').selectOption({ label: 'Photo bank (no category)' });
    await expectFound(page, [site.street, site.harbour]);
    await panel.getByLabel('Category').selectOption({ label: 'Any category' });

    // The cameras the photos were taken with, each with its count.
    await expect(panel.getByLabel('Camera').getByRole('option')).toHaveText(['Any camera', 'Canon EOS 40D (1)', 'NIKON D70 (1)', 'PENTAX K10D (1)']);
    await panel.getByLabel('Camera').selectOption('NIKON D70');
    await expectFound(page, [site.rings]);
    await panel.getByLabel('Camera').selectOption('');

    // The Canon took its photo on 30 May 2008, the Pentax on 4 May, the Nikon on 15 March; the PNG has no date.
    await panel.getByLabel('Taken from').fill('2008-05-01');
    await expectFound(page, [site.harbour, site.vows]);
    await panel.getByLabel('Taken to').fill('2008-05-04');
    await expectFound(page, [site.harbour]);
    await panel.getByLabel('Taken from').fill('');
    await panel.getByLabel('Taken to').fill('');

    await panel.getByRole('button', { name: 'Without alt text' }).click();
    await expectFound(page, [site.street, site.rings, site.vows]);
    await panel.getByLabel('Category').selectOption({ label: site.category });
    await panel.getByLabel('Title or file name').fill('DSC_4001');
    await expectFound(page, [site.vows]);

    // A link to this search: a reload (or a bookmark) brings it back whole.
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ tab: 'admin', q: 'DSC_4001', withoutAltText: 'true' });
    await page.reload();
    await expect(panel.getByLabel('Title or file name')).toHaveValue('DSC_4001');
    await expect(panel.getByRole('button', { name: 'Without alt text' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByLabel('Category')).toHaveValue(url.searchParams.get('categoryId')!);
    await expectFound(page, [site.vows]);

    await panel.getByRole('button', { name: 'Clear filters' }).click();
    await expect(results(page)).toHaveCount(0);
    await expect(panel.getByLabel('Title or file name')).toHaveValue('');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['tab']);
  });

  test('the count of photos without alt text opens the search for them', async ({ page }) => {
    const site = await seed(page);
    await page.getByTestId('missing-alt-text').click();
    await expect(findPanel(page).getByRole('button', { name: 'Without alt text' })).toHaveAttribute('aria-pressed', 'true');
    await expectFound(page, [site.street, site.rings, site.vows]);
    await expect(findPanel(page).getByRole('heading', { name: 'Find photos' })).toBeFocused();
  });

  test('edits the credit and alt text of a selection in one go, and the edit dialog shows them', { tag: '@phone' }, async ({ page }) => {
    const site = await seed(page);
    const panel = findPanel(page);
    await panel.getByLabel('Title or file name').fill('DSC_400');
    await expectFound(page, [site.rings, site.vows]);

    // A tap on a photo opens it; in select mode a tap selects.
    await panel.getByRole('button', { name: 'Select', exact: true }).click();
    await results(page).getByRole('listitem').filter({ hasText: site.rings }).click();
    await results(page).getByRole('listitem').filter({ hasText: site.vows }).click();
    const bar = panel.getByRole('toolbar', { name: 'Selected photos found' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Edit…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit 2 photos' });
    await expect(dialog.getByRole('checkbox', { name: 'Change the credit' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing ticked is nothing to do: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Apply to 2 photos' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose at least one change: a title prefix, credit, licence or alt text');

    await dialog.getByLabel('Change the credit').check();
    await dialog.getByLabel('Credit', { exact: true }).fill('Photo by Ada Lovelace');
    await dialog.getByLabel('Change the alt text').check();
    await dialog.getByLabel('Alt text', { exact: true }).fill('x'.repeat(251));
    await dialog.getByRole('button', { name: 'Apply to 2 photos' }).click();
    await expect(dialog.getByText('Alt text must be at most 250 characters')).toBeVisible();
    await dialog.getByLabel('Alt text', { exact: true }).fill('A wedding in the rain');
    await dialog.getByRole('button', { name: 'Apply to 2 photos' }).click();
    await expect(toast(page, '2 photos updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bar).toBeHidden();

    const saved = (await photosOnServer(page)).filter((photo) => photo.title === site.rings || photo.title === site.vows);
    expect(saved.map((photo) => [photo.credit, photo.altText])).toEqual([
      ['Photo by Ada Lovelace', 'A wedding in the rain'],
      ['Photo by Ada Lovelace', 'A wedding in the rain'],
    ]);

    // Out of select mode, a tap on a photo opens its edit dialog, with what the bulk change wrote.
    await panel.getByRole('button', { name: 'Select', exact: true }).click();
    await results(page).getByRole('listitem').filter({ hasText: site.vows }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Photo Details' });
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(site.vows);
    await expect(edit.getByLabel('Credit')).toHaveValue('Photo by Ada Lovelace');
    await expect(edit.getByLabel('Alt text')).toHaveValue('A wedding in the rain');
  });
});
