import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, section, test, tile, uniqueName } from './portfolio-helpers.ts';
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
  test('are told apart by their link or a title word; "Deep Sleep" is a photo', async ({ page, owner }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Mixed'));
    const bySingle = await owner.createPhoto({ title: uniqueName('Night Single') });
    const byLink = await owner.createPhoto({ title: uniqueName('Harbour'), hyperlink: 'https://artist.bandcamp.com/album/harbour' });
    const deepSleep = await owner.createPhoto({ title: `Deep Sleep ${uniqueName('x')}` });
    await owner.placePhotos([bySingle, byLink, deepSleep], category.id);
    await page.goto(screens.home);

    const mixed = section(page, category.name);
    await expect(mixed.getByRole('button', { name: `Play ${bySingle.title}` })).toBeVisible();
    await expect(mixed.getByRole('button', { name: `Play ${byLink.title}` })).toBeVisible();
    await tile(page, deepSleep.title).click();
    const dialog = page.getByRole('dialog', { name: deepSleep.title });
    await expect(dialog.getByRole('button', { name: 'Share' })).toBeVisible();
  });

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

  test('embed Apple Music, SoundCloud, YouTube and Bandcamp players rebuilt from the link', async ({ page, owner }) => {
    await standInPlayers(page);
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Players'));
    const cases = [
      {
        link: 'https://music.apple.com/us/album/tides/1440857781',
        src: 'https://embed.music.apple.com/us/album/tides/1440857781',
        open: 'Open in Apple Music',
      },
      {
        link: 'https://soundcloud.com/ada-lens/harbour',
        src: 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fada-lens%2Fharbour&auto_play=false&visual=true',
        open: 'Open in SoundCloud',
      },
      {
        link: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
        src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        open: 'Open in YouTube Music',
      },
      {
        link: 'https://bandcamp.com/EmbeddedPlayer/album=1234567/size=large/',
        src: 'https://bandcamp.com/EmbeddedPlayer/album=1234567/size=large/bgcol=ffffff/linkcol=0687f5/tracklist=true/transparent=true/',
        open: 'Open in Bandcamp',
      },
    ];
    const releases = [];
    for (const { link } of cases) releases.push(await owner.createPhoto({ title: uniqueName('Release'), hyperlink: link }));
    await owner.placePhotos(releases, category.id);
    await page.goto(screens.home);

    for (const [index, { src, open, link }] of cases.entries()) {
      const release = releases[index]!;
      await page.getByRole('button', { name: `Play ${release.title}` }).click();
      const dialog = page.getByRole('dialog', { name: release.title });
      await expect(dialog.locator('iframe')).toHaveAttribute('src', src);
      // Focus stays in our page, not in the player's frame, so Escape reaches the dialog.
      await expect(dialog).toBeFocused();
      await expect(dialog.getByRole('link', { name: open })).toHaveAttribute('href', link);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('offer any other link to open in a new tab, without an iframe', async ({ page, owner }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Links'));
    const deezer = await owner.createPhoto({ title: uniqueName('Deezer EP'), hyperlink: 'https://www.deezer.com/album/302127' });
    const fanLink = await owner.createPhoto({ title: uniqueName('Fan'), hyperlink: 'https://ada.lnk.to/tides' });
    await owner.placePhotos([deezer, fanLink], category.id);
    await page.goto(screens.home);

    await page.getByRole('button', { name: `Play ${deezer.title}` }).click();
    let dialog = page.getByRole('dialog', { name: deezer.title });
    await expect(dialog.getByRole('link', { name: 'Open in Deezer' })).toHaveAttribute('href', 'https://www.deezer.com/album/302127');
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Play ${fanLink.title}` }).click();
    dialog = page.getByRole('dialog', { name: fanLink.title });
    const open = dialog.getByRole('link', { name: 'Open in new tab' });
    await expect(open).toHaveAttribute('href', 'https://ada.lnk.to/tides');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.locator('iframe')).toHaveCount(0);
  });

  test("without a link, show the release's tracks with durations and the fallback fan link", async ({ page, owner }) => {
    const tracks = [
      { title: 'Intro', duration: '01:35' },
      { title: 'Tides', duration: '02:30' },
      { title: 'Harbour', duration: '01:52' },
      { title: 'Lights', duration: '02:39' },
      { title: 'Outro', duration: '01:34' },
    ];
    await owner.setSettings({ linktreeUrl: 'https://linktr.ee/ada' });
    const category = await owner.createCategory(uniqueName('Info'));
    const release = await owner.createPhoto({ title: uniqueName('Tides EP'), description: 'Five tracks.', tracks });
    await owner.placePhotos([release], category.id);
    await page.goto(screens.home);

    await page.getByRole('button', { name: `Play ${release.title}` }).click();
    const dialog = page.getByRole('dialog', { name: release.title });
    await expect(dialog.getByText('Five tracks.')).toBeVisible();
    const rows = dialog.getByRole('region', { name: 'Track list' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    for (const [index, track] of tracks.entries()) {
      await expect(rows.nth(index)).toContainText(track.title);
      await expect(rows.nth(index)).toContainText(track.duration);
    }
    const fanLink = dialog.getByRole('link', { name: 'Open fan link' });
    await expect(fanLink).toHaveAttribute('href', 'https://linktr.ee/ada');
    await expect(fanLink).toHaveAttribute('target', '_blank');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');

    // Without the owner's link page, the release is searched for on Spotify.
    await owner.setSettings({});
    await page.reload();
    await page.getByRole('button', { name: `Play ${release.title}` }).click();
    await expect(page.getByRole('dialog', { name: release.title }).getByRole('link', { name: 'Find on Spotify' })).toHaveAttribute(
      'href',
      `https://open.spotify.com/search/${encodeURIComponent(release.title)}`,
    );
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
