import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, test, tile, uniqueName } from './portfolio-helpers.ts';
import { pathTo, screens } from '#contract/routes.ts';

/** The players are stood in for: the tests run offline, and the iframe's address is what counts. */
async function standInPlayers(page: Page) {
  for (const origin of [
    'https://open.spotify.com',
    'https://embed.music.apple.com',
    'https://w.soundcloud.com',
    'https://www.youtube-nocookie.com',
    'https://bandcamp.com',
  ]) {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
    );
  }
}

test.describe('music releases', { tag: '@phone' }, () => {
  test('show the play overlay on hover and keyboard focus, and always on a touch screen', async ({
    page,
    owner,
    isMobile,
  }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Overlay'));
    const release = await owner.createPhoto({ title: uniqueName('Overlay EP') });
    const other = await owner.createPhoto({ title: uniqueName('Overlay photo') });
    await owner.placePhotos([other, release], category.id);
    await page.goto(screens.home);

    const card = page.getByRole('button', { name: `Play ${release.title}` });
    // The cover says which release it is.
    await expect(card.locator('[data-release-title]')).toHaveText(release.title);
    await expect(card.locator('[data-release-title]')).toBeVisible();
    const overlay = card.locator('[data-play-overlay]');
    if (isMobile) {
      expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
      await expect(overlay).toHaveCSS('opacity', '1');
      return;
    }
    await expect(overlay).toHaveCSS('opacity', '0');
    await card.hover();
    await expect(overlay).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(overlay).toHaveCSS('opacity', '0');
    await tile(page, other.title).focus();
    await page.keyboard.press('Tab');
    await expect(card).toBeFocused();
    await expect(overlay).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: release.title })).toBeVisible();
  });

  test('play a Spotify link in its embed player, 600 px high, with Open in Spotify', async ({ page, owner }) => {
    await standInPlayers(page);
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Spotify'));
    const link = 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=abc';
    const tracks = [
      { title: 'Dawn', duration: '03:10' },
      { title: 'Noon', duration: '04:02' },
    ];
    const release = await owner.createPhoto({ title: uniqueName('Sunrise'), hyperlink: link, description: 'Recorded at sea.', tracks });
    await owner.placePhotos([release], category.id);
    await page.goto(screens.home);

    await page.getByRole('button', { name: `Play ${release.title}` }).click();
    const dialog = page.getByRole('dialog', { name: release.title });
    // What the editor says visitors see: the description and the tracks, beside the player.
    await expect(dialog).toHaveAccessibleDescription('Recorded at sea.');
    const rows = dialog.getByRole('region', { name: 'Track list' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Noon');
    await expect(rows.nth(1)).toContainText('04:02');
    const player = dialog.locator('iframe');
    await expect(player).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy?utm_source=generator&theme=0',
    );
    await expect(player).toHaveAttribute('title', `${release.title} on Spotify`);
    expect((await player.boundingBox())?.height).toBe(600);
    await expect(page.frameLocator('iframe').getByText('Player')).toBeVisible();
    const open = dialog.getByRole('link', { name: 'Open in Spotify' });
    await expect(open).toHaveAttribute('href', link);
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSeriousViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Play ${release.title}` })).toBeFocused();
  });

  test('play from the photo page too', async ({ page, owner }) => {
    await standInPlayers(page);
    await owner.setSettings({});
    const release = await owner.createPhoto({
      title: uniqueName('Page single'),
      hyperlink: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    });
    await page.goto(pathTo(screens.photo, { id: release.id }));
    await page.getByRole('button', { name: 'Play' }).click();
    const dialog = page.getByRole('dialog', { name: release.title });
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator&theme=0',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Play' })).toBeFocused();
  });
});
