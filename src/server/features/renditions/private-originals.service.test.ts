import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createMedia } from '#server/images/media.ts';
import { renameGuessableOriginals } from './private-originals.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const GUESSABLE = /^[0-9a-f]{32}\.[a-z]+$/;

describe('renameGuessableOriginals', () => {
  it('gives originals named <key>.<ext> a private name with the same bytes, and leaves today’s names alone', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [old, recent] = await createPhotos(t, cookie, 2);
    const dir = t.config.originalsDir;
    const originalOf = (key: string) => fs.readdirSync(dir).filter((name) => name.startsWith(key));
    // The first photo's original as a site stored it before names had a private part.
    const [stored] = originalOf(old!.filename.slice(0, 32));
    const key = stored!.slice(0, 32);
    const bytes = fs.readFileSync(path.join(dir, stored!));
    fs.renameSync(path.join(dir, stored!), path.join(dir, `${key}.jpg`));
    const [recentName] = originalOf(recent!.filename.slice(0, 32));

    const media = createMedia(t.config);
    expect(await renameGuessableOriginals({ media })).toBe(1);

    expect(fs.readdirSync(dir).filter((name) => GUESSABLE.test(name))).toEqual([]);
    const [renamed] = originalOf(key);
    expect(renamed).toMatch(new RegExp(`^${key}-[0-9a-f]{32}\\.jpg$`));
    expect(fs.readFileSync(path.join(dir, renamed!))).toEqual(bytes);
    expect(originalOf(recent!.filename.slice(0, 32))).toEqual([recentName]);
    // Nothing left to do on a second run.
    expect(await renameGuessableOriginals({ media })).toBe(0);
  });
});
