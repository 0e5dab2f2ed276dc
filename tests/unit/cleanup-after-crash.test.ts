import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupOrphans } from '#server/features/photos/cleanup.service.ts';
import { createMedia } from '#server/images/media.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { filesUnder } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const cleanupAt = (now: number, graceMs?: number) =>
  cleanupOrphans({ db: t.database.db, media: createMedia(t.config), clock: () => new Date(now) }, graceMs);

/** What a process killed inside LocalFileStore.put leaves: a hidden half-written file. */
function halfWritten(dir: string, name: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), 'half a file');
}

describe('cleanup after a crash', () => {
  it('removes the half-written files of an interrupted write, once past the grace period', async () => {
    t = await createTestApp();
    const [photo] = await createPhotos(t, await t.signIn(), 1);
    const kept = [...filesUnder(t.config.uploadsDir)];
    halfWritten(t.config.uploadsDir, '.partial-0123456789abcdef');
    halfWritten(t.config.originalsDir, '.partial-fedcba9876543210');

    // An upload may be writing them right now: young ones stay.
    expect(await cleanupAt(Date.now())).toEqual({ filesRemoved: 0, photosRemoved: 0 });
    expect(filesUnder(t.config.uploadsDir)).toContain('.partial-0123456789abcdef');

    expect(await cleanupAt(Date.now() + HOUR)).toEqual({ filesRemoved: 2, photosRemoved: 0 });
    expect(filesUnder(t.config.uploadsDir)).toEqual(kept);
    expect(filesUnder(t.config.originalsDir)).toEqual([expect.stringMatching(new RegExp(`^${photo!.filename.split('.')[0]}-[0-9a-f]{32}\\.jpg$`))]);
  });

  it('cleans everything at once with no grace period, as after a crash with the server stopped', async () => {
    t = await createTestApp();
    halfWritten(t.config.uploadsDir, '.partial-0123456789abcdef');
    halfWritten(t.config.uploadsDir, `${'a'.repeat(32)}-thumb.webp`);
    halfWritten(t.config.upload.tmpDir, 'upload-00112233445566778899aabb');
    // The clock a moment ahead of the files' own times, as a later `cleanup --grace-minutes 0` sees them.
    expect(await cleanupAt(Date.now() + 1000, 0)).toEqual({ filesRemoved: 3, photosRemoved: 0 });
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('never lists a half-written file as stored', async () => {
    t = await createTestApp();
    const store = new LocalFileStore(t.config.uploadsDir);
    halfWritten(t.config.uploadsDir, '.partial-0123456789abcdef');
    const listed: string[] = [];
    for await (const file of store.list()) listed.push(file.name);
    expect(listed).toEqual([]);
    expect(await store.removeIncomplete(new Date(Date.now() + HOUR))).toBe(1);
  });
});
