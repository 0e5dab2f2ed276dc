import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { recordEmbeddedTextRead } from '#server/features/photos/embedded-text.service.ts';
import { IPTC, withIptc, withXmp } from '#tests/fixtures/embedded-metadata.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A public sample: a U.S. Army photograph (public domain) with Photoshop's XMP caption; see the README beside it. */
const SAMPLE = new URL('../../../../tests/fixtures/embedded-text/us-army-10th-mountain-afghanistan.jpg', import.meta.url);

const LIGHTROOM = {
  title: 'Fog over the Tagus',
  description: 'Morning fog over the river.\nShot from the Cristo Rei.',
  altText: 'A river under fog, the towers of a bridge rising out of it',
  creator: ['Ana Lima'],
  credit: 'Ana Lima / Atelier',
  rights: '© 2024 Ana Lima',
  keywords: ['fog', 'Lisbon'],
};

async function upload(files: Array<{ name: string; data: Buffer }>): Promise<Photo[]> {
  const cookie = await t.signIn();
  const response = await postPhotos(t, cookie, files.map((file) => ({ ...file, type: 'image/jpeg' })));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadPhotosResponse>().photos;
}

const rowOf = (id: number) => t.database.db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('an upload reads the text a photographer wrote into the file', () => {
  it('takes title, caption, alt text, credit and copyright from XMP or IPTC, the file name only as the fallback title, and keeps the file name', async () => {
    t = await createTestApp();
    const base = await jpeg({ width: 320, height: 240 });
    const [xmp, iptc, plain, sample] = await upload([
      { name: 'DSC01234.jpg', data: withXmp(base, LIGHTROOM) },
      {
        name: 'IMG_0001.JPG',
        data: withIptc(base, [
          [IPTC.objectName, 'Café at dusk'],
          [IPTC.caption, 'The last customers.'],
          [IPTC.byline, 'João Reis'],
          [IPTC.copyright, '© João Reis'],
        ]),
      },
      { name: 'Harbour at noon.jpg', data: base },
      { name: 'long_description.jpg', data: fs.readFileSync(SAMPLE) },
    ]);
    expect(xmp).toMatchObject({
      title: 'Fog over the Tagus',
      description: 'Morning fog over the river.\nShot from the Cristo Rei.',
      altText: 'A river under fog, the towers of a bridge rising out of it',
      credit: 'Ana Lima / Atelier',
      copyright: '© 2024 Ana Lima',
      license: null,
    });
    expect(iptc).toMatchObject({ title: 'Café at dusk', description: 'The last customers.', altText: null, credit: 'João Reis', copyright: '© João Reis' });
    // No embedded text: the spec's title from the file name, nothing else filled.
    expect(plain).toMatchObject({ title: 'Harbour at noon', description: null, altText: null, credit: null, copyright: null });
    expect(sample!.title).toBe('030904-A-2140D-006');
    expect(sample!.description).toMatch(/^Operation Mountain Viper put the soldiers of A Company/);
    expect(sample!.credit).toBe('HHC 1ST BCT, 10TH MOUNTAIN');

    // The file's name is kept, for the owner's export only: no answer carries it.
    expect((await rowOf(xmp!.id)).originalName).toBe('DSC01234.jpg');
    expect((await rowOf(iptc!.id)).originalName).toBe('IMG_0001.JPG');
    expect((await t.app.inject({ url: '/api/photos' })).body).not.toContain('DSC01234');
    // The copies carry the file's rights from the start (no render to wait for).
    expect(JSON.parse((await rowOf(xmp!.id)).renderedRights!)).toMatchObject({ credit: 'Ana Lima / Atelier', copyright: '© 2024 Ana Lima' });
    expect((await rowOf(xmp!.id)).embeddedRead).toBe(1);
  });

  it('cuts absurdly long text to the limits and drops control characters rather than refusing the upload', async () => {
    t = await createTestApp();
    const [photo] = await upload([
      {
        name: 'DSC00001.jpg',
        data: withXmp(await jpeg({ width: 320, height: 240 }), {
          title: `Title\u0000with\u0007controls ${'t'.repeat(1000)}`,
          description: 'd'.repeat(20_000),
          altText: 'a'.repeat(1000),
          credit: `Credit\u202e${'c'.repeat(1000)}`,
          rights: 'r'.repeat(1000),
        }),
      },
    ]);
    expect(photo!.title.startsWith('Title with controls ttt')).toBe(true);
    expect([...photo!.title]).toHaveLength(255);
    expect(photo!.description).toHaveLength(5000);
    expect(photo!.altText).toHaveLength(250);
    expect(photo!.credit!.startsWith('Credit ccc')).toBe(true);
    expect(photo!.credit).toHaveLength(200);
    expect(photo!.copyright).toHaveLength(300);
    // What was stored passes the editor's own checks: saving it unchanged is accepted.
    const cookie = await t.signIn();
    const saved = await t.app.inject({ method: 'PUT', url: `/api/photos/${photo!.id}`, headers: { cookie }, payload: { title: photo!.title, description: photo!.description, altText: photo!.altText, credit: photo!.credit, copyright: photo!.copyright } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('photos stored before uploads read their files', () => {
  it('get their text from their originals in a job queued at start, never over what the owner wrote', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const base = await jpeg({ width: 320, height: 240 });
    const [untouched, retitled, plain] = await upload([
      { name: 'DSC01234.jpg', data: withXmp(base, { ...LIGHTROOM, preservedFileName: 'DSC01234.ARW' }) },
      { name: 'holiday-2.jpg', data: withXmp(base, { title: 'Embedded title', description: 'Embedded caption', credit: 'Embedded credit' }) },
      { name: 'IMG_0042.jpg', data: base },
    ]);
    // As they were before: titled by the file name, nothing else, no name kept, unread.
    const before = { embeddedRead: 0, originalName: null, description: null, altText: null, credit: null, copyright: null, renderedRights: null };
    await t.database.db.updateTable('photos').set({ ...before, title: 'DSC01234' }).where('id', '=', untouched!.id).execute();
    await t.database.db.updateTable('photos').set({ ...before, title: 'holiday-2' }).where('id', '=', plain!.id).execute();
    await t.database.db.updateTable('photos').set({ ...before, title: 'holiday-2' }).where('id', '=', retitled!.id).execute();
    // The owner then retitled one and wrote its credit.
    clock.advance(1000);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/photos/${retitled!.id}`, headers: { cookie }, payload: { title: 'Our day at the lake', credit: 'Mine' } });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.runJobs();

    expect(await recordEmbeddedTextRead(t.ctx)).toBe(true);
    await t.runJobs();

    expect(await rowOf(untouched!.id)).toMatchObject({
      title: 'Fog over the Tagus',
      description: LIGHTROOM.description,
      altText: LIGHTROOM.altText,
      credit: LIGHTROOM.credit,
      copyright: LIGHTROOM.rights,
      // The name the editor preserved in the file; the upload's own name was not kept then.
      originalName: 'DSC01234.ARW',
      embeddedRead: 1,
    });
    // The file's rights reached its copies, rendered again.
    expect(JSON.parse((await rowOf(untouched!.id)).renderedRights!)).toMatchObject({ credit: LIGHTROOM.credit });
    // The owner's title and credit stand; the empty caption is filled.
    expect(await rowOf(retitled!.id)).toMatchObject({ title: 'Our day at the lake', credit: 'Mine', description: 'Embedded caption', embeddedRead: 1 });
    // A file without text changes nothing but is read once.
    expect(await rowOf(plain!.id)).toMatchObject({ title: 'holiday-2', description: null, originalName: null, embeddedRead: 1 });
    // Nothing left to read: no job.
    expect(await recordEmbeddedTextRead(t.ctx)).toBe(false);
  });
});
