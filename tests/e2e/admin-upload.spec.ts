import { expect, test } from './fixtures.ts';
import { gate, openAdmin, photoBank, photoInput, pngFiles, toast, uniqueName } from './admin-helpers.ts';
import fs from 'node:fs';
import { api } from '#contract/routes.ts';
import { SMALL_HEIC } from '#tests/fixtures/camera-files.ts';

/** A PNG signature and nothing of a picture after it: it passes the browser's check, the server refuses it. */
const brokenPng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('these bytes are no picture')]);

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
    await page.route('**/api/photos/upload**', async (route) => {
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

  test("takes a phone's HEIC: the panel says what the server takes, the picker offers it, and the photo lands in the bank", async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await expect(upload.getByText('Takes JPEG, PNG, GIF, WebP, HEIC, RAW')).toBeVisible();
    await expect(photoInput(page)).toHaveAttribute('accept', /\.heic/);
    await expect(photoInput(page)).toHaveAttribute('accept', /\.dng/);
    const name = uniqueName('Phone');
    await photoInput(page).setInputFiles([{ name: `${name}.heic`, mimeType: 'image/heic', buffer: fs.readFileSync(SMALL_HEIC) }]);
    await upload.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(toast(page, 'Upload successful')).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name })).toBeVisible();
  });

  test('names the files the server refused, with its reasons, beside a partial success', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    const good = uniqueName('Fine');
    await photoInput(page).setInputFiles([
      ...(await pngFiles([good])),
      { name: 'broken.png', mimeType: 'image/png', buffer: brokenPng },
    ]);
    await upload.getByRole('button', { name: 'Upload Photos' }).click();

    await expect(toast(page, 'Upload successful')).toBeVisible();
    const refused = upload.getByRole('alert');
    await expect(refused).toContainText('1 file(s) not uploaded');
    await expect(refused).toContainText('broken.png');
    await expect(photoBank(page).getByRole('img', { name: good })).toBeVisible();
    // What was stored leaves the selection: the count and the list hold the refused file alone.
    const selection = upload.getByRole('list', { name: 'Selected photos' });
    await expect(upload.getByText('1 file(s) selected')).toBeVisible();
    await expect(selection.getByRole('listitem')).toHaveCount(1);
    await expect(selection).toContainText('broken.png');
    // A file added now makes a new selection, without the stored photo: nothing is sent twice.
    const another = uniqueName('Another');
    await photoInput(page).setInputFiles(await pngFiles([another]));
    await expect(upload.getByText('2 file(s) selected')).toBeVisible();
    await expect(selection.getByRole('listitem')).toHaveCount(2);
    await expect(selection).not.toContainText(good);
  });

  test('an upload of which nothing is stored fails with the server message and resets', async ({ page }) => {
    await openAdmin(page);
    const upload = page.getByRole('region', { name: 'Upload Photos' });
    await photoInput(page).setInputFiles([
      { name: 'broken.png', mimeType: 'image/png', buffer: brokenPng },
    ]);
    const answer = page.waitForResponse((response) => response.url().includes(api.photosUpload));
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
});
