import type { Page } from '@playwright/test';
import type { Category } from '#contract/categories.ts';
import { expect, signInAsOwner, test, toasts } from './fixtures.ts';
import {
  bringIntoView,
  categoryCard,
  clearContent,
  createCategoryViaApi,
  dragAnnouncement,
  dragWithMouse,
  dragWithTouch,
  gate,
  movePhotosViaApi,
  openAdmin,
  photoBank,
  pickUpByKeyboard,
  storedOrder,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';
import { api, screens } from '#contract/routes.ts';

function toast(page: Page, title: string) {
  return toasts(page).filter({ hasText: title });
}

/** A photo put in a place by the admin, or the public grid's reorder. */
const isPhotoWrite = (url: string) => url.endsWith(api.photosReorder) || /\/api\/photos\/\d+\/place$/.test(url);

/** Counts the reorder requests the page sends from now on. */
function countReorders(page: Page) {
  const sent = { photos: 0, categories: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'PUT') return;
    if (isPhotoWrite(request.url())) sent.photos += 1;
    if (request.url().endsWith(api.categoriesReorder)) sent.categories += 1;
  });
  return sent;
}

async function categoryNamesOnServer(page: Page): Promise<string[]> {
  const categories = (await (await page.request.get(api.categories)).json()) as Category[];
  return categories.sort((a, b) => a.order - b.order || a.id - b.id).map((category) => category.name);
}

/** A clean site with one category holding `titles` in that order; returns the category. */
async function categoryWithPhotos(page: Page, titles: string[]) {
  await clearContent(page);
  const name = uniqueName('Series');
  const category = await createCategoryViaApi(page, name);
  await movePhotosViaApi(page, await uploadPhotosViaApi(page, titles), category.id);
  await page.reload();
  return { ...category, name };
}

/** The names the cards of the manager show, top to bottom. */
function shownCategories(page: Page) {
  return page.getByRole('list', { name: 'Current Categories' }).getByRole('heading', { level: 3 });
}

