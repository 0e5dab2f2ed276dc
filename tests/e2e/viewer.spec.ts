import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { expect, expectNoSeriousViolations, jpegBuffer, test, tile, uniqueName, type OwnerApi } from './portfolio-helpers.ts';
import { touch } from './touch.ts';

/**
 * The immersive viewer (issue 14): the photo fitted to the screen on black, stepping with keys,
 * buttons and swipe while the address follows, zoom that loads a larger copy, Back to close.
 */

const viewer = (page: Page) => page.locator('[data-photo-viewer]');
const viewerImage = (page: Page) => viewer(page).locator('[data-viewer-stage] img');

/** How much of the viewport's binding dimension the image fills: 1 is edge to edge. */
async function fill(page: Page, image: Locator): Promise<number> {
  const box = await image.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no image box or viewport');
  return Math.max(box.width / viewport.width, box.height / viewport.height);
}

/** Two taps sent straight after each other (Playwright's own tap waits for each, which can outlast a double tap). */
async function doubleTap(page: Page, point: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  for (let tap = 0; tap < 2; tap += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

async function placeInCategory(owner: OwnerApi, photos: Photo[]) {
  const category = await owner.createCategory(uniqueName('Viewer'));
  await owner.placePhotos(photos, category.id);
  return category;
}

test('fills the screen with a landscape and a portrait, steps by key or swipe with the address following, and Back closes it', { tag: '@phone' }, async ({
  page,
  owner,
}, testInfo) => {
  await owner.setSettings({});
  const landscape = await owner.createPhoto({ title: uniqueName('Wide'), description: 'Across the bay.' }, { width: 1800, height: 1200 });
  const portrait = await owner.createPhoto({ title: uniqueName('Tall') }, { width: 1000, height: 1500, color: '#2a8a4a' });
  await placeInCategory(owner, [landscape, portrait]);
  await page.goto(screens.home);

  await tile(page, landscape.title).click();
  const dialog = page.getByRole('dialog', { name: landscape.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: landscape.id }));
  await expect(dialog.getByText('1 / 2')).toBeVisible();
  await expect(viewerImage(page)).toHaveAttribute('data-image-state', 'loaded');
  const landscapeFill = await fill(page, viewerImage(page));
  expect(landscapeFill).toBeGreaterThanOrEqual(0.9);
  // Every control of the viewer is at least 44 px each way.
  const controls = await viewer(page)
    .locator('button, a, select')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.textContent ?? '', small: box.width < 44 || box.height < 44 };
      }),
    );
  expect(controls.length).toBeGreaterThanOrEqual(7);
  expect(controls.filter((control) => control.small)).toEqual([]);
  await expectNoSeriousViolations(page);

  if (testInfo.project.name === 'phone') {
    await touch(page, [{ x: 290, y: 300 }], [{ x: 50, y: 310 }]);
  } else {
    await page.keyboard.press('ArrowRight');
  }
  const portraitDialog = page.getByRole('dialog', { name: portrait.title });
  await expect(portraitDialog).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: portrait.id }));
  await expect(portraitDialog.getByText('2 / 2')).toBeVisible();
  await expect(viewerImage(page)).toHaveAttribute('data-image-state', 'loaded');
  const portraitFill = await fill(page, viewerImage(page));
  expect(portraitFill).toBeGreaterThanOrEqual(0.9);
  testInfo.annotations.push({ type: 'fill', description: `landscape ${landscapeFill.toFixed(3)}, portrait ${portraitFill.toFixed(3)}` });

  if (testInfo.project.name === 'phone') {
    await touch(page, [{ x: 90, y: 300 }], [{ x: 330, y: 295 }]);
  } else {
    await page.keyboard.press('ArrowLeft');
  }
  await expect(page).toHaveURL(pathTo(screens.photo, { id: landscape.id }));

  // One Back closes the viewer, however many photos were seen, and the grid is still there.
  await page.goBack({ waitUntil: 'commit' });
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(screens.home);
  await expect(tile(page, landscape.title)).toBeVisible();
  // Forward opens it again on the photo last seen.
  await page.goForward({ waitUntil: 'commit' });
  await expect(page.getByRole('dialog', { name: landscape.title })).toBeVisible();

  if (testInfo.project.name === 'phone') {
    // A swipe down closes it on a phone.
    await touch(page, [{ x: 180, y: 300 }], [{ x: 185, y: 600 }]);
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).toHaveURL(screens.home);
  }
});

