import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, test, toasts } from './fixtures.ts';
import {
  categoryCard,
  clearContent,
  createCategoryViaApi,
  dragAnnouncement,
  dragWithMouse,
  fileNamesOf,
  gate,
  movePhotosViaApi,
  openAdmin,
  photoBank,
  photosOnServer,
  pngFiles,
  storedOrder,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';
import { api, screens } from '#contract/routes.ts';

const photoInput = (page: Page) => page.getByLabel('Photos to upload');

function toast(page: Page, title: string) {
  return toasts(page).filter({ hasText: title });
}

/** A modal dialog hides the rest of the page from the accessibility tree, the toasts included. */
function toastBehindDialog(page: Page, title: string) {
  return page
    .getByRole('region', { name: /notifications/i, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('Upload Photos', () => {
  test('previews the chosen files, counts them, uploads them with progress and clears the selection', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await expect(upload.getByText('Drag and drop photos here, or click to browse')).toBeVisible();
    await expect(upload.getByText('Images will be automatically resized to square format')).toBeVisible();
    // Nothing is offered to upload before a file is chosen.
    await expect(upload.getByRole('button', { name: 'Upload Photos' })).toHaveCount(0);

    const [first, second, third] = [uniqueName('Lake'), uniqueName('Ridge'), uniqueName('Pines')];
    await photoInput(page).setInputFiles(await pngFiles([first, second, third]));

    const selected = upload.getByRole('list', { name: 'Selected photos' });
    await expect(selected.getByRole('listitem')).toHaveCount(3);
    await expect(selected.getByText(`${first}.png`)).toBeVisible();
    // Each preview is a square image made from the file itself.
    const preview = selected.getByRole('listitem').first().locator('img');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    const box = await preview.boundingBox();
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);
    await expect(upload.getByText('3 file(s) selected')).toBeVisible();

    await upload.getByRole('button', { name: `Remove ${second}.png` }).click();
    await expect(selected.getByRole('listitem')).toHaveCount(2);
    await expect(upload.getByText('2 file(s) selected')).toBeVisible();

    // The upload is held back until the progress bar has been seen.
    const held = gate();
    await page.route('**/api/photos/upload', async (route) => {
      await held.opened;
      await route.continue();
    });
    await upload.getByRole('button', { name: 'Upload Photos' }).click();
    const progress = upload.getByRole('progressbar');
    await expect(progress).toBeVisible();
    await expect(upload.getByText(/^\d+%$/)).toBeVisible();
    await expect(upload.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    held.open();

    const success = toast(page, 'Upload successful');
    await expect(success).toBeVisible();
    await expect(success).toContainText('Uploaded 2 photos');
    await expect(progress).toHaveCount(0);
    await expect(upload.getByText(/file\(s\) selected/)).toHaveCount(0);
    await expect(photoBank(page).getByRole('img', { name: first })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: third })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: second })).toHaveCount(0);
  });

  test('Clear All empties the selection, and previews are released', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await photoInput(page).setInputFiles(await pngFiles([uniqueName('One'), uniqueName('Two')]));
    await expect(upload.getByText('2 file(s) selected')).toBeVisible();
    const previewUrl = await upload.getByRole('list', { name: 'Selected photos' }).locator('img').first().getAttribute('src');

    await upload.getByRole('button', { name: 'Clear All' }).click();
    await expect(upload.getByText(/file\(s\) selected/)).toHaveCount(0);
    // A revoked object URL no longer loads.
    const stillLoads = await page.evaluate(
      (url) => fetch(url!).then(() => true, () => false),
      previewUrl,
    );
    expect(stillLoads).toBe(false);
  });

  test("names files of the wrong type with the file picker's own message", async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await photoInput(page).setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
      ...(await pngFiles([uniqueName('Good')])),
    ]);
    const problems = upload.getByRole('alert');
    await expect(problems).toContainText('1 file(s) not added');
    await expect(problems).toContainText('notes.txt');
    await expect(problems).toContainText('File type must be');
    await expect(upload.getByText('1 file(s) selected')).toBeVisible();
  });

  test('names the files the server refused, with its reasons, beside a partial success', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    const good = uniqueName('Fine');
    await photoInput(page).setInputFiles([
      ...(await pngFiles([good])),
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are no picture') },
    ]);
    await upload.getByRole('button', { name: 'Upload Photos' }).click();

    await expect(toast(page, 'Upload successful')).toBeVisible();
    const refused = upload.getByRole('alert');
    await expect(refused).toContainText('1 file(s) not uploaded');
    await expect(refused).toContainText('broken.png');
    await expect(photoBank(page).getByRole('img', { name: good })).toBeVisible();
  });

  test('an upload of which nothing is stored fails with the server message and resets', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await photoInput(page).setInputFiles([
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are no picture') },
    ]);
    const answer = page.waitForResponse((response) => response.url().endsWith(api.photosUpload));
    await upload.getByRole('button', { name: 'Upload Photos' }).click();
    const response = await answer;
    expect(response.ok()).toBe(false);
    const { message } = (await response.json()) as { message: string };

    const failure = toast(page, 'Upload failed');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(message);
    await expect(upload.getByRole('alert')).toContainText('broken.png');
    await expect(upload.getByRole('progressbar')).toHaveCount(0);
    // The selection stays, so the owner can remove the bad file and try again.
    await expect(upload.getByText('1 file(s) selected')).toBeVisible();
  });

  test("falls back to 'Failed to upload photos' when the server says nothing", async ({ page }) => {
    await openAdmin(page);
    await page.route('**/api/photos/upload', (route) => route.fulfill({ status: 500, body: '' }));
    await photoInput(page).setInputFiles(await pngFiles([uniqueName('Lost')]));
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(toast(page, 'Upload failed')).toContainText('Failed to upload photos');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('checks the session first and stops with "Authentication Required" when it has ended', async ({ page }) => {
    await openAdmin(page);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(api.photosUpload)) uploads += 1;
    });
    const check = page.waitForRequest((request) => request.url().endsWith(api.currentUser));
    await page.route('**/api/auth/user', (route) => route.fulfill({ status: 401, json: { message: 'Not signed in' } }));
    await photoInput(page).setInputFiles(await pngFiles([uniqueName('Late')]));
    await page.getByRole('button', { name: 'Upload Photos' }).click();

    await check;
    const warning = toast(page, 'Authentication Required');
    await expect(warning).toContainText('Please refresh the page and log in again');
    expect(uploads).toBe(0);
  });

  test('stops with "Connection Error" when the session check cannot reach the server', async ({ page }) => {
    await openAdmin(page);
    await page.route('**/api/auth/user', (route) => route.abort('internetdisconnected'));
    await photoInput(page).setInputFiles(await pngFiles([uniqueName('Offline')]));
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(toast(page, 'Connection Error')).toContainText('Unable to verify authentication');
  });
});

