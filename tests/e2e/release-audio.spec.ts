import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { AudioTrack } from '#contract/audio.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { SINE_WAV, SWEEP_MP3 } from '#tests/fixtures/audio.ts';
import { expect, expectNoSeriousViolations, test, uniqueName, type OwnerApi } from './portfolio-helpers.ts';
import { openAdmin, photoBank, tileAction } from './admin-helpers.ts';
import { fileChooserOpenedBy } from './fixtures.ts';

/**
 * A release's audio previews in the release dialog: the player comes with the dialog of a release
 * that has tracks (a chunk of its own), plays, seeks by a click on the waveform and by the keys
 * of a slider, and one track plays at a time.
 */

const SWEEP = fs.readFileSync(SWEEP_MP3);
const SHORT = fs.readFileSync(SINE_WAV);

async function addTrack(owner: OwnerApi, releaseId: number, name: string, data: Buffer, title: string): Promise<void> {
  const response = await owner.request.post(pathTo(api.releaseAudio, { id: releaseId }), {
    multipart: { title, track: { name, mimeType: 'application/octet-stream', buffer: data } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Waits for the background job to make every track's preview. */
async function readyTracks(owner: OwnerApi, releaseId: number, count: number): Promise<AudioTrack[]> {
  let tracks: AudioTrack[] = [];
  await expect
    .poll(async () => {
      tracks = ((await (await owner.request.get(pathTo(api.releaseAudio, { id: releaseId }))).json()) as { tracks: AudioTrack[] }).tracks;
      return tracks.filter((track) => track.state === 'ready').length;
    })
    .toBe(count);
  return tracks;
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const paused = (page: Page) => page.evaluate(() => document.querySelector('audio')!.paused);

async function openRelease(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Play ${title}` }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByTestId('release-player')).toBeVisible();
  // Muted: the test machine has no speakers, and nothing else changes.
  await page.evaluate(() => {
    for (const audio of document.querySelectorAll('audio')) audio.muted = true;
  });
  return dialog;
}

test.describe('release audio previews', () => {
  test('play, seek by the waveform and by the keys, one track at a time; the player loads with such a release only', async ({ page, owner }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Releases'));
    const release = await owner.createPhoto({ title: uniqueName('Harbour EP') });
    const plain = await owner.createPhoto({ title: uniqueName('Quiet EP') });
    await owner.placePhotos([release, plain], category.id);
    await addTrack(owner, release.id, 'sweep.mp3', SWEEP, 'Rising');
    await addTrack(owner, release.id, 'tone.wav', SHORT, 'Tone');
    await readyTracks(owner, release.id, 2);

    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') chunks.push(request.url());
    });
    await page.goto(screens.home);

    // A release without tracks: its dialog, and no player's code.
    await page.getByRole('button', { name: `Play ${plain.title}` }).click();
    const plainDialog = page.getByRole('dialog', { name: plain.title });
    await expect(plainDialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((url) => url.includes('release-player'))).toEqual([]);
    await page.keyboard.press('Escape');

    const dialog = await openRelease(page, release.title);
    expect(chunks.filter((url) => url.includes('release-player'))).toHaveLength(1);
    const tracks = dialog.getByRole('list', { name: 'Tracks' });
    await expect(tracks.getByRole('button')).toHaveText([/Rising/, /Tone/]);

    // Play: time goes on.
    await dialog.getByRole('button', { name: 'Play Rising' }).click();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.5);
    await dialog.getByRole('button', { name: 'Pause Rising' }).click();
    expect(await paused(page)).toBe(true);

    // A click at three quarters of the waveform: about 15 s of 20.
    const waveform = dialog.getByRole('slider', { name: 'Seek in Rising' });
    const box = (await waveform.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(14);
    expect(await currentTime(page)).toBeLessThan(16);
    await expect(waveform).toBeFocused();

    // And a drag, from a quarter to the middle.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(9);
    expect(await currentTime(page)).toBeLessThan(11);

    // The keys of a slider: Home, arrows by 5 s, End; Space and Enter play and pause.
    await page.keyboard.press('Home');
    await expect.poll(() => currentTime(page)).toBeLessThan(0.5);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 0);
    await expect(waveform).toHaveAttribute('aria-valuenow', '5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 0);
    await page.keyboard.press('Space');
    await expect.poll(() => paused(page)).toBe(false);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(5.5);
    await page.keyboard.press('Enter');
    await expect.poll(() => paused(page)).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => currentTime(page)).toBeGreaterThan(19);

    // The keyboard reaches every control, in order, from the play button.
    await dialog.getByRole('button', { name: /^Play Rising$/ }).focus();
    await page.keyboard.press('Tab');
    await expect(waveform).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(tracks.getByRole('button', { name: /Rising/ })).toBeFocused();
    await page.keyboard.press('Tab');
    const tone = tracks.getByRole('button', { name: /Tone/ });
    await expect(tone).toBeFocused();
    // Another track: the one audio element plays it instead, so one track plays at a time.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Pause Tone' })).toBeVisible();
    await page.evaluate(() => {
      for (const audio of document.querySelectorAll('audio')) audio.muted = true;
    });
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('audio').length)).toBe(1);
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.src)).toContain('/api/audio/');
    await expect(tone).toHaveAttribute('aria-current', 'true');
    for (const target of [tone, dialog.getByRole('button', { name: /^(Play|Pause) Tone$/ })]) {
      const size = (await target.boundingBox())!;
      expect(size.height).toBeGreaterThanOrEqual(44);
    }
    await dialog.getByRole('button', { name: 'Pause Tone' }).click();

    await expectNoSeriousViolations(page);
  });

  test('the release dialog with its player, wide and narrow, light and dark', async ({ page, owner }, testInfo) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Releases'));
    const release = await owner.createPhoto({ title: 'Harbour Lights EP', description: 'Four songs recorded by the sea.' });
    await owner.placePhotos([release], category.id);
    await addTrack(owner, release.id, 'sweep.mp3', SWEEP, 'Rising Tide');
    await addTrack(owner, release.id, 'tone.wav', SHORT, 'Foghorn');
    await readyTracks(owner, release.id, 2);

    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(screens.home);
        const dialog = await openRelease(page, release.title);
        const waveform = dialog.getByRole('slider', { name: 'Seek in Rising Tide' });
        const box = (await waveform.boundingBox())!;
        await page.mouse.click(box.x + box.width * 0.4, box.y + box.height / 2);
        await expect.poll(() => currentTime(page)).toBeGreaterThan(7);
        await expectNoSeriousViolations(page);
        await page.screenshot({ path: testInfo.outputPath(`release-player-${width}-${scheme}.png`) });
      }
    }
  });
});

test.describe('the owner\'s audio previews of a release', () => {
  test('uploads tracks with progress, shows each one\'s state, titles, orders and deletes them', async ({ page, owner }, testInfo) => {
    const release = await owner.createPhoto({ title: uniqueName('Admin EP') });
    await openAdmin(page);
    await tileAction(page, photoBank(page), release.title, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    const editor = dialog.getByRole('region', { name: 'Audio previews' });
    await expect(editor.getByText('No audio tracks yet.')).toBeVisible();

    // Both files in one pick: sent one after the other, each with its own progress.
    const chooser = await fileChooserOpenedBy(page, () => editor.getByRole('button', { name: 'Add audio tracks' }).click());
    await chooser.setFiles([
      { name: 'Rising.mp3', mimeType: 'audio/mpeg', buffer: SWEEP },
      { name: 'Tone.wav', mimeType: 'audio/wav', buffer: SHORT },
    ]);
    const rows = editor.getByTestId('audio-track-row');
    await expect(rows).toHaveCount(2);
    await expect(editor.getByTestId('audio-track-state')).toHaveText([/^Ready · 20 s preview$/, /^Ready · 3 s preview$/]);
    await expect(editor.getByLabel('Audio track 1 title')).toHaveValue('Rising');

    await editor.getByLabel('Audio track 2 title').fill('Foghorn');
    await editor.getByLabel('Audio track 2 title').press('Enter');
    await editor.getByRole('button', { name: 'Move audio track 2 up' }).click();
    await expect(editor.getByLabel('Audio track 1 title')).toHaveValue('Foghorn');
    await page.screenshot({ path: testInfo.outputPath('release-audio-editor.png') });
    const listed = async () =>
      ((await (await owner.request.get(pathTo(api.releaseAudio, { id: release.id }))).json()) as { tracks: AudioTrack[] }).tracks.map((track) => track.title);
    await expect.poll(listed).toEqual(['Foghorn', 'Rising']);

    await editor.getByRole('button', { name: 'Delete audio track 1' }).click();
    await expect(rows).toHaveCount(1);
    await expect.poll(listed).toEqual(['Rising']);
    await expectNoSeriousViolations(page);
  });
});