test('zooming by double click, pinch or double tap loads a larger copy of the photo', { tag: '@phone' }, async ({ page, owner }, testInfo) => {
  await owner.setSettings({});
  const photo = await owner.createPhoto({ title: uniqueName('Detail') }, { width: 3000, height: 2000 });
  await placeInCategory(owner, [photo]);
  await page.goto(pathTo(screens.home));
  await tile(page, photo.title).click();
  const image = viewerImage(page);
  await expect(image).toHaveAttribute('data-image-state', 'loaded');
  const fitted = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  // Fitted to the screen, a narrower copy than the display image is enough.
  expect(fitted).not.toContain(photo.filename);
  const stage = viewer(page).locator('[data-viewer-stage]');

  if (testInfo.project.name === 'phone') {
    await touch(page, [{ x: 170, y: 400 }, { x: 200, y: 400 }], [{ x: 60, y: 400 }, { x: 320, y: 400 }]);
  } else {
    await stage.dblclick({ position: { x: 640, y: 400 } });
  }
  await expect(stage).toHaveAttribute('data-zoomed', '');
  // Zoomed in, the browser fetches the largest stored copy: the display image.
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc)).toContain(photo.filename);

  if (testInfo.project.name === 'phone') {
    // A double tap zooms back out, and another zooms in again.
    await doubleTap(page, { x: 180, y: 420 });
    await expect(stage).not.toHaveAttribute('data-zoomed');
    await doubleTap(page, { x: 180, y: 420 });
    await expect(stage).toHaveAttribute('data-zoomed', '');
  }
});