test.describe('reordering photos in the admin area', () => {
  test('a drop on its own place sends nothing, and Escape cancels a keyboard drag', async ({ page }) => {
    await openAdmin(page);
    const [a, b] = ['Alder', 'Beech'];
    const category = await categoryWithPhotos(page, [a, b]);
    const sent = countReorders(page);
    const card = categoryCard(page, category.name);

    const [box] = await bringIntoView(page, card.getByRole('img', { name: a }), card.getByRole('img', { name: b }));
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 30, start.y + 10, { steps: 5 });
    await expect(dragAnnouncement(page, `Picked up photo ${a}`)).toBeAttached();
    await page.mouse.move(start.x, start.y, { steps: 5 });
    await page.mouse.up();
    await expect(dragAnnouncement(page, `Photo ${a} was dropped at position 1 of 2.`)).toBeAttached();

    await pickUpByKeyboard(page, card.getByRole('button', { name: `Drag ${b}` }), `Picked up photo ${b}. It is at position 2 of 2 in category ${category.name}.`);
    await page.keyboard.press('ArrowLeft');
    await expect(dragAnnouncement(page, `Photo ${b} was moved into position 1 of 2.`)).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(dragAnnouncement(page, `Moving was cancelled. Photo ${b} is back at position 2 of 2.`)).toBeAttached();

    expect(sent.photos).toBe(0);
    expect(await storedOrder(page, category.id)).toEqual([a, b]);
  });

  test('a reorder, a move by drag and a category reorder are seen on screen, so none shows a success toast', async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Larch', 'Maple']);
    const other = await createCategoryViaApi(page, uniqueName('Grove'));
    await page.reload();
    const card = categoryCard(page, category.name);
    // The client's own success handler runs before it refetches the list; once that refetch is
    // answered, a success toast would already be on screen.
    const settled = (write: 'photo' | 'category') =>
      page
        .waitForResponse((response) =>
          (write === 'photo' ? isPhotoWrite(response.url()) : response.url().endsWith(api.categoriesReorder)) && response.request().method() !== 'GET',
        )
        .then(() =>
          page.waitForResponse((response) =>
            write === 'category' ? response.url().endsWith(api.categories) : response.url().includes(api.photoSections),
          ),
        );

    let done = settled('photo');
    await pickUpByKeyboard(page, card.getByRole('button', { name: 'Drag Maple' }), 'Picked up photo Maple');
    await page.keyboard.press('ArrowLeft');
    await expect(dragAnnouncement(page, 'Photo Maple was moved into position 1 of 2.')).toBeAttached();
    await page.keyboard.press('Space');
    await done;
    expect(await storedOrder(page, category.id)).toEqual(['Maple', 'Larch']);
    await expect(toasts(page)).toHaveCount(0);

    done = settled('photo');
    await dragWithMouse(page, card.getByRole('img', { name: 'Larch' }), categoryCard(page, other.name));
    await done;
    expect(await storedOrder(page, other.id)).toEqual(['Larch']);
    await expect(toasts(page)).toHaveCount(0);

    done = settled('category');
    await pickUpByKeyboard(page, page.getByRole('button', { name: `Drag category ${other.name}` }), `Picked up category ${other.name}`);
    await page.keyboard.press('ArrowUp');
    await expect(dragAnnouncement(page, `Category ${other.name} was moved into position 1 of 2.`)).toBeAttached();
    await page.keyboard.press('Space');
    await done;
    expect(await categoryNamesOnServer(page)).toEqual([other.name, category.name]);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('a refused reorder shows the new order at once, then puts the old one back', async ({ page }) => {
    await openAdmin(page);
    const titles = ['Cobalt', 'Indigo', 'Teal'];
    const category = await categoryWithPhotos(page, titles);
    const held = gate();
    await page.route('**/api/photos/*/place', async (route) => {
      await held.opened;
      await route.fulfill({ status: 500, json: { message: 'Try again later' } });
    });
    const grid = categoryCard(page, category.name).getByRole('list', { name: `Photos in ${category.name}` });
    const shown = grid.getByRole('listitem').getByRole('paragraph');

    await pickUpByKeyboard(page, grid.getByRole('button', { name: 'Drag Cobalt' }), 'Picked up photo Cobalt');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dragAnnouncement(page, 'Photo Cobalt was moved into position 3 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(shown).toHaveText(['Indigo', 'Teal', 'Cobalt']);
    held.open();

    const failure = toast(page, 'Error');
    await expect(failure).toContainText('Try again later');
    await expect(shown).toHaveText(titles);
    expect(await storedOrder(page, category.id)).toEqual(titles);
  });

  test("falls back to 'Failed to reorder photos' when the server says nothing", async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Oak', 'Elm']);
    await page.route('**/api/photos/*/place', (route) => route.fulfill({ status: 500, body: '' }));
    const card = categoryCard(page, category.name);
    await dragWithMouse(page, card.getByRole('img', { name: 'Oak' }), card.getByRole('img', { name: 'Elm' }));
    await expect(toast(page, 'Error')).toContainText('Failed to reorder photos');
    await expect(card.getByRole('listitem').getByRole('paragraph')).toHaveText(['Oak', 'Elm']);
  });

  test('in a sorted view the grid stays put: only Upload Order can be rearranged', async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Zinnia', 'Aster']);
    const sent = countReorders(page);
    const card = categoryCard(page, category.name);
    await card.getByLabel(`Sort photos in ${category.name}`).selectOption({ label: 'Title A-Z' });
    await expect(card.getByText('Choose Upload Order to rearrange by dragging.')).toBeVisible();

    await dragWithMouse(page, card.getByRole('img', { name: 'Aster' }), card.getByRole('img', { name: 'Zinnia' }));
    await expect(dragAnnouncement(page, /Photo Aster was dropped/)).toBeAttached();
    expect(sent.photos).toBe(0);
    expect(await storedOrder(page, category.id)).toEqual(['Zinnia', 'Aster']);
  });

  test('a photo dragged out of a category onto the photo bank goes back to the bank', async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Comet', 'Nebula']);
    await dragWithMouse(page, categoryCard(page, category.name).getByRole('img', { name: 'Nebula' }), photoBank(page));
    await expect(photoBank(page).getByRole('img', { name: 'Nebula' })).toBeVisible();
    expect(await storedOrder(page, category.id)).toEqual(['Comet']);
    expect(await storedOrder(page, null)).toEqual(['Nebula']);
  });

  test('a photo of one category dragged onto another category moves there, first', async ({ page }) => {
    await openAdmin(page);
    const first = await categoryWithPhotos(page, ['Mercury', 'Venus']);
    const second = await createCategoryViaApi(page, uniqueName('Outer'));
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, ['Saturn']), second.id);
    await page.reload();

    const target = categoryCard(page, second.name);
    await dragWithMouse(page, categoryCard(page, first.name).getByRole('img', { name: 'Venus' }), target.getByRole('img', { name: 'Saturn' }));
    await expect(target.getByRole('listitem').getByRole('paragraph')).toHaveText(['Venus', 'Saturn']);
    expect(await storedOrder(page, second.id)).toEqual(['Venus', 'Saturn']);
    expect(await storedOrder(page, first.id)).toEqual(['Mercury']);
  });
});

