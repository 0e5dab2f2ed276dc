import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import type { Photo } from '#contract/photos.ts';
import { DEMO_CATEGORIES, seedDemoContent, SiteNotEmptyError } from './seed.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

// Both draw and process real images and start processes: slow on a busy machine, so they get
// a generous timeout (the unit project's default is 5 s); nothing here measures speed.
describe('seedDemoContent', () => {
  it('fills an empty site through the services: categories, photos of several shapes, the EP, settings and a banner', async () => {
    t = await createTestApp();
    const owner = await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const progress: Array<[number, number]> = [];
    const ctx = t.ctx;

    const summary = await seedDemoContent(ctx, owner.id, { photos: 4, onProgress: (done, total) => progress.push([done, total]) });
    expect(summary).toEqual({ categories: 4, photos: 4, release: 'Night Drive EP' });
    expect(progress.at(-1)).toEqual([5, 5]);

    const categories = (await t.app.inject({ url: '/api/categories' })).json();
    expect(categories.map((category: { name: string }) => category.name)).toEqual(DEMO_CATEGORIES.map((category) => category.name));
    expect(categories.every((category: { description: string | null }) => category.description)).toBe(true);

    const photos = (await t.app.inject({ url: '/api/photos' })).json<Photo[]>();
    expect(photos).toHaveLength(5);
    expect(photos.some((photo) => photo.height > photo.width)).toBe(true);
    expect(photos.some((photo) => photo.width > photo.height)).toBe(true);
    expect(photos.filter((photo) => photo.categoryId === null)).toHaveLength(1);
    const release = photos.find((photo) => photo.title === 'Night Drive EP');
    expect(release?.categoryId).toBe(categories.find((category: { name: string }) => category.name === 'Music').id);
    expect(release?.tracks?.map((track) => track.duration)).toEqual(['01:35', '02:30', '01:52', '02:39', '01:34']);

    const site = (await t.app.inject({ url: '/api/portfolio-owner' })).json();
    expect(site).toMatchObject({ portfolioTitle: 'Northlight Studio', showContactForm: true });
    expect(site.aboutText).toBeTruthy();
    expect(site.twitterUrl).toMatch(/^https:\/\//);
    expect(site.bannerImage).toMatch(/^banner-[0-9a-f]{32}\.webp$/);
    const banner = await t.app.inject({ url: `/uploads/${site.bannerImage}` });
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ width: 1920, height: 640 });

    await expect(seedDemoContent(ctx, owner.id, { photos: 1 })).rejects.toThrow(SiteNotEmptyError);
  }, 120_000);
});

describe('cli seed and cleanup', () => {
  it('seeds with a progress bar on stderr, refuses a second run, and cleans up with both counts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password },
          encoding: 'utf8',
        });
      const seeded = run('seed', '--photos', '2');
      expect(seeded.status, seeded.stderr).toBe(0);
      expect(seeded.stdout).toContain('Seeded 4 categories, 2 photos and the release "Night Drive EP".');
      expect(seeded.stderr).toContain('Photos [##############################] 3/3');

      const again = run('seed');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('seed fills an empty site only');
      expect(run('seed', '--photos', 'many').status).toBe(2);

      const cleaned = run('cleanup');
      expect(cleaned.status, cleaned.stderr).toBe(0);
      expect(cleaned.stdout).toBe("Removed 0 orphaned file(s) and 0 photo(s) whose display image was missing.\n");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
