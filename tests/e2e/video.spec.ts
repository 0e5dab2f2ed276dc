import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { expect, expectNoSeriousViolations, test, tile, uniqueName, type OwnerApi } from './portfolio-helpers.ts';
import { touch } from './touch.ts';

/**
 * A video in the portfolio: uploaded as a photo is, transcoded by the server's job, and played by
 * the browser's own player in the viewer, which a swipe still steps past.
 */

const SAMPLE = path.join(import.meta.dirname, '..', 'fixtures', 'video', 'testsrc-640x360.mp4');

const viewer = (page: Page) => page.locator('[data-photo-viewer]');
const player = (page: Page) => viewer(page).locator('[data-viewer-stage] video');

/** Uploads the sample MP4 under `title` and waits until its transcode has ended. */
async function uploadVideo(owner: OwnerApi, title: string): Promise<Photo> {
  const upload = await owner.request.post(api.photosUpload, {
    multipart: { photos: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(SAMPLE) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const [uploaded] = ((await upload.json()) as UploadPhotosResponse).photos;
  let photo = await owner.updatePhoto(uploaded!.id, { title });
  await expect
    .poll(async () => {
      photo = (await (await owner.request.get(pathTo(api.photo, { id: photo.id }))).json()) as Photo;
      return photo.video?.sources.length ?? 0;
    })
    .toBeGreaterThan(0);
  return photo;
}

test('a video plays in the viewer with the browser\'s controls, and a swipe steps past it', { tag: '@phone' }, async ({ page, owner }, testInfo) => {
  await owner.setSettings({ autoplayVideos: false });
  const video = await uploadVideo(owner, uniqueName('Clip'));
  const after = await owner.createPhoto({ title: uniqueName('After') }, { width: 1200, height: 800 });
  const category = await owner.createCategory(uniqueName('Films'));
  await owner.placePhotos([video, after], category.id);

  await page.goto(screens.home);
  await tile(page, video.title).click();
  await expect(page.getByRole('dialog', { name: video.title })).toBeVisible();
  const element = player(page);
  await expect(element).toBeVisible();
  await expect(element).toHaveAttribute('controls', '');
  await expect(element).toHaveAttribute('playsinline', '');
  await expect(element).toHaveAttribute('poster', new RegExp(video.filename));
  // The owner has not ticked autoplay: it waits for Play.
  expect(await element.evaluate((node: HTMLVideoElement) => node.paused)).toBe(true);
  await expectNoSeriousViolations(page);

  const played = await element.evaluate(async (node: HTMLVideoElement) => {
    node.muted = true;
    await node.play();
    await new Promise<void>((resolve) => {
      const check = () => (node.currentTime > 0.2 ? resolve() : requestAnimationFrame(check));
      check();
    });
    return { time: node.currentTime, readyState: node.readyState, source: node.currentSrc };
  });
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.source).toContain(video.video!.sources[0]!.filename);
  testInfo.annotations.push({ type: 'played', description: `${played.time.toFixed(2)} s, readyState ${played.readyState}` });

  // A swipe across the video moves to the next photo, on a phone with a finger, on a desktop with
  // the mouse; above the middle, where the previous and next buttons are.
  const box = (await element.boundingBox())!;
  const from = { x: box.x + box.width * 0.85, y: box.y + box.height * 0.2 };
  const to = { x: box.x + box.width * 0.1, y: from.y + 4 };
  if (testInfo.project.name === 'phone') {
    await touch(page, [from], [to]);
  } else {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (const share of [0.25, 0.5, 0.75, 1]) await page.mouse.move(from.x + (to.x - from.x) * share, from.y + (to.y - from.y) * share);
    await page.mouse.up();
  }
  await expect(page.getByRole('dialog', { name: after.title })).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: after.id }));
  await expect(player(page)).toHaveCount(0);
});

test('with the owner\'s switch on, a video starts muted on the photo page', async ({ page, owner }) => {
  await owner.setSettings({ autoplayVideos: true });
  const video = await uploadVideo(owner, uniqueName('Auto'));
  await page.goto(pathTo(screens.photo, { id: video.id }));
  const element = page.locator('main video, article video').first();
  await expect(element).toBeVisible();
  await expect.poll(() => element.evaluate((node: HTMLVideoElement) => node.muted && !node.paused && node.readyState >= 2)).toBe(true);
  await expectNoSeriousViolations(page);
  await owner.setSettings({ autoplayVideos: false });
});

test('looks: the viewer with a video, wide and narrow, light and dark', async ({ page, owner }, testInfo) => {
  await owner.setSettings({ autoplayVideos: false });
  const video = await uploadVideo(owner, uniqueName('Look'));
  const category = await owner.createCategory(uniqueName('Look'));
  await owner.placePhotos([video], category.id);
  for (const viewport of [{ width: 1440, height: 900 }, { width: 375, height: 812 }]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(pathTo(screens.photo, { id: video.id }));
      await expect(page.locator('video').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`photo-page-${viewport.width}-${colorScheme}.png`) });
      await page.goto(screens.home);
      await tile(page, video.title).click();
      await expect(player(page)).toBeVisible();
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-viewer-stage] video')?.readyState ?? 0) >= 1);
      await page.screenshot({ path: testInfo.outputPath(`viewer-${viewport.width}-${colorScheme}.png`) });
    }
  }
});