test.describe('Edit Photo Details', () => {
  test('edits the title, description and project link, reading "Saving..." while it saves', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Harbour');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await photoBank(page).getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    await expect(dialog.getByRole('img', { name: title })).toBeVisible();
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(dialog.getByLabel('Description')).toHaveAttribute('placeholder', 'Description shown when a visitor clicks the photo');
    await expect(dialog.getByText('A link for viewers to visit')).toBeVisible();

    const newTitle = uniqueName('Harbour at dawn');
    await dialog.getByLabel('Title', { exact: true }).fill(newTitle);
    await dialog.getByLabel('Description').fill('Fishing boats before sunrise.');
    await dialog.getByLabel('Project Link (Optional)').fill('https://example.com/harbour');

    const held = gate();
    await page.route(`**/api/photos/${photo!.id}`, async (route) => {
      await held.opened;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.open();

    await expect(toast(page, 'Photo updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(photoBank(page).getByRole('img', { name: newTitle })).toBeVisible();
    const saved = (await photosOnServer(page)).find((candidate) => candidate.id === photo!.id);
    expect(saved).toMatchObject({
      title: newTitle,
      description: 'Fishing boats before sunrise.',
      hyperlink: 'https://example.com/harbour',
    });
  });

  test('requires a title and an http(s) link, and Cancel changes nothing', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Quarry');
    await uploadPhotosViaApi(page, [title]);
    await page.reload();
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/photos\/\d+$/.test(request.url())) sent = true;
    });

    await photoBank(page).getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    await dialog.getByLabel('Title', { exact: true }).fill('   ');
    await dialog.getByLabel('Project Link (Optional)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toBe(false);
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
  });

  test("a refused save shows 'Error' with the server's message and keeps the dialog open", async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Cliff');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();
    await page.route(`**/api/photos/${photo!.id}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'The database is read-only' } }),
    );
    await photoBank(page).getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const failure = toastBehindDialog(page, 'Error');
    await expect(failure).toContainText('The database is read-only');
    await expect(dialog).toBeVisible();

    await page.unroute(`**/api/photos/${photo!.id}`);
    await page.route(`**/api/photos/${photo!.id}`, (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastBehindDialog(page, 'Error')).toContainText('Failed to update photo');
  });

  test("edits a music release's track list: add, validate, reorder, remove", async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Night Drive');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await photoBank(page).getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    // Not a release yet: no track list.
    await expect(dialog.getByRole('group', { name: 'Track list' })).toHaveCount(0);
    await dialog.getByLabel('Title', { exact: true }).fill(`${title} EP`);
    const tracks = dialog.getByRole('group', { name: 'Track list' });
    await expect(tracks).toBeVisible();

    for (const [index, [name, duration]] of [
      ['Intro', '01:35'],
      ['Highway', '2:3'],
      ['Outro', '01:34'],
    ].entries()) {
      await tracks.getByRole('button', { name: 'Add track' }).click();
      await tracks.getByLabel(`Track ${index + 1} title`).fill(name!);
      await tracks.getByLabel(`Track ${index + 1} duration`).fill(duration!);
    }
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(tracks.getByText('Duration must look like 02:30')).toBeVisible();

    await tracks.getByLabel('Track 2 duration').fill('02:30');
    await tracks.getByRole('button', { name: 'Move track 3 up' }).click();
    await expect(tracks.getByLabel('Track 2 title')).toHaveValue('Outro');
    await tracks.getByRole('button', { name: 'Remove track 1' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Photo updated')).toBeVisible();

    const saved = (await photosOnServer(page)).find((candidate) => candidate.id === photo!.id);
    expect(saved?.tracks).toEqual([
      { title: 'Outro', duration: '01:34' },
      { title: 'Highway', duration: '02:30' },
    ]);
  });
});

test.describe('category manager', () => {
  test('shows the empty text when there are no categories', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    await page.reload();
    await expect(page.getByText('No categories yet. Create your first category above.')).toBeVisible();
  });

  test('adds a category last, with the button waiting for a name', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Street');
    const add = page.getByRole('button', { name: 'Add Category' });
    const field = page.getByLabel('Category Name');
    await expect(add).toBeDisabled();
    await field.fill('    ');
    await expect(add).toBeDisabled();

    const count = ((await (await page.request.get(api.categories)).json()) as Category[]).length;
    await field.fill(`  ${name}  `);
    await expect(add).toBeEnabled();
    const request = page.waitForRequest((candidate) => candidate.url().endsWith(api.categories) && candidate.method() === 'POST');
    await add.click();
    expect((await request).postDataJSON()).toEqual({ name, order: count });

    await expect(toast(page, 'Category created')).toBeVisible();
    await expect(field).toHaveValue('');
    const cards = page.getByRole('list', { name: 'Current Categories' }).getByRole('region');
    await expect(cards.last()).toHaveAccessibleName(name);
  });

  test("a refused creation shows 'Failed to create category'", async ({ page }) => {
    await openAdmin(page);
    await page.route('**/api/categories', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.getByLabel('Category Name').fill(uniqueName('Doomed'));
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(toasts(page).filter({ hasText: 'Failed to create category' })).toBeVisible();
  });

  test('renames inline: Enter saves, Escape cancels, a blank name is ignored', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Travel');
    await createCategoryViaApi(page, name);
    await page.reload();
    let renames = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/categories\/\d+$/.test(request.url())) renames += 1;
    });

    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Rename ${name}` }).click();
    const input = card.getByLabel('Category name');
    await expect(input).toBeFocused();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(card.getByRole('heading', { name })).toBeVisible();

    await card.getByRole('button', { name: `Rename ${name}` }).click();
    await card.getByLabel('Category name').fill('   ');
    await card.getByLabel('Category name').press('Enter');
    await expect(card.getByRole('heading', { name })).toBeVisible();
    expect(renames).toBe(0);

    const renamed = uniqueName('Journeys');
    await card.getByRole('button', { name: `Rename ${name}` }).click();
    await card.getByLabel('Category name').fill(renamed);
    await card.getByLabel('Category name').press('Enter');
    await expect(toast(page, 'Category updated')).toBeVisible();
    await expect(categoryCard(page, renamed).getByRole('heading', { name: renamed })).toBeVisible();
    expect(renames).toBe(1);
  });

  test('deletes a category after the confirmation, and its photos go back to the bank', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Weddings');
    const title = uniqueName('Vows');
    const category = await createCategoryViaApi(page, name);
    const photos = await uploadPhotosViaApi(page, [title]);
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this category? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
  });

  test('sorts a category by upload order, title or newest first, as a view only', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Fruit');
    const category = await createCategoryViaApi(page, name);
    const tag = uniqueName('').trim();
    const titles = [`Cherry ${tag}`, `apple ${tag}`, `Banana ${tag}`];
    const photos: Photo[] = [];
    // One at a time, so each has its own upload time.
    for (const title of titles) photos.push(...(await uploadPhotosViaApi(page, [title])));
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    const grid = categoryCard(page, name).getByRole('list', { name: `Photos in ${name}` });
    const shown = () => grid.getByRole('listitem').getByRole('paragraph');
    const sort = categoryCard(page, name).getByLabel(`Sort photos in ${name}`);
    await expect(sort).toHaveValue('order');
    await expect(shown()).toHaveText(titles);
    await sort.selectOption({ label: 'Title A-Z' });
    await expect(shown()).toHaveText([`apple ${tag}`, `Banana ${tag}`, `Cherry ${tag}`]);
    await sort.selectOption({ label: 'Newest First' });
    await expect(shown()).toHaveText([...titles].reverse());
    expect(await storedOrder(page, category.id)).toEqual(titles);
  });

  test('deletes a photo of a category after its confirmation', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Birds');
    const title = uniqueName('Heron');
    const category = await createCategoryViaApi(page, name);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, [title]), category.id);
    await page.reload();

    await categoryCard(page, name).getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(`Are you sure you want to delete "${title}"?`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Photo deleted')).toBeVisible();
    await expect(categoryCard(page, name).getByRole('img', { name: title })).toHaveCount(0);
    expect((await photosOnServer(page)).some((photo) => photo.title === title)).toBe(false);
  });

  test('a refused photo deletion says so and keeps the photo', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Keeper');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();
    await page.route(`**/api/photos/${photo!.id}`, (route) => route.fulfill({ status: 500, body: '' }));
    await photoBank(page).getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).filter({ hasText: 'Failed to delete photo' })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
  });

  test('a photo whose image cannot load shows a dimmed placeholder', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Missing');
    const title = uniqueName('Ghost');
    const category = await createCategoryViaApi(page, name);
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await movePhotosViaApi(page, [photo!], category.id);
    const names = fileNamesOf(photo!);
    await page.route('**/uploads/**', (route) =>
      names.some((file) => route.request().url().includes(file)) ? route.fulfill({ status: 404, body: '' }) : route.continue(),
    );
    await page.reload();

    const image = categoryCard(page, name).getByRole('img', { name: title });
    await expect(image).toHaveAttribute('data-image-state', 'failed');
    await expect(image).toHaveCSS('opacity', '0.5');
  });
});

