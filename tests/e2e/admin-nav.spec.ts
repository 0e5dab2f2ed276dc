import type { Dialog, Page } from '@playwright/test';
import { adminQuery, type AdminSection } from '#contract/admin-sections.ts';
import { api, screens } from '#contract/routes.ts';
import { expect, signInAsOwner, test } from './fixtures.ts';
import {
  adminSectionLink,
  createCategoryViaApi,
  openAdmin,
  openAdminSection,
  uniqueName,
  uploadPhotosViaApi,
  type AdminSectionName,
} from './admin-helpers.ts';

/**
 * The admin's navigation: one section at a time, each a link away, marked, in the address (so
 * bookmarks, reloads, Back and Forward work), asking before it drops an unsaved edit; and on a
 * phone a top bar that keeps only its tabs in sight, the section links under it, nothing wider
 * than the screen.
 */

/** Each section's link, where the address names it, and the heading that opens it. */
const SECTIONS: { name: AdminSectionName; section: AdminSection; heading: string }[] = [
  { name: 'Photos', section: 'photos', heading: 'Upload Photos' },
  { name: 'Settings', section: 'settings', heading: 'Portfolio Settings' },
  { name: 'Messages', section: 'messages', heading: 'Messages' },
  { name: 'Account', section: 'account', heading: 'Account' },
  { name: 'Statistics', section: 'statistics', heading: 'Statistics' },
];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const sectionHeading = (page: Page, heading: string) => page.getByRole('heading', { level: 2, name: heading, exact: true });

/** The section the address names, as the page reads it. */
const addressedSection = (page: Page) => new URL(page.url()).searchParams.get('section');

