import type { Category } from '#contract/categories.ts';
import { expect, fileChooserOpenedBy, OWNER_PASSWORD, OWNER_USERNAME, test } from './fixtures.ts';
import {
  categoryCard,
  clearContent,
  createCategoryViaApi,
  dragAnnouncement,
  dragWithMouse,
  expectNoAxeViolations,
  movePhotosViaApi,
  openAdmin,
  photoBank,
  photoInput,
  pickUpByKeyboard,
  pngFiles,
  storedOrder,
  toast,
  uniqueName,
  uploadPhotosViaApi,
  tileAction,
  tileMenuButton,
} from './admin-helpers.ts';
import { api, screens } from '#contract/routes.ts';

test('a full session: sign in, upload, organise, reorder, edit, delete, and see it on the portfolio', { tag: '@phone-journey' }, async ({ page }) => {
  test.slow();
  // Signing in through the form, as the owner would.
  await page.goto(screens.login);
  await page.getByLabel('Username').fill(OWNER_USERNAME);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();
  await clearContent(page);
  await page.getByRole('tab', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();

  // Upload three images.
  const [dawn, noon, dusk] = ['Dawn', 'Noon', 'Dusk'];
  await photoInput(page).setInputFiles(await pngFiles([dawn, noon, dusk]));
  await expect(page.getByText('3 file(s) selected')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  await expect(toast(page, 'Upload successful')).toContainText('Uploaded 3 photos');
  await expect(photoBank(page).getByRole('listitem')).toHaveCount(3);

  // Two categories.
  const [skies, people] = [uniqueName('Skies'), uniqueName('People')];
  for (const name of [skies, people]) {
    await page.getByLabel('Category Name').fill(name);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(categoryCard(page, name)).toBeVisible();
  }

  // From the bank: one by mouse, one by the Move to… menu, one by keyboard.
  await dragWithMouse(page, photoBank(page).getByRole('img', { name: dawn }), categoryCard(page, skies));
  await expect(categoryCard(page, skies).getByRole('img', { name: dawn })).toBeVisible();
  await expect.poll(() => storedOrder(page, null)).toEqual([noon, dusk]);

  await tileAction(page, photoBank(page), dusk, skies);
  await expect(categoryCard(page, skies).getByRole('img', { name: dusk })).toBeVisible();

  await pickUpByKeyboard(page, page.getByRole('button', { name: `Drag ${noon}` }), `Picked up photo ${noon}. It is at position 1 of 1 in the photo bank.`);
  // The categories sit beside the bank on a wide screen, below it on a narrow one.
  await page.keyboard.press(page.viewportSize()!.width >= 1024 ? 'ArrowRight' : 'ArrowDown');
  await expect(dragAnnouncement(page, `Photo ${noon} is over category ${skies}`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(categoryCard(page, skies).getByRole('img', { name: noon })).toBeVisible();
  await expect(photoBank(page).getByText('No uncategorized photos')).toBeVisible();
  const skiesId = ((await (await page.request.get(api.categories)).json()) as Category[]).find((c) => c.name === skies)!.id;
  await expect.poll(() => storedOrder(page, skiesId)).toEqual([noon, dusk, dawn]);

  // Reorder by mouse, then by keyboard.
  const skiesCard = categoryCard(page, skies);
  await dragWithMouse(page, skiesCard.getByRole('img', { name: noon }), skiesCard.getByRole('img', { name: dawn }));
  await expect.poll(() => storedOrder(page, skiesId)).toEqual([dusk, dawn, noon]);

  await pickUpByKeyboard(page, skiesCard.getByRole('button', { name: `Drag ${dusk}` }), `Picked up photo ${dusk}. It is at position 1 of 3 in category ${skies}.`);
  await page.keyboard.press('ArrowRight');
  await expect(dragAnnouncement(page, `Photo ${dusk} was moved into position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, `Photo ${dusk} was dropped at position 2 of 3.`)).toBeAttached();
  await expect.poll(() => storedOrder(page, skiesId)).toEqual([dawn, dusk, noon]);

  // Edit one, delete another.
  await tileAction(page, skiesCard, dawn, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
  await dialog.getByLabel('Title', { exact: true }).fill('First light');
  await dialog.getByLabel('Description').fill('The sun over the bay.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Photo updated')).toBeVisible();
  await expect(skiesCard.getByRole('img', { name: 'First light' })).toBeVisible();

  await tileAction(page, skiesCard, noon, 'Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Photo deleted')).toBeVisible();
  await expect(skiesCard.getByRole('img', { name: noon })).toHaveCount(0);

  // The public page shows the result, in the owner's order.
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  const section = page.getByRole('region', { name: skies });
  await expect(section.getByRole('heading', { name: skies })).toBeVisible();
  await expect(section.getByRole('img')).toHaveCount(2);
  await expect(section.getByRole('img').first()).toHaveAccessibleName('First light');
  await expect(section.getByRole('img').last()).toHaveAccessibleName(dusk);
  await expect(page.getByRole('region', { name: people }).getByText('No photos in this category yet')).toBeVisible();
  await section.getByRole('button', { name: 'First light', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('The sun over the bay.');
});

test('the admin photo area, its dialogs and a keyboard drag have no serious axe violations', { tag: '@phone' }, async ({ page }) => {
  // Five full axe scans of the admin page: slow on a phone-sized page of a busy 2-core runner.
  test.slow();
  await openAdmin(page);
  await clearContent(page);
  const name = uniqueName('Axe');
  const category = await createCategoryViaApi(page, name);
  const photos = await uploadPhotosViaApi(page, [uniqueName('Ash'), uniqueName('Birch'), uniqueName('Cedar')]);
  await movePhotosViaApi(page, photos.slice(0, 2), category.id);
  await page.reload();
  await expect(categoryCard(page, name).getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page);

  await photoInput(page).setInputFiles(await pngFiles([uniqueName('Preview')]));
  await expectNoAxeViolations(page);

  await tileAction(page, categoryCard(page, name), photos[0]!.title, 'Edit');
  await expect(page.getByRole('dialog', { name: 'Edit Photo Details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await categoryCard(page, name).getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await pickUpByKeyboard(page, categoryCard(page, name).getByRole('button', { name: `Drag ${photos[0]!.title}` }), `Picked up photo ${photos[0]!.title}`);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dragAnnouncement(page, 'Moving was cancelled')).toBeAttached();
});

test('with the keyboard alone: choose files, upload, add a category, place, rename, edit and delete', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.skip(Boolean(testInfo.project.use.hasTouch), 'a keyboard-only session is a desktop one; a touch screen has the tile menu');
  test.slow();
  await page.goto(screens.login);
  await page.getByLabel('Username').focus();
  await page.keyboard.type(OWNER_USERNAME);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OWNER_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();
  await clearContent(page);
  await page.getByRole('tab', { name: 'Admin' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();

  // The drop area is a button: Enter opens the file chooser.
  const [first, second] = [uniqueName('Kestrel'), uniqueName('Osprey')];
  await page.getByRole('button', { name: /Drag and drop photos here/ }).focus();
  const chooser = await fileChooserOpenedBy(page, () => page.keyboard.press('Enter'));
  await chooser.setFiles(await pngFiles([first, second]));
  await expect(page.getByText('2 file(s) selected')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Photos' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Upload successful')).toBeVisible();

  const name = uniqueName('Raptors');
  await page.getByLabel('Category Name').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Category created')).toBeVisible();

  // Move to… opens a menu whose items the arrow keys walk.
  await photoBank(page).getByRole('button', { name: `Move ${first} to…` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(categoryCard(page, name).getByRole('img', { name: first })).toBeVisible();

  const renamed = uniqueName('Birds of prey');
  await categoryCard(page, name).getByRole('button', { name: `Rename ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Category name', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(renamed);
  await page.keyboard.press('Enter');
  await expect(categoryCard(page, renamed)).toBeVisible();

  await categoryCard(page, renamed).getByRole('button', { name: `Edit ${first}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Kestrel hovering');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Photo updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await photoBank(page).getByRole('button', { name: `Delete ${second}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Photo deleted')).toBeVisible();

  const categories = (await (await page.request.get(api.categories)).json()) as Category[];
  const saved = categories.find((category) => category.name === renamed);
  expect(saved).toBeDefined();
  expect(await storedOrder(page, saved!.id)).toEqual(['Kestrel hovering']);
  expect(await storedOrder(page, null)).toEqual([]);
});

test('the admin area fits a 375 px phone without sideways scrolling, long names included', { tag: '@phone' }, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAdmin(page);
  const name = uniqueName('A category whose name goes on and on about the places it holds');
  const category = await createCategoryViaApi(page, name);
  const photos = await uploadPhotosViaApi(page, [uniqueName('A photo title far longer than any thumbnail could show')]);
  await movePhotosViaApi(page, photos, category.id);
  await page.reload();
  await expect(categoryCard(page, name)).toBeVisible();
  await photoInput(page).setInputFiles(await pngFiles([uniqueName('an-upload-with-a-very-long-file-name-indeed')]));
  await expect(page.getByText('1 file(s) selected')).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // A short name is shown whole, not cut to its first letters beside the card's controls.
  const short = uniqueName('Land scapes');
  await createCategoryViaApi(page, short);
  await page.reload();
  const heading = categoryCard(page, short).getByRole('heading', { name: short });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
  // Whole and on one line: its width follows the random suffix's letters, so the line count is what is checked.
  expect(await heading.evaluate((element) => element.getBoundingClientRect().height < parseFloat(getComputedStyle(element).lineHeight) * 1.5)).toBe(true);
});

test('on a touch screen every control on a photo tile is at least 44 px, and the menu opens on a tap', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.hasTouch, 'touch screens only');
  await openAdmin(page);
  await clearContent(page);
  const name = uniqueName('Tiles');
  const category = await createCategoryViaApi(page, name);
  const photos = await uploadPhotosViaApi(page, ['Tern', 'Gull', 'Auk']);
  await movePhotosViaApi(page, photos.slice(0, 1), category.id);
  await page.reload();
  const tiles = page.locator('ul[aria-label^="Photos in"] > li');
  await expect(tiles).toHaveCount(3);
  // What a finger can hit: shown, taking pointer events, more than the 1 px of a keyboard-only control.
  const smallTargets = () =>
    tiles.locator('button').evaluateAll((buttons) =>
      buttons
        .filter((button) => {
          const style = getComputedStyle(button);
          const box = button.getBoundingClientRect();
          return style.display !== 'none' && style.visibility !== 'hidden' && style.pointerEvents !== 'none' && box.width > 1;
        })
        .filter((button) => button.getBoundingClientRect().width < 44 || button.getBoundingClientRect().height < 44)
        .map((button) => button.getAttribute('aria-label')),
    );
  expect(await smallTargets()).toEqual([]);

  await tileMenuButton(photoBank(page), 'Gull').tap();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // In select mode a tap on the photo selects it; the tile shows its state, and no small target appears.
  await page.getByRole('button', { name: 'Select', exact: true }).tap();
  expect(await smallTargets()).toEqual([]);
  await photoBank(page).getByRole('listitem').filter({ hasText: 'Gull' }).tap();
  await expect(photoBank(page).getByRole('checkbox', { name: 'Select Gull' })).toHaveAttribute('aria-checked', 'true');
});