test.describe('Photo Bank', () => {
  test('counts its photos and, when empty, says so with a hint', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    await page.reload();
    const bank = photoBank(page);
    await expect(bank.getByText('No uncategorized photos')).toBeVisible();
    await expect(bank.getByText('Upload photos, or move photos here from your categories.')).toBeVisible();
    await expect(bank.getByText('0 photo(s)', { exact: true })).toBeAttached();

    await uploadPhotosViaApi(page, [uniqueName('One'), uniqueName('Two')]);
    await page.reload();
    await expect(bank.getByText('2 photo(s)', { exact: true })).toBeAttached();
    await expect(bank.getByRole('listitem')).toHaveCount(2);
  });

  test('its photos scroll inside a grid at most 24rem high', async ({ page }) => {
    await openAdmin(page);
    await uploadPhotosViaApi(page, Array.from({ length: 30 }, (_, index) => uniqueName(`Roll ${index}`)));
    await page.reload();
    const grid = photoBank(page).getByRole('list', { name: 'Photos in the photo bank' });
    await expect(grid).toHaveCSS('max-height', '384px');
    await expect(grid).toHaveCSS('overflow-y', 'auto');
    const { scrollHeight, clientHeight } = await grid.evaluate((element) => ({
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
  });

  test('deletes a bank photo after the confirmation that it cannot be undone', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Blurry');
    await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await photoBank(page).getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`, { exact: true }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Photo deleted')).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toHaveCount(0);
  });

  test('"Move to…" sends a photo to a category, first in line, and back to the bank', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Mountains');
    const [resident, newcomer] = [uniqueName('Peak'), uniqueName('Valley')];
    const category = await createCategoryViaApi(page, name);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, [resident]), category.id);
    await uploadPhotosViaApi(page, [newcomer]);
    await page.reload();

    await photoBank(page).getByRole('button', { name: `Move ${newcomer} to…` }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(toast(page, 'Photos moved')).toBeVisible();
    await expect(categoryCard(page, name).getByRole('img', { name: newcomer })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: newcomer })).toHaveCount(0);
    expect(await storedOrder(page, category.id)).toEqual([newcomer, resident]);

    await categoryCard(page, name).getByRole('button', { name: `Move ${newcomer} to…` }).click();
    await page.getByRole('menuitem', { name: 'Photo bank' }).click();
    await expect(photoBank(page).getByRole('img', { name: newcomer })).toBeVisible();
    await expect(categoryCard(page, name).getByRole('img', { name: newcomer })).toHaveCount(0);
  });

  test('a failed move puts the photo back where it was, once, and says so', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    const name = uniqueName('Rivers');
    const title = uniqueName('Delta');
    await createCategoryViaApi(page, name);
    await uploadPhotosViaApi(page, [title]);
    await page.reload();
    const held = gate();
    await page.route('**/api/photos/reorder', async (route) => {
      await held.opened;
      await route.fulfill({ status: 500, body: '' });
    });

    await dragWithMouse(page, photoBank(page).getByRole('img', { name: title }), categoryCard(page, name));
    // At once in its new place, while the request is out…
    await expect(categoryCard(page, name).getByRole('img', { name: title })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toHaveCount(0);
    held.open();

    // …then back, exactly once, when the server refuses.
    await expect(toasts(page).filter({ hasText: 'Failed to move photos' })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toHaveCount(1);
    expect(await storedOrder(page, null)).toEqual([title]);
  });
});

test('a full session: sign in, upload, organise, reorder, edit, delete, and see it on the portfolio', async ({ page }) => {
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

  await photoBank(page).getByRole('button', { name: `Move ${dusk} to…` }).click();
  await page.getByRole('menuitem', { name: skies }).click();
  await expect(categoryCard(page, skies).getByRole('img', { name: dusk })).toBeVisible();

  await page.getByRole('button', { name: `Drag ${noon}` }).focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, `Picked up photo ${noon}. It is at position 1 of 1 in the photo bank.`)).toBeAttached();
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
  await expect(toast(page, 'Success')).toContainText('Photos reordered successfully');
  await expect.poll(() => storedOrder(page, skiesId)).toEqual([dusk, dawn, noon]);

  await skiesCard.getByRole('button', { name: `Drag ${dusk}` }).focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, `Picked up photo ${dusk}. It is at position 1 of 3 in category ${skies}.`)).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(dragAnnouncement(page, `Photo ${dusk} was moved into position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, `Photo ${dusk} was dropped at position 2 of 3.`)).toBeAttached();
  await expect.poll(() => storedOrder(page, skiesId)).toEqual([dawn, dusk, noon]);

  // Edit one, delete another.
  await skiesCard.getByRole('button', { name: `Edit ${dawn}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
  await dialog.getByLabel('Title', { exact: true }).fill('First light');
  await dialog.getByLabel('Description').fill('The sun over the bay.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Photo updated')).toBeVisible();
  await expect(skiesCard.getByRole('img', { name: 'First light' })).toBeVisible();

  await skiesCard.getByRole('button', { name: `Delete ${noon}` }).click();
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

test('the admin photo area, its dialogs and a keyboard drag have no serious axe violations', async ({ page }) => {
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

  await categoryCard(page, name).getByRole('button', { name: `Edit ${photos[0]!.title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Photo Details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await categoryCard(page, name).getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await categoryCard(page, name).getByRole('button', { name: `Drag ${photos[0]!.title}` }).focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page, `Picked up photo ${photos[0]!.title}`)).toBeAttached();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dragAnnouncement(page, 'Moving was cancelled')).toBeAttached();
});

test('with the keyboard alone: choose files, upload, add a category, place, rename, edit and delete', async ({ page }) => {
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
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(await pngFiles([first, second]));
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
  await expect(toast(page, 'Category updated')).toBeVisible();

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

test('the admin area fits a 375 px phone without sideways scrolling, long names included', async ({ page }) => {
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
});
