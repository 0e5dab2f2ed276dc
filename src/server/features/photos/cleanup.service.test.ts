import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linearDng, SMALL_HEIC } from '#tests/fixtures/camera-files.ts';
import { IPHONE_MOV } from '#tests/fixtures/videos.ts';
import { filesUnder, formWith, jpeg } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createMedia } from '#server/images/media.ts';
import { cleanupOrphans } from './cleanup.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Cleanup as run an hour from now, so every file is past the grace period. */
function cleanupLater(graceMs?: number) {
  const later = () => new Date(Date.now() + 60 * 60 * 1000);
  return cleanupOrphans({ db: t.database.db, media: createMedia(t.config), clock: later }, graceMs);
}

const write = (dir: string, name: string) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), 'stray');
};

describe('cleanupOrphans', () => {
  it("keeps a HEIC's, a RAW's and a video's originals and a video's MP4s, and removes one whose photo is gone, whatever its extension", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const files = [
      { name: 'phone.heic', data: fs.readFileSync(SMALL_HEIC) },
      { name: 'camera.dng', data: linearDng() },
      { name: 'clip.mov', data: fs.readFileSync(IPHONE_MOV) },
    ];
    const upload = await t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: formWith('photos', files) });
    expect(upload.statusCode, upload.body).toBe(201);
    await t.runJobs();
    const originals = filesUnder(t.config.originalsDir);
    expect(originals).toEqual(expect.arrayContaining([expect.stringMatching(/\.heic$/), expect.stringMatching(/\.dng$/), expect.stringMatching(/\.mov$/)]));
    const copies = filesUnder(t.config.uploadsDir);
    expect(copies).toEqual(expect.arrayContaining([expect.stringMatching(/-v\d+\.mp4$/)]));
    write(t.config.originalsDir, `${'e'.repeat(32)}-${'1'.repeat(32)}.cr3`);
    write(t.config.uploadsDir, `${'e'.repeat(32)}-v720.mp4`);

    expect(await cleanupLater()).toEqual({ filesRemoved: 2, photosRemoved: 0 });
    expect(filesUnder(t.config.originalsDir)).toEqual(originals);
    expect(filesUnder(t.config.uploadsDir)).toEqual(copies);
  });

  it('removes files no row points at, stale temp files and originals without a photo, and keeps the rest', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie);
    const banner = await t.app.inject({
      method: 'POST',
      url: '/api/upload-banner',
      headers: { cookie },
      payload: formWith('banner', [{ name: 'b.jpg', data: await jpeg() }]),
    });
    const { filename: bannerName } = banner.json();
    await t.database.db.updateTable('users').set({ bannerImage: bannerName }).execute();
    const unused = await t.app.inject({
      method: 'POST',
      url: '/api/upload-banner',
      headers: { cookie },
      payload: formWith('banner', [{ name: 'c.jpg', data: await jpeg() }]),
    });
    const unusedBanner = unused.json().filename;
    const kept = [...filesUnder(t.config.uploadsDir)].filter((name) => name !== unusedBanner);
    write(t.config.uploadsDir, `${'f'.repeat(32)}-thumb.webp`);
    write(t.config.originalsDir, `${'e'.repeat(32)}.png`);
    write(t.config.originalsDir, `${'e'.repeat(32)}-${'1'.repeat(32)}.png`);
    // An original stored before originals had a private part, of the photo that stays.
    const legacyOriginal = `${photo!.filename.split('.')[0]}.png`;
    write(t.config.originalsDir, legacyOriginal);
    write(t.config.upload.tmpDir, 'upload-0123456789abcdef');

    const report = await cleanupLater();
    expect(report).toEqual({ filesRemoved: 5, photosRemoved: 0 });
    expect(filesUnder(t.config.uploadsDir)).toEqual(kept.sort());
    expect(filesUnder(t.config.uploadsDir)).toContain(bannerName);
    expect(filesUnder(t.config.originalsDir)).toEqual([
      expect.stringMatching(new RegExp(`^${photo!.filename.split('.')[0]}-[0-9a-f]{32}\\.jpg$`)),
      legacyOriginal,
    ]);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
    expect(await cleanupLater()).toEqual({ filesRemoved: 0, photosRemoved: 0 });
  });

  it('removes a photo whose display image is gone, with its other files', async () => {
    t = await createTestApp();
    const [lost, kept] = await createPhotos(t, await t.signIn(), 2);
    fs.rmSync(path.join(t.config.uploadsDir, lost!.filename));

    expect(await cleanupLater()).toEqual({ filesRemoved: 0, photosRemoved: 1 });
    const ids = (await t.database.db.selectFrom('photos').select('id').execute()).map((row) => row.id);
    expect(ids).toEqual([kept!.id]);
    const keptKey = kept!.filename.split('.')[0]!;
    for (const file of [...filesUnder(t.config.uploadsDir), ...filesUnder(t.config.originalsDir)]) {
      expect(file.startsWith(keptKey)).toBe(true);
    }
  });

  it('leaves files younger than the grace period, as an upload in flight may own them', async () => {
    t = await createTestApp();
    write(t.config.uploadsDir, `${'f'.repeat(32)}-thumb.webp`);
    const now = cleanupOrphans({ db: t.database.db, media: createMedia(t.config), clock: () => new Date() });
    expect(await now).toEqual({ filesRemoved: 0, photosRemoved: 0 });
    expect(filesUnder(t.config.uploadsDir)).toHaveLength(1);
  });
});
