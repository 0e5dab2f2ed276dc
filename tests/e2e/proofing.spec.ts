import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { categoryCard, createCategoryViaApi, movePhotosViaApi, openAdmin, openCategoryLinks, toastBehindDialog, uniqueName, uploadPhotosViaApi } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './portfolio-helpers.ts';
import { api, pathTo } from '#contract/routes.ts';

test.describe('Proofing', { tag: '@phone-journey' }, () => {
  test('a client picks five photos by mouse, keyboard, touch and the viewer, keeps them over a reload and sends them; the owner sees and exports them', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // One story in two browsers (the client's and the owner's): on a phone on 2 cores it takes 20-30 s.
    test.slow();
    const phone = testInfo.project.name === 'phone';
    await openAdmin(page);
    const name = uniqueName('Proofing wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = Array.from({ length: 7 }, (_, index) => uniqueName(`DSC_000${index + 1}`));
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    // The owner: unlisted, and a link with a password and proofing, capped at 10.
    const card = categoryCard(page, name);
    await card.getByLabel(`Visibility of ${name}`).selectOption('unlisted');
    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByLabel('Password (optional)').fill('river-stone-42');
    await dialog.getByRole('switch', { name: 'Let the client pick photos (proofing)' }).click();
    await dialog.getByLabel('Most picks (optional)').fill('ten');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(dialog.getByText('Pick limit must be a whole number')).toBeVisible();
    await dialog.getByLabel('Most picks (optional)').fill('10');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    await expect(dialog.getByText('Proofing · 0 picked of 10')).toBeVisible();
    const link = { path: new URL(await dialog.getByLabel('Address of the link for Parents').inputValue()).pathname };
    await page.keyboard.press('Escape');

    // The client, in a browser of their own with the project's screen.
    const clientContext = await browser.newContext({ baseURL, viewport: page.viewportSize(), hasTouch: phone, isMobile: phone });
    const client = await clientContext.newPage();
    await client.goto(link.path);
    await client.getByLabel('Password').fill('river-stone-42');
    await client.getByRole('button', { name: 'Open gallery' }).click();
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    const bar = client.locator('[data-proofing-bar]');
    await expect(bar.getByText('0 picked of 10')).toBeVisible();
    const pick = (title: string) => client.getByRole('button', { name: `Pick ${title}`, exact: true });

    // Mouse (or, on the phone, a tap).
    if (phone) await pick(titles[0]!).tap();
    else await pick(titles[0]!).click();
    await expect(pick(titles[0]!)).toHaveAttribute('aria-pressed', 'true');
    // Keyboard: the button takes focus and Space presses it.
    await pick(titles[1]!).focus();
    await client.keyboard.press('Space');
    await expect(pick(titles[1]!)).toHaveAttribute('aria-pressed', 'true');
    // Touch or mouse again, on a third.
    if (phone) await pick(titles[2]!).tap();
    else await pick(titles[2]!).click();
    // The viewer: P picks the photo on screen, and its Pick button another.
    await client.getByRole('button', { name: titles[3], exact: true }).click();
    const viewer = client.locator('[data-photo-viewer]');
    await expect(viewer.getByText('4 / 7')).toBeVisible();
    await client.keyboard.press('p');
    await expect(viewer.getByRole('button', { name: /^Picked/ })).toHaveAttribute('aria-pressed', 'true');
    await client.keyboard.press('ArrowRight');
    await expect(viewer.getByText('5 / 7')).toBeVisible();
    await viewer.getByRole('button', { name: /^Pick \(P\)/ }).click();
    await expect(viewer.getByRole('button', { name: /^Picked/ })).toHaveAttribute('aria-pressed', 'true');
    await client.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(bar.getByText('5 picked of 10')).toBeVisible();
    // Unpicking and picking again changes nothing in the end.
    await pick(titles[0]!).click();
    await expect(bar.getByText('4 picked of 10')).toBeVisible();
    await pick(titles[0]!).click();
    await expect(bar.getByText('5 picked of 10')).toBeVisible();
    await expectNoSeriousViolations(client);

    // The picks are the server's: a reload keeps the five.
    await client.reload();
    await expect(bar.getByText('5 picked of 10')).toBeVisible();
    for (const title of titles.slice(0, 5)) await expect(pick(title)).toHaveAttribute('aria-pressed', 'true');
    for (const title of titles.slice(5)) await expect(pick(title)).toHaveAttribute('aria-pressed', 'false');
    await bar.getByRole('button', { name: 'Show picks' }).click();
    await expect(client.locator('[data-photo-tile]')).toHaveCount(5);
    await bar.getByRole('button', { name: 'Show picks' }).click();
    await expect(client.locator('[data-photo-tile]')).toHaveCount(7);

    // Submit, confirmed; then sent and locked.
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const mainButton = await background(bar.getByRole('button', { name: 'Submit picks' }));
    await bar.getByRole('button', { name: 'Submit picks' }).click();
    const confirm = client.getByRole('alertdialog', { name: 'Send your picks?' });
    await expect(confirm.getByText(/gets your 5 picks/)).toBeVisible();
    // Sending is no danger: the main button's colour, not the destructive red.
    expect(await background(confirm.getByRole('button', { name: 'Send picks' }))).toBe(mainButton);
    await confirm.getByRole('button', { name: 'Send picks' }).click();
    await expect(bar.getByText('5 picks sent · locked')).toBeVisible();
    await expect(client.getByRole('button', { name: /^Pick / })).toHaveCount(0);
    await expect(client.getByText(/^Picked: /)).toHaveCount(5);
    await expectNoSeriousViolations(client);
    await clientContext.close();

    // The owner retitles a picked photo: the export still gives the name the file was uploaded
    // under, which the photographer's catalogue (and Lightroom's filter) knows it by.
    const retitled = await page.request.put(pathTo(api.photo, { id: photos[0]!.id }), { data: { title: 'First dance' } });
    expect(retitled.ok(), await retitled.text()).toBe(true);
    const shownTitles = ['First dance', ...titles.slice(1, 5)];

    // The owner: the link shows its five, sent; opened, the picks and their export.
    await page.reload();
    await openCategoryLinks(page, name);
    await expect(dialog.getByText(/^Proofing · 5 picked of 10 · sent /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Picks of Parents' }).click();
    const list = dialog.getByRole('list', { name: 'Picks of Parents' });
    await expect(list.getByRole('listitem')).toHaveText(shownTitles);
    await expectNoSeriousViolations(page);

    await dialog.getByRole('button', { name: 'Copy file names' }).click();
    const filter = titles.slice(0, 5).join(', ');
    await expect(dialog.locator('[data-pick-filter]')).toHaveValue(filter);
    // On a phone the toast covers the dialog's last button, Download CSV, and waits while a pointer
    // is over it: the owner closes it first, as the test does.
    const copied = toastBehindDialog(page, 'File names copied');
    await copied.getByRole('button', { name: 'Close', includeHidden: true }).click();
    await expect(copied).toHaveCount(0);

    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('picks-parents.csv');
    const csv = fs.readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = csv.trimEnd().split('\r\n').map((row) => row.split(','));
    expect(rows[0]).toEqual(['Title', 'File name', 'Photo id', 'Picked at', 'Verdict', 'Comments']);
    expect(rows.slice(1).map((row) => [row[0], row[1], Number(row[2])])).toEqual(
      photos.slice(0, 5).map((photo, index) => [shownTitles[index], `${titles[index]}.png`, photo.id]),
    );

    // Reopened, the client may change them again.
    await dialog.getByRole('button', { name: 'Reopen picks' }).click();
    await expect(toastBehindDialog(page, 'Picks reopened')).toHaveCount(1);
    await expect(dialog.getByText('Proofing · 5 picked of 10')).toBeVisible();
  });
});