test.describe('reordering categories', () => {
  test('by mouse and by keyboard, the list changing at once and the server following', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    const names = [uniqueName('North'), uniqueName('East'), uniqueName('South')];
    for (const name of names) await createCategoryViaApi(page, name);
    await page.reload();
    await expect(shownCategories(page)).toHaveText(names);

    const handle = (name: string) => page.getByRole('button', { name: `Drag category ${name}` });
    await dragWithMouse(page, handle(names[2]!), handle(names[0]!));
    const afterMouse = [names[2]!, names[0]!, names[1]!];
    await expect(shownCategories(page)).toHaveText(afterMouse);
    await expect.poll(() => categoryNamesOnServer(page)).toEqual(afterMouse);

    await pickUpByKeyboard(page, handle(names[2]!), `Picked up category ${names[2]}. It is at position 1 of 3.`);
    await page.keyboard.press('ArrowDown');
    await expect(dragAnnouncement(page, `Category ${names[2]} was moved into position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    const afterKeyboard = [names[0]!, names[2]!, names[1]!];
    await expect(shownCategories(page)).toHaveText(afterKeyboard);
    await expect.poll(() => categoryNamesOnServer(page)).toEqual(afterKeyboard);
  });

  test("a refused reorder rolls the list back and shows 'Failed to reorder categories'", async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    const names = [uniqueName('Left'), uniqueName('Right')];
    for (const name of names) await createCategoryViaApi(page, name);
    await page.reload();
    const held = gate();
    await page.route('**/api/categories/reorder', async (route) => {
      await held.opened;
      await route.fulfill({ status: 500, body: '' });
    });

    await pickUpByKeyboard(page, page.getByRole('button', { name: `Drag category ${names[1]}` }), `Picked up category ${names[1]}`);
    await page.keyboard.press('ArrowUp');
    await expect(dragAnnouncement(page, 'was moved into position 1 of 2.')).toBeAttached();
    await page.keyboard.press('Space');
    // The cache takes the new order before the server has answered…
    await expect(shownCategories(page)).toHaveText([names[1]!, names[0]!]);
    held.open();
    // …and gives it back when the server refuses.
    await expect(toast(page, 'Error')).toContainText('Failed to reorder categories');
    await expect(shownCategories(page)).toHaveText(names);
    expect(await categoryNamesOnServer(page)).toEqual(names);
  });
});

test.describe('with a finger on a touchscreen', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a press and slide reorders photos, moves one from the bank, and reorders categories', async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Ant', 'Bee', 'Cricket']);
    const other = await createCategoryViaApi(page, uniqueName('Later'));
    await uploadPhotosViaApi(page, ['Dragonfly']);
    await page.reload();
    const card = categoryCard(page, category.name);

    await dragWithTouch(page, card.getByRole('img', { name: 'Ant' }), card.getByRole('img', { name: 'Cricket' }), 'Picked up photo Ant');
    await expect.poll(() => storedOrder(page, category.id)).toEqual(['Bee', 'Cricket', 'Ant']);

    await dragWithTouch(page, photoBank(page).getByRole('img', { name: 'Dragonfly' }), card, 'Picked up photo Dragonfly');
    await expect.poll(() => storedOrder(page, category.id)).toEqual(['Dragonfly', 'Bee', 'Cricket', 'Ant']);

    const handle = (name: string) => page.getByRole('button', { name: `Drag category ${name}` });
    await dragWithTouch(page, handle(other.name), handle(category.name), `Picked up category ${other.name}`);
    await expect.poll(() => categoryNamesOnServer(page)).toEqual([other.name, category.name]);
  });

  test('a quick swipe over a photo scrolls the page and drags nothing', async ({ page }) => {
    await openAdmin(page);
    const category = await categoryWithPhotos(page, ['Moth', 'Wasp']);
    const sent = countReorders(page);
    const card = categoryCard(page, category.name);
    // An open card fetches its photos as its grid comes near the screen: below the fold, none yet.
    await card.getByRole('list', { name: `Photos in ${category.name}` }).scrollIntoViewIfNeeded();
    const photo = card.getByRole('img', { name: 'Moth' });
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    const before = await page.evaluate(() => window.scrollY);
    // The category sits below the fold: the page has room to scroll back up.
    expect(before).toBeGreaterThan(0);

    const cdp = await page.context().newCDPSession(page);
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + box.height / 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + step * 15, id: 1 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();

    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(before);
    await expect(dragAnnouncement(page, 'Picked up')).toHaveCount(0);
    expect(sent.photos).toBe(0);
  });
});

test.describe('reordering on the public grid', () => {
  async function twoCategories(page: Page) {
    await clearContent(page);
    const first = await createCategoryViaApi(page, uniqueName('Coast'));
    const second = await createCategoryViaApi(page, uniqueName('Inland'));
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, ['Bay', 'Cove', 'Reef']), first.id);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, ['Moor', 'Fen']), second.id);
    await page.goto(screens.home);
    // The drag layer is loaded apart; its handles show once it is there.
    await expect(page.getByRole('button', { name: 'Drag Bay' })).toBeAttached();
    return { first, second };
  }

  const tile = (page: Page, section: string, title: string) =>
    page.getByRole('region', { name: section }).getByRole('button', { name: title, exact: true });

  test('the owner drags within a category by mouse and keyboard; the drop opens nothing', async ({ page }) => {
    await signInAsOwner(page);
    const { first } = await twoCategories(page);

    await dragWithMouse(page, tile(page, first.name, 'Bay'), tile(page, first.name, 'Reef'));
    await expect.poll(() => storedOrder(page, first.id)).toEqual(['Cove', 'Reef', 'Bay']);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await pickUpByKeyboard(page, page.getByRole('button', { name: 'Drag Reef' }), `Picked up photo Reef. It is at position 2 of 3 in ${first.name}.`);
    await page.keyboard.press('ArrowLeft');
    await expect(dragAnnouncement(page, `Photo Reef was moved into position 1 of 3 in ${first.name}.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => storedOrder(page, first.id)).toEqual(['Reef', 'Cove', 'Bay']);
  });

  test("a drop on another category's photo is refused with 'Cannot reorder'", async ({ page }) => {
    await signInAsOwner(page);
    const { first, second } = await twoCategories(page);
    const sent = countReorders(page);

    await dragWithMouse(page, tile(page, first.name, 'Cove'), tile(page, second.name, 'Fen'));
    const refusal = toast(page, 'Cannot reorder');
    await expect(refusal).toContainText('Photos can only be reordered within the same category');
    expect(sent.photos).toBe(0);
    expect(await storedOrder(page, first.id)).toEqual(['Bay', 'Cove', 'Reef']);
    expect(await storedOrder(page, second.id)).toEqual(['Moor', 'Fen']);
  });

  test.describe('with a finger', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('a press and slide reorders, and a tap still opens the photo', async ({ page }) => {
      await signInAsOwner(page);
      const { first } = await twoCategories(page);
      await dragWithTouch(page, tile(page, first.name, 'Reef'), tile(page, first.name, 'Bay'), 'Picked up photo Reef');
      await expect.poll(() => storedOrder(page, first.id)).toEqual(['Reef', 'Bay', 'Cove']);

      await tile(page, first.name, 'Cove').tap();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });

  test("a visitor gets no drag handles, nor the owner's code", async ({ page, browser, baseURL }) => {
    await signInAsOwner(page);
    await twoCategories(page);

    const visitor = await browser.newPage({ baseURL });
    const ownerChunks: string[] = [];
    visitor.on('request', (request) => {
      if (/\/assets\/(admin-view|sortable-portfolio-view)-/.test(request.url())) ownerChunks.push(request.url());
    });
    await visitor.goto(screens.home);
    await expect(visitor.getByRole('button', { name: 'Bay', exact: true })).toBeVisible();
    await expect(visitor.getByRole('button', { name: /^Drag / })).toHaveCount(0);
    expect(ownerChunks).toEqual([]);
    await visitor.close();
  });
});
