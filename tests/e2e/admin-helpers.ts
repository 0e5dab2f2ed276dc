import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Category } from '#contract/categories.ts';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { axeViolations } from './axe.ts';
import { expect, signInAsOwner, toasts } from './fixtures.ts';
import { api, pathTo, screens } from '#contract/routes.ts';

/** A name no other test of the worker's shared server uses. */
export function uniqueName(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

/** A small PNG of one colour, made on the spot. */
export function pngBuffer(background: { r: number; g: number; b: number }, size = 96): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } }).png().toBuffer();
}

const palette = [
  { r: 200, g: 60, b: 40 },
  { r: 40, g: 140, b: 200 },
  { r: 60, g: 170, b: 80 },
  { r: 220, g: 180, b: 40 },
  { r: 120, g: 60, b: 180 },
];

/** PNG files for `page.setInputFiles`, one colour each. */
export async function pngFiles(names: string[]) {
  return Promise.all(
    names.map(async (name, index) => ({
      name: `${name}.png`,
      mimeType: 'image/png',
      buffer: await pngBuffer(palette[index % palette.length]!),
    })),
  );
}

/** Uploads through the API (the session of `page`); the photos land in the bank, titled by file name. */
export async function uploadPhotosViaApi(page: Page, titles: string[]): Promise<Photo[]> {
  const form = new FormData();
  for (const file of await pngFiles(titles)) {
    form.append('photos', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const response = await page.request.post(api.photosUpload, { multipart: form });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as UploadPhotosResponse;
  return body.photos;
}

export async function createCategoryViaApi(page: Page, name: string): Promise<Category> {
  const existing = (await (await page.request.get(api.categories)).json()) as Category[];
  const response = await page.request.post(api.categories, { data: { name, order: existing.length } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Category;
}

export async function movePhotosViaApi(page: Page, photos: Photo[], categoryId: number | null): Promise<void> {
  const response = await page.request.put(api.photosReorder, {
    data: { photoUpdates: photos.map((photo, order) => ({ id: photo.id, order, categoryId })) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function photosOnServer(page: Page): Promise<Photo[]> {
  return (await (await page.request.get(api.photos)).json()) as Photo[];
}

/** The titles of one category's photos (or the bank's), in their stored order. */
export async function storedOrder(page: Page, categoryId: number | null): Promise<string[]> {
  return (await photosOnServer(page))
    .filter((photo) => photo.categoryId === categoryId)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((photo) => photo.title);
}

/**
 * Signs in and opens the Admin tab, waiting until the photo work area has loaded. `loadTimeout`
 * for a site whose whole list the admin fetches and draws first (10,000 photos: 5.5 MB of JSON,
 * a thousand tiles), which a 2-core machine running other tests takes over 10 s to do.
 */
export async function openAdmin(page: Page, { loadTimeout }: { loadTimeout?: number } = {}): Promise<void> {
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: loadTimeout });
}

/** The admin's sections, named as their links are. */
export type AdminSectionName = 'Photos' | 'Settings' | 'Messages' | 'Account' | 'Statistics';

/** A section's link in the admin's navigation ("Messages" may carry its unread count after the name). */
export function adminSectionLink(page: Page, name: AdminSectionName) {
  return page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: new RegExp(`^${name}\\b`) });
}

/**
 * Opens a section of the admin from its navigation, as the owner does, once the admin is open:
 * one click, then that section is the one marked as the current page.
 */
export async function openAdminSection(page: Page, name: AdminSectionName): Promise<void> {
  const link = adminSectionLink(page, name);
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}

/** A category's card in the manager, found by its heading. */
export function categoryCard(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/**
 * Opens a category's gallery links from its card. By the keyboard, not a click: the grids above
 * the card fill in as they near the screen and move it down, and a click aimed a moment before can
 * land on another of the card's buttons (in one CI run it landed on the card's fold button).
 */
export async function openCategoryLinks(page: Page, name: string): Promise<Locator> {
  await categoryCard(page, name).getByRole('button', { name: `Links to ${name}` }).press('Enter');
  const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Scrolls to a category's card, as a person does: its grid asks for its photos only once it nears
 * the screen, and other tests' categories may stand above it.
 */
export async function scrollToCategory(page: Page, name: string): Promise<Locator> {
  const card = categoryCard(page, name);
  await card.scrollIntoViewIfNeeded();
  return card;
}

export function photoBank(page: Page) {
  return page.getByRole('region', { name: 'Photo Bank', exact: true });
}

/** A photo tile's one menu button, "Actions for <title>", within a section (the bank or a category card). */
export function tileMenuButton(section: Locator, title: string) {
  return section.getByRole('button', { name: `Actions for ${title}` });
}

/**
 * Acts on a photo tile: Edit, Delete, or a "Move to…" target by its name. With a mouse the tile has
 * the spec's buttons (shown on hover); on a touch screen they sit in one menu.
 */
export async function tileAction(page: Page, section: Locator, title: string, item: string): Promise<void> {
  const touch = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touch) {
    await tileMenuButton(section, title).click();
    await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
    return;
  }
  // Tiles are drawn as their place nears the screen: a card below the fold shows stand-ins until
  // it is scrolled to, as a person would.
  const photos = section.locator('ul[aria-label^="Photos in "]');
  await ((await photos.count()) > 0 ? photos.first() : section).scrollIntoViewIfNeeded();
  const tile = section.getByRole('listitem').filter({ has: page.getByRole('img', { name: title, exact: true }) });
  await tile.hover();
  if (item === 'Edit' || item === 'Delete') {
    await section.getByRole('button', { name: `${item} ${title}`, exact: true }).click();
    return;
  }
  await section.getByRole('button', { name: `Move ${title} to…`, exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** Empties the worker's site of photos and categories, so the page's layout is this test's alone. */
export async function clearContent(page: Page): Promise<void> {
  for (const photo of await photosOnServer(page)) {
    const response = await page.request.delete(pathTo(api.photo, { id: photo.id }));
    expect(response.ok(), await response.text()).toBe(true);
  }
  const categories = (await (await page.request.get(api.categories)).json()) as Category[];
  for (const category of categories) {
    const response = await page.request.delete(pathTo(api.category, { id: category.id }));
    expect(response.ok(), await response.text()).toBe(true);
  }
}

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };
const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** Scrolls so both elements are on screen, half-way between them, and returns their boxes. */
export async function bringIntoView(page: Page, source: Locator, target: Locator): Promise<[Box, Box]> {
  await source.scrollIntoViewIfNeeded();
  const [from, to] = await Promise.all([source.boundingBox(), target.boundingBox()]);
  if (!from || !to) throw new Error('An element to drag between is not rendered');
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('No viewport');
  const middle = (centre(from).y + centre(to).y) / 2;
  await page.evaluate((dy) => window.scrollBy(0, dy), middle - viewport.height / 2);
  const [source2, target2] = await Promise.all([source.boundingBox(), target.boundingBox()]);
  if (!source2 || !target2) throw new Error('An element to drag between is not rendered');
  return [source2, target2];
}

/**
 * Where a drag presses and drops, scrolled so both lie between the screen's edge fifths:
 * dnd-kit scrolls the page while the pointer is within a fifth of the screen's edge, and a page
 * that moves under a drag in flight drops it somewhere else. The press is up and left of the
 * source's middle (on a touch screen a photo tile's 44 px menu button covers its lower right
 * quarter); the drop is the target's middle, or its part nearest the source when a tall target
 * (a category card on a phone) puts its middle too far away, never closer than 48 px to its edge.
 */
async function dragPoints(page: Page, source: Locator, target: Locator): Promise<{ start: Point; end: Point }> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('No viewport');
  const points = async () => {
    await source.scrollIntoViewIfNeeded();
    const [from, to] = await Promise.all([source.boundingBox(), target.boundingBox()]);
    if (!from || !to) throw new Error('An element to drag between is not rendered');
    const start = { x: from.x + from.width * 0.35, y: from.y + from.height * 0.35 };
    // Both points end up between the edge fifths, with a little room to spare.
    const reach = viewport.height * 0.6 - 16;
    const y = Math.min(Math.max(centre(to).y, start.y - reach), start.y + reach);
    // Well inside the target: a drop on its very edge misses it after a shift of a few pixels.
    const inset = Math.min(48, to.height / 2);
    const end = { x: centre(to).x, y: Math.min(Math.max(y, to.y + inset), to.y + to.height - inset) };
    return { start, end };
  };
  const before = await points();
  await page.evaluate((dy) => window.scrollBy(0, dy), (before.start.y + before.end.y) / 2 - viewport.height / 2);
  return points();
}

/** A mouse drag as a person makes it: press, move past the activation distance, travel in steps, release. */
export async function dragWithMouse(page: Page, source: Locator, target: Locator): Promise<void> {
  const { start, end } = await dragPoints(page, source, target);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 12, { steps: 4 });
  // Wait until dnd-kit has picked the photo up before travelling: a press that lands while the
  // list is still re-rendering after the previous change would otherwise drag nothing.
  await expect(dragAnnouncement(page, /^Picked up/)).toHaveCount(1);
  await page.mouse.move(end.x, end.y, { steps: 20 });
  // One more small move lets the drop target settle under the pointer.
  await page.mouse.move(end.x + 2, end.y + 2, { steps: 2 });
  await page.mouse.up();
}

/** The live region where dnd-kit speaks to screen readers. */
export function dragAnnouncement(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text });
}

/**
 * Picks a drag handle up with Space. dnd-kit's keyboard sensor starts listening for the arrow keys
 * in a zero-delay timer after the drag starts, and its "Picked up" announcement can be on screen
 * before that timer has run: a key pressed then is lost. A zero-delay timer set in the page now
 * runs after the sensor's, so the next key is heard.
 */
export async function pickUpByKeyboard(page: Page, handle: Locator, announcement: string) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, announcement)).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * A finger drag through Chromium's real touch input (CDP), so dnd-kit's TouchSensor gets genuine
 * touchstart/touchmove/touchend: press, hold until the drag has started (the press delay), slide
 * in steps, lift.
 */
export async function dragWithTouch(page: Page, source: Locator, target: Locator, pickedUp: string | RegExp): Promise<void> {
  // The same points as a mouse drag: a tall target (a category card on a phone) is dropped on near
  // its edge by the source, so both stay clear of the sticky top bar and dnd-kit's edge scrolling.
  const { start, end } = await dragPoints(page, source, target);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: Math.round(point.x), y: Math.round(point.y), id: 1 }] : [],
    });
  try {
    await touch('touchStart', start);
    await expect(dragAnnouncement(page, pickedUp)).toBeAttached();
    const steps = 15;
    for (let step = 1; step <= steps; step += 1) {
      await touch('touchMove', {
        x: start.x + ((end.x - start.x) * step) / steps,
        y: start.y + ((end.y - start.y) * step) / steps,
      });
    }
    await touch('touchMove', { x: end.x + 2, y: end.y + 2 });
    await touch('touchEnd');
  } finally {
    await cdp.detach();
  }
}

/** Holds a routed request until `open()` is called. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The upload panel's file input. */
export const photoInput = (page: Page) => page.getByLabel('Photos to upload');

export function toast(page: Page, title: string) {
  return toasts(page).filter({ hasText: title });
}

/** A modal dialog hides the rest of the page from the accessibility tree, the toasts included. */
export function toastBehindDialog(page: Page, title: string) {
  return page
    .getByRole('region', { name: /notifications/i, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
}