test.describe('on a desktop', { tag: '@phone' }, () => {
  test.skip(({ isMobile }) => isMobile, 'keyboard, toast and caption behaviour are the same on a phone');
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('+ and - zoom by key, loading a larger copy; the arrows pan while zoomed and step when not; 0 resets', async ({ page, owner }) => {
    await owner.setSettings({});
    const photo = await owner.createPhoto({ title: uniqueName('Keys') }, { width: 3000, height: 2000 });
    const other = await owner.createPhoto({ title: uniqueName('Next') }, { width: 1200, height: 800 });
    await placeInCategory(owner, [photo, other]);
    await page.goto(pathTo(screens.home));
    await tile(page, photo.title).click();
    const image = viewerImage(page);
    await expect(image).toHaveAttribute('data-image-state', 'loaded');
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).not.toContain(photo.filename);
    const stage = viewer(page).locator('[data-viewer-stage]');
    const frame = stage.locator('> div').first();
    const transform = () => frame.evaluate((element: HTMLElement) => element.style.transform);

    await page.keyboard.press('+');
    await expect(stage).toHaveAttribute('data-zoomed', '');
    // As with a double click, zoomed in the browser fetches the largest stored copy.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc)).toContain(photo.filename);
    await page.keyboard.press('=');
    const before = await transform();
    // Zoomed, an arrow pans the photo and stays on it.
    await page.keyboard.press('ArrowRight');
    await expect.poll(transform).not.toBe(before);
    await expect(page).toHaveURL(pathTo(screens.photo, { id: photo.id }));

    await page.keyboard.press('0');
    await expect(stage).not.toHaveAttribute('data-zoomed');
    await page.keyboard.press('+');
    await expect(stage).toHaveAttribute('data-zoomed', '');
    await page.keyboard.press('-');
    await expect(stage).not.toHaveAttribute('data-zoomed');
    // Not zoomed, the arrow steps to the next photo as before.
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(pathTo(screens.photo, { id: other.id }));
  });

  test('the first Escape after Share closes the viewer, and camera details show only when the owner switches them on', async ({
    page,
    owner,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await owner.setSettings({});
    const exif = await sharp(await jpegBuffer({ width: 1200, height: 800 }))
      .withExif({
        IFD0: { Make: 'FUJIFILM', Model: 'X-T4' },
        IFD2: { FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/250', ISOSpeedRatings: '400' },
      })
      .toBuffer();
    const upload = await owner.request.post(api.photosUpload, {
      multipart: { photos: { name: 'street.jpg', mimeType: 'image/jpeg', buffer: exif } },
    });
    expect(upload.status()).toBe(201);
    const [photo] = ((await upload.json()) as UploadPhotosResponse).photos;
    await placeInCategory(owner, [photo!]);

    await page.goto(screens.home);
    await tile(page, 'street').click();
    const dialog = page.getByRole('dialog', { name: 'street' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-camera-details]')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('listitem', { includeHidden: true }).filter({ hasText: 'Link copied' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).toHaveURL(screens.home);

    await owner.setSettings({ showCameraDetails: true });
    await page.goto(pathTo(screens.photo, { id: photo!.id }));
    await page.getByRole('button', { name: 'Open in the viewer' }).click();
    await expect(viewer(page).locator('[data-camera-details]')).toHaveText(
      'Camera details: FUJIFILM X-T4 · 35 mm · ƒ/2.8 · 1/250 s · ISO 400',
    );
    // The caption can be hidden, leaving the photo alone.
    await viewer(page).getByRole('button', { name: 'Caption' }).click();
    await expect(viewer(page).locator('[data-viewer-caption]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).toHaveURL(pathTo(screens.photo, { id: photo!.id }));
  });
});

test('the photo page is a landing page: owner, photo and actions on the first screen, previous and next within the category', { tag: '@phone' }, async ({
  page,
  owner,
}) => {
  await owner.setSettings({ portfolioTitle: 'Mara Quist Photography' });
  const photos = [
    await owner.createPhoto({ title: uniqueName('One'), description: 'Morning.', hyperlink: 'https://example.com/one' }, { width: 1600, height: 1067 }),
    await owner.createPhoto({ title: uniqueName('Two') }, { width: 900, height: 1350 }),
    await owner.createPhoto({ title: uniqueName('Three') }),
  ];
  await placeInCategory(owner, photos);
  const [first, second, third] = photos as [Photo, Photo, Photo];
  await page.goto(pathTo(screens.photo, { id: first.id }));

  await expect(page.getByRole('link', { name: 'Mara Quist Photography' })).toHaveAttribute('href', screens.home);
  const viewport = page.viewportSize()!;
  for (const element of [
    page.getByRole('img', { name: first.title }),
    page.getByRole('heading', { level: 1, name: first.title }),
    page.getByRole('link', { name: 'Visit Project' }),
    page.getByRole('link', { name: 'View Full Size' }),
    page.getByRole('button', { name: 'Share', exact: true }),
  ]) {
    await expect(element).toBeInViewport({ ratio: 1 });
    const box = (await element.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }

  await page.getByRole('link', { name: `Next photo: ${second.title}` }).click();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: second.id }));
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await expect(page.getByText('2 / 3')).toBeVisible();
  await page.getByRole('link', { name: `Next photo: ${third.title}` }).click();
  await page.getByRole('link', { name: `Next photo: ${first.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();

  // Any other address: the spec's 404 texts under the top bar, with the way home.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Atelier' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the portfolio' }).click();
  await expect(page).toHaveURL(screens.home);
});

test('a reload keeps the viewer on its photo, even one far past the first page of the portfolio', { tag: '@phone' }, async ({ page, owner }) => {
  await owner.setSettings({});
  // Pages more than the page embeds: the last photo is loaded only after scrolling far.
  const photos = [...(await owner.uploadPhotos(80)), ...(await owner.uploadPhotos(80))];
  const last = await owner.updatePhoto(photos.at(-1)!.id, { title: uniqueName('Far') });
  const before = await owner.updatePhoto(photos.at(-2)!.id, { title: uniqueName('Near') });
  await placeInCategory(owner, photos);
  await page.goto(screens.home);

  // As a visitor does: scroll until the tile is drawn, then open it.
  const far = tile(page, last.title);
  for (let scrolls = 0; scrolls < 200 && (await far.count()) === 0; scrolls += 1) await page.mouse.wheel(0, 2000);
  await far.click();
  await expect(page.getByRole('dialog', { name: last.title })).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: last.id }));

  await page.reload();
  const dialog = page.getByRole('dialog', { name: last.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: last.id }));
  await expect(dialog.getByText(`${photos.length} / ${photos.length}`)).toBeVisible();
  await expect(viewerImage(page)).toHaveAttribute('data-image-state', 'loaded');
  // It steps through the photo's section from there, and Back closes it onto the portfolio.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: before.title })).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: before.id }));
  await page.goBack({ waitUntil: 'commit' });
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(screens.home);
});

test('on a phone held sideways the caption keeps to about a quarter of the screen', { tag: '@phone' }, async ({ page, owner }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone turned sideways');
  await page.setViewportSize({ width: 812, height: 375 });
  await owner.setSettings({ showCameraDetails: true });
  const photo = await owner.createPhoto(
    { title: uniqueName('Sideways'), description: 'Low tide at dawn, the boats still on the sand.\nA second line of notes.', hyperlink: 'https://example.com/tide' },
    { width: 1800, height: 1200 },
  );
  await placeInCategory(owner, [photo]);
  await page.goto(screens.home);
  await tile(page, photo.title).click();
  const caption = viewer(page).locator('[data-viewer-caption]');
  await expect(caption.getByText(photo.title)).toBeVisible();
  await expect(caption.getByRole('link', { name: 'Visit Project' })).toBeVisible();
  const box = (await caption.boundingBox())!;
  expect(box.height / 375).toBeLessThanOrEqual(0.3);
});
