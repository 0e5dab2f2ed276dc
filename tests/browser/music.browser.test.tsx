import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AudioTrackList } from '#contract/audio.ts';
import type { Category } from '#contract/categories.ts';
import { MessageResponse } from '#contract/common.ts';
import type { CurrentUser } from '#contract/auth.ts';
import type { Photo } from '#contract/photos.ts';
import { api, screens } from '#contract/routes.ts';
import { makeCategory, makePhoto } from '#tests/fixtures/contract.ts';
import { axeViolations } from './axe.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

/**
 * A visitor's music releases: which tiles are releases, and the release dialog built from the
 * link (an embedded player's address, or a link to open), the tracks and the fan link. On a wide
 * screen and at a phone's 375 px, as the Playwright suite checked them on both. The players
 * themselves, loaded in their frames, and the touch screen's overlay stay Playwright's.
 */

let server: ContractServer | undefined;
afterEach(async () => {
  unmountApp();
  server?.restore();
  await page.viewport(1280, 800);
});

const category: Category = { ...makeCategory(5, 0), name: 'Releases' };
let nextId = 1;
const photo = (fields: Partial<Photo> & { title: string }): Photo => {
  const id = nextId++;
  return { ...makePhoto(id, category.id, id), ...fields };
};

/** The portfolio of one category holding `photos`, for a visitor. */
async function openPortfolio(photos: Photo[], owner: Partial<CurrentUser> = {}) {
  server?.restore();
  server = serveContract({
    ...siteHandlers({ owner: { showContactForm: false, ...owner }, categories: [category], photos }),
    // A visitor's list of a release's audio previews: none ready.
    [`GET ${api.releaseAudio}`]: () => reply(AudioTrackList, { tracks: [] }),
    // The visit counter's answer; what it counts is the statistics' tests'.
    [`POST ${api.events}`]: () => reply(MessageResponse, { message: 'Thank you' }, 202),
  });
  await renderApp(screens.home);
  await expect.element(page.getByRole('region', { name: 'Releases' })).toBeVisible();
}

const tile = (title: string) => page.getByRole('button', { name: title, exact: true });

describe.each([
  { screen: 'a wide screen', width: 1280, height: 800 },
  { screen: 'a phone', width: 375, height: 812 },
])('music releases on $screen', ({ width, height }) => {
  beforeEach(async () => {
    await page.viewport(width, height);
  });

  it('are told apart by their link or a title word; "Deep Sleep" is a photo', async () => {
    const bySingle = photo({ title: 'Night Single' });
    const byLink = photo({ title: 'Harbour', hyperlink: 'https://artist.bandcamp.com/album/harbour' });
    const deepSleep = photo({ title: 'Deep Sleep' });
    await openPortfolio([bySingle, byLink, deepSleep]);

    const mixed = page.getByRole('region', { name: 'Releases' });
    await expect.element(mixed.getByRole('button', { name: `Play ${bySingle.title}` })).toBeVisible();
    await expect.element(mixed.getByRole('button', { name: `Play ${byLink.title}` })).toBeVisible();
    await tile(deepSleep.title).click();
    const dialog = page.getByRole('dialog', { name: deepSleep.title });
    await expect.element(dialog.getByRole('button', { name: 'Share' })).toBeVisible();
  });

  it('embed Apple Music, SoundCloud, YouTube and Bandcamp players rebuilt from the link', async () => {
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
    const releases = cases.map(({ link }, index) => photo({ title: `Release ${index + 1}`, hyperlink: link }));
    await openPortfolio(releases);

    for (const [index, { src, open, link }] of cases.entries()) {
      const release = releases[index]!;
      await page.getByRole('button', { name: `Play ${release.title}` }).click();
      const dialog = page.getByRole('dialog', { name: release.title });
      await expect.poll(() => dialog.element().querySelector('iframe')?.getAttribute('src')).toBe(src);
      // Focus stays in our page, not in the player's frame, so Escape reaches the dialog.
      await expect.element(dialog).toHaveFocus();
      await expect.element(dialog.getByRole('link', { name: open })).toHaveAttribute('href', link);
      await userEvent.keyboard('{Escape}');
      await expect.element(dialog).not.toBeInTheDocument();
    }
  });

  it('offer any other link to open in a new tab, without an iframe', async () => {
    const deezer = photo({ title: 'Deezer EP', hyperlink: 'https://www.deezer.com/album/302127' });
    const fanLink = photo({ title: 'Fan', hyperlink: 'https://ada.lnk.to/tides' });
    await openPortfolio([deezer, fanLink]);

    await page.getByRole('button', { name: `Play ${deezer.title}` }).click();
    let dialog = page.getByRole('dialog', { name: deezer.title });
    await expect.element(dialog.getByRole('link', { name: 'Open in Deezer' })).toHaveAttribute('href', 'https://www.deezer.com/album/302127');
    expect(dialog.element().querySelectorAll('iframe')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();

    await page.getByRole('button', { name: `Play ${fanLink.title}` }).click();
    dialog = page.getByRole('dialog', { name: fanLink.title });
    const open = dialog.getByRole('link', { name: 'Open in new tab' });
    await expect.element(open).toHaveAttribute('href', 'https://ada.lnk.to/tides');
    await expect.element(open).toHaveAttribute('target', '_blank');
    await expect.element(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(dialog.element().querySelectorAll('iframe')).toHaveLength(0);
  });

  it("without a link, show the release's tracks with durations and the fallback fan link", async () => {
    const tracks = [
      { title: 'Intro', duration: '01:35' },
      { title: 'Tides', duration: '02:30' },
      { title: 'Harbour', duration: '01:52' },
      { title: 'Lights', duration: '02:39' },
      { title: 'Outro', duration: '01:34' },
    ];
    const release = photo({ title: 'Tides EP', description: 'Five tracks.', tracks });
    await openPortfolio([release], { linktreeUrl: 'https://linktr.ee/ada' });

    await page.getByRole('button', { name: `Play ${release.title}` }).click();
    const dialog = page.getByRole('dialog', { name: release.title });
    await expect.element(dialog.getByText('Five tracks.')).toBeVisible();
    const rows = dialog.getByRole('region', { name: 'Track list' }).getByRole('listitem');
    await expect.poll(() => rows.elements().length).toBe(5);
    for (const [index, track] of tracks.entries()) {
      await expect.element(rows.nth(index)).toHaveTextContent(track.title);
      await expect.element(rows.nth(index)).toHaveTextContent(track.duration);
    }
    const fanLink = dialog.getByRole('link', { name: 'Open fan link' });
    await expect.element(fanLink).toHaveAttribute('href', 'https://linktr.ee/ada');
    await expect.element(fanLink).toHaveAttribute('target', '_blank');
    expect(await axeViolations({ serious: true })).toEqual([]);
    await userEvent.keyboard('{Escape}');

    // Without the owner's link page, the release is searched for on Spotify.
    await openPortfolio([release]);
    await page.getByRole('button', { name: `Play ${release.title}` }).click();
    await expect
      .element(page.getByRole('dialog', { name: release.title }).getByRole('link', { name: 'Find on Spotify' }))
      .toHaveAttribute('href', `https://open.spotify.com/search/${encodeURIComponent(release.title)}`);
  });
});
