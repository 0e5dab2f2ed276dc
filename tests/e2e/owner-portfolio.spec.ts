import { signInAsOwner } from './fixtures.ts';
import { expect, test } from './portfolio-helpers.ts';
import { screens } from '#contract/routes.ts';

test.describe("the owner's portfolio view", { tag: '@phone' }, () => {
  test.afterEach(async ({ owner }) => {
    await owner.setSettings({ portfolioTitle: null, aboutText: null });
  });

  // A bug seen by the settings tests: the plain view stood in while the drag layer loaded, and a
  // dialog opened in it was dropped when the layer replaced it.
  test('offers no controls until the drag layer has loaded, so a first click is never lost', async ({ page, owner }) => {
    await owner.setSettings({ portfolioTitle: 'Owner view', aboutText: 'About the owner' });
    await signInAsOwner(page);

    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let seen: () => void = () => {};
    const requested = new Promise<void>((resolve) => (seen = resolve));
    await page.route(/sortable-portfolio-view-[^/]*\.js$/, async (route) => {
      seen();
      await released;
      await route.continue();
    });

    await page.goto(screens.home);
    await requested;
    await expect(page.getByRole('status', { name: 'Loading the portfolio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'About' })).toHaveCount(0);

    release();
    await page.getByRole('button', { name: 'About' }).click();
    await expect(page.getByRole('dialog', { name: 'About' })).toContainText('About the owner');
  });
});
