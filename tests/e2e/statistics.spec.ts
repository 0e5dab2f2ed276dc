import type { Page } from '@playwright/test';
import { screens } from '#contract/routes.ts';
import { PERSONS_BROWSER_AGENT, signInAsOwner } from './fixtures.ts';
import { expect, test, tile, uniqueName } from './portfolio-helpers.ts';
import { openAdminSection } from './admin-helpers.ts';

/** A desktop browser's user agent: headless Chromium names itself, and bots are not counted. */

/** Signs in and opens the admin's Statistics; `list(title)` reads one of the Statistics panel's top lists. */
async function openStatistics(page: Page) {
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await openAdminSection(page, 'Statistics');
  const panel = page.getByRole('region', { name: 'Statistics' });
  return { panel, list: (title: string) => panel.getByRole('region', { name: title, exact: true }).getByRole('listitem') };
}

test.describe('statistics', () => {
  test('count a visitor’s page, viewer open and streaming click, and show them in the panel', async ({ browser, page, owner }) => {
    // Two browsers, a visitor's and the owner's, one after the other.
    test.slow();
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Counted'));
    const photo = await owner.createPhoto({ title: uniqueName('Counted photo') });
    const release = await owner.createPhoto({ title: uniqueName('Counted EP'), hyperlink: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' });
    await owner.placePhotos([photo, release], category.id);

    const visitor = await browser.newContext({ userAgent: PERSONS_BROWSER_AGENT });
    try {
      const visit = await visitor.newPage();
      await visit.route('https://open.spotify.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
      );
      await visit.goto(screens.home);
      await tile(visit, photo.title).click();
      const viewer = visit.getByRole('dialog', { name: photo.title });
      await expect(viewer).toBeVisible();
      await visit.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await visit.getByRole('button', { name: `Play ${release.title}` }).click();
      const dialog = visit.getByRole('dialog', { name: release.title });
      const [popup] = await Promise.all([visit.waitForEvent('popup'), dialog.getByRole('link', { name: 'Open in Spotify' }).click()]);
      await popup.close();
    } finally {
      await visitor.close();
    }

    const { panel, list } = await openStatistics(page);
    // The beacons arrive when the browser is idle: the panel is opened again until they are in.
    await expect(async () => {
      await page.reload();
      await expect(panel.getByRole('region', { name: 'Photos', exact: true })).toBeVisible();
      await expect(list('Photos').filter({ hasText: photo.title })).toHaveText(`${photo.title}1`, { timeout: 2000 });
      await expect(list('Releases').filter({ hasText: release.title })).toHaveText(`${release.title}1`, { timeout: 2000 });
      await expect(list('Clicks per release').filter({ hasText: release.title })).toHaveText(`${release.title} · Spotify1`, { timeout: 2000 });
      await expect(list('Categories').filter({ hasText: category.name })).toHaveText(`${category.name}1`, { timeout: 2000 });
    }).toPass();
    await expect(list('Streaming services').filter({ hasText: 'Spotify' })).toBeVisible();
    // The chart's numbers, readable as a table: today has at least this visitor and this page.
    const today = panel.getByRole('table').getByRole('row').nth(1);
    await expect(today.getByRole('cell').first()).not.toHaveText('0');
    await panel.getByRole('button', { name: 'Show as a table' }).click();
    await expect(panel.getByRole('table')).toBeVisible();
    await expect(panel.getByTestId('visits-chart').locator('canvas')).toHaveCount(1);
    for (const days of [90, 365]) {
      await panel.getByRole('button', { name: `${days} days` }).click();
      await expect(panel.getByRole('button', { name: `${days} days` })).toHaveAttribute('aria-pressed', 'true');
      await expect(panel.getByRole('table').getByRole('row')).toHaveCount(days + 1);
    }
  });

  test('count a shared photo page once, with its viewer opened and closed over it', async ({ browser, page, owner }) => {
    test.slow();
    const photo = await owner.createPhoto({ title: uniqueName('Shared photo') });
    const pagePath = `/photo/${photo.id}`;

    const visitor = await browser.newContext({ userAgent: PERSONS_BROWSER_AGENT });
    try {
      const visit = await visitor.newPage();
      await visit.goto(pagePath);
      await visit.getByRole('button', { name: 'Open in the viewer' }).click();
      const viewer = visit.getByRole('dialog', { name: photo.title });
      await expect(viewer).toBeVisible();
      await visit.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      // The viewer's beacon goes out when the browser is idle; wait until it has.
      await visit.waitForLoadState('networkidle');
    } finally {
      await visitor.close();
    }

    const { list } = await openStatistics(page);
    await expect(async () => {
      await page.reload();
      await expect(list('Photos').filter({ hasText: photo.title })).toHaveText(`${photo.title}2`, { timeout: 2000 });
    }).toPass();
    // One page sent, one viewer opened: the page is one view, not one per state of its address.
    await expect(list('Pages').filter({ hasText: pagePath })).toHaveText(`${pagePath}1`);
  });
});
