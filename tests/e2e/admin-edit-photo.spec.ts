import { expect, test } from './fixtures.ts';
import {
  gate,
  openAdmin,
  photoBank,
  photosOnServer,
  toast,
  toastBehindDialog,
  uniqueName,
  uploadPhotosViaApi,
  tileAction,
} from './admin-helpers.ts';

test.describe('Edit Photo Details', () => {
  test('edits the title, description and project link, reading "Saving..." while it saves', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Harbour');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await tileAction(page, photoBank(page), title, 'Edit');
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

    await tileAction(page, photoBank(page), title, 'Edit');
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
    await tileAction(page, photoBank(page), title, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const failure = toastBehindDialog(page, 'Error');
    await expect(failure).toContainText('The database is read-only');
    await expect(dialog).toBeVisible();

    await page.unroute(`**/api/photos/${photo!.id}`);
    await page.route(`**/api/photos/${photo!.id}`, (route) => route.fulfill({ status: 500, body: '' }));
    // On a screen of 1280 × 800 the toast, sliding in at the bottom right, covers the dialog's
    // Save: the owner closes it first, as the test does (a click during its slide hit the toast).
    await failure.getByRole('button', { name: 'Close', includeHidden: true }).click();
    await expect(failure).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastBehindDialog(page, 'Error')).toContainText('Failed to update photo');
  });

  test("edits a music release's track list: add, validate, reorder, remove", async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Night Drive');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await tileAction(page, photoBank(page), title, 'Edit');
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
