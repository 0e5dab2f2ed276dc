import fs from 'node:fs';
import type { UploadPhotosResponse } from '#contract/photos.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { withXmp } from '#tests/fixtures/embedded-metadata.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { expect, test } from './fixtures.ts';
import { openAdmin, photoBank, photoInput, toast, uploadPhotosViaApi } from './admin-helpers.ts';

/** A public sample: a U.S. Army photograph (public domain) captioned in Photoshop's XMP; see its README. */
const SAMPLE = new URL('../fixtures/embedded-text/us-army-10th-mountain-afghanistan.jpg', import.meta.url);

test('an uploaded JPEG shows the title and caption written into it, not its file name', async ({ page }) => {
  await openAdmin(page);
  const lightroom = withXmp(await jpeg({ width: 800, height: 600 }), {
    title: 'Fog over the Tagus',
    description: 'Morning fog over the river, from the Cristo Rei.',
    altText: 'A river under fog, the towers of a bridge rising out of it',
  });
  const uploaded = page.waitForResponse((response) => response.url().includes('/api/photos/upload') && response.request().method() === 'POST');
  await photoInput(page).setInputFiles([
    { name: 'DSC01234.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(SAMPLE) },
    { name: 'DSC05678.jpg', mimeType: 'image/jpeg', buffer: lightroom },
  ]);
  await page.getByRole('region', { name: 'Upload Photos' }).getByRole('button', { name: 'Upload Photos' }).click();
  await expect(toast(page, 'Upload successful')).toBeVisible();
  const { photos } = (await (await uploaded).json()) as UploadPhotosResponse;
  const [sample, fog] = photos;

  // In the admin: the embedded titles, and the alt text where the file gave one.
  await expect(photoBank(page).getByRole('img', { name: '030904-A-2140D-006', exact: true })).toBeVisible();
  await expect(photoBank(page).getByRole('img', { name: 'A river under fog, the towers of a bridge rising out of it' })).toBeVisible();
  await expect(photoBank(page).getByText('DSC01234')).toHaveCount(0);

  // The photo's page: its title as the heading, its caption as the description.
  await page.goto(pathTo(screens.photo, { id: sample!.id }));
  await expect(page.getByRole('heading', { level: 1, name: '030904-A-2140D-006' })).toBeVisible();
  await expect(page.getByText(/^Operation Mountain Viper put the soldiers of A Company/)).toBeVisible();
  await page.goto(pathTo(screens.photo, { id: fog!.id }));
  await expect(page.getByRole('heading', { level: 1, name: 'Fog over the Tagus' })).toBeVisible();
  await expect(page.getByText('Morning fog over the river, from the Cristo Rei.')).toBeVisible();
});

test('with the owner’s switch on, a visitor sees no file-name title on the photo page or in the viewer; the owner still does', async ({ page, browser, baseURL }) => {
  await openAdmin(page);
  const name = `IMG_${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const [photo] = await uploadPhotosViaApi(page, [name]);
  const setSwitch = async (on: boolean) => {
    const saved = await page.request.patch(api.portfolioSettings, { data: { hideFileNameTitles: on } });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await setSwitch(true);
  try {
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(pathTo(screens.photo, { id: photo!.id }));
    // The heading is there for screen readers, named by the photo's place (none: "Photo"), and nothing shows the file name.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Photo' })).toBeAttached();
    await expect(visitor.locator('body')).not.toContainText(name);
    await expect(visitor).not.toHaveTitle(new RegExp(name));
    await visitor.getByRole('button', { name: 'Open in the viewer' }).click();
    const viewer = visitor.getByRole('dialog', { name: 'Photo' });
    await expect(viewer).toBeVisible();
    await expect(viewer).not.toContainText(name);
    await visitorContext.close();

    // Signed in, the owner reads it, to retitle it.
    await page.goto(pathTo(screens.photo, { id: photo!.id }));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  } finally {
    await setSwitch(false);
  }
});