async function expectOpen(page: Page, name: AdminSectionName) {
  const { section, heading } = SECTIONS.find((entry) => entry.name === name)!;
  await expect(adminSectionLink(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(nav(page).locator('[aria-current]')).toHaveCount(1);
  await expect(sectionHeading(page, heading)).toBeVisible();
  expect(addressedSection(page)).toBe(section === 'photos' ? null : section);
}

test.describe('admin sections', { tag: '@phone' }, () => {
  test('each section is one link away, marked as the current page, shown alone, its heading focused', async ({ page }) => {
    await openAdmin(page);
    await expect(nav(page).getByRole('link')).toHaveCount(SECTIONS.length);
    await expectOpen(page, 'Photos');

    for (const { name, heading } of [...SECTIONS.slice(1), SECTIONS[0]!]) {
      await openAdminSection(page, name);
      await expectOpen(page, name);
      await expect(sectionHeading(page, heading)).toBeFocused();
      // One section at a time: the others' headings are gone.
      for (const other of SECTIONS.filter((entry) => entry.name !== name)) {
        await expect(sectionHeading(page, other.heading)).toHaveCount(0);
      }
    }

    // From the keyboard too: Enter on a link opens its section and puts the focus on its heading.
    await adminSectionLink(page, 'Account').focus();
    await page.keyboard.press('Enter');
    await expectOpen(page, 'Account');
    await expect(sectionHeading(page, 'Account')).toBeFocused();
  });

  test('a section named in the address opens after a reload, and the Admin tab goes back to the one left', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto(`${screens.home}${adminQuery('messages')}`);
    await expectOpen(page, 'Messages');
    await page.reload();
    await expectOpen(page, 'Messages');
    // Nothing is focused on arrival: only a switch moves the focus.
    await expect(sectionHeading(page, 'Messages')).not.toBeFocused();

    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('tab', { name: 'Admin' }).click();
    await expectOpen(page, 'Messages');

    // A name the admin does not know opens the photo work.
    await page.goto(`${screens.home}?tab=admin&section=no-such-section`);
    await expect(adminSectionLink(page, 'Photos')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();
  });

  test('Back and Forward move between the sections opened', async ({ page }) => {
    await openAdmin(page);
    await openAdminSection(page, 'Settings');
    await openAdminSection(page, 'Statistics');
    await page.goBack();
    await expectOpen(page, 'Settings');
    await page.goBack();
    await expectOpen(page, 'Photos');
    await page.goForward();
    await expectOpen(page, 'Settings');
    await page.goForward();
    await expectOpen(page, 'Statistics');
  });
});

test('switching sections asks before it drops unsaved settings, by a link or by Back', async ({ page }) => {
  await openAdmin(page);
  await openAdminSection(page, 'Settings');
  const title = page.getByLabel('Portfolio Title');
  await title.fill(uniqueName('Unsaved title'));
  const typed = await title.inputValue();

  const questions: string[] = [];
  const dismiss = (dialog: Dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', dismiss);
  await adminSectionLink(page, 'Messages').click();
  await expectOpen(page, 'Settings');
  await expect(title).toHaveValue(typed);

  // Back to the photo work: asked too, and staying keeps the edit and the address.
  await page.goBack();
  await expectOpen(page, 'Settings');
  await expect(title).toHaveValue(typed);
  expect(questions).toEqual(['You have unsaved changes. Leave without saving them?', 'You have unsaved changes. Leave without saving them?']);
  page.off('dialog', dismiss);

  page.once('dialog', (dialog) => void dialog.accept());
  await adminSectionLink(page, 'Messages').click();
  await expectOpen(page, 'Messages');
  // Nothing was saved behind the owner's back.
  const owner = (await (await page.request.get(api.portfolioOwner)).json()) as { portfolioTitle: string | null };
  expect(owner.portfolioTitle).not.toBe(typed);
});

test('on a wide screen the section links stay in reach down a long section', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAdmin(page);
  // A photo work longer than the screen.
  for (const index of [1, 2, 3]) {
    const category = await createCategoryViaApi(page, uniqueName(`Long ${index}`));
    const photos = await uploadPhotosViaApi(page, [`l${index}a`, `l${index}b`, `l${index}c`, `l${index}d`, `l${index}e`]);
    await page.request.post(api.photosMove, { data: { ids: photos.map((photo) => photo.id), categoryId: category.id } });
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(900);
  for (const { name } of SECTIONS) {
    const box = (await adminSectionLink(page, name).boundingBox())!;
    expect(box.y, name).toBeGreaterThanOrEqual(65);
    expect(box.y + box.height, name).toBeLessThanOrEqual(900);
  }
});

test.describe('on a phone', { tag: '@phone' }, () => {
  test('the top bar keeps only its tabs in sight, the section links stay under them, nothing scrolls sideways', async ({ page }) => {
    test.skip(test.info().project.name !== 'phone', 'measured at 375 px');
    await openAdmin(page);
    const bar = page.locator('header').first();
    // Every control the spec names is in the bar at the top of the page.
    await expect(bar.getByRole('link', { name: 'Atelier' })).toBeVisible();
    await expect(bar.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    await expect(bar.getByRole('tab', { name: 'Admin' })).toBeVisible();
    await expect(bar.getByRole('button', { name: /logout.*owner/i })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'View as visitor' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Dark theme' })).toBeVisible();
    // It was 117 px, and stayed whole on screen.
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(105);

    // Scrolled down a long section: 61 px of the bar, its 44 px tabs whole, then the section links.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const stays = (await bar.boundingBox())!;
    expect(stays.y + stays.height).toBeLessThanOrEqual(61.5);
    expect((await bar.getByRole('tab', { name: 'Admin' }).boundingBox())!.y).toBeGreaterThanOrEqual(0);
    const links = (await nav(page).boundingBox())!;
    expect(Math.abs(links.y - (stays.y + stays.height))).toBeLessThanOrEqual(1);

    for (const { name } of SECTIONS) {
      const box = (await adminSectionLink(page, name).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.width, name).toBeGreaterThanOrEqual(44);
    }
    for (const { name } of [...SECTIONS.slice(1), SECTIONS[0]!]) {
      await openAdminSection(page, name);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.page, name).toBeLessThanOrEqual(widths.viewport);
    }
  });
});
