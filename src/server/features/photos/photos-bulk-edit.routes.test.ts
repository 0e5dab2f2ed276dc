import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { EditPhotosResponse, Photo } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { snapshotTables } from '#tests/api/support/db-snapshot.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { formWith, jpeg } from '#tests/fixtures/images.ts';
import { createCategory, insertPhotoRows, postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** One change for a selection of photos: title prefix, credit, licence, alt text; all or nothing. */

let t: TestApp;
let cookie: string;
afterEach(async () => {
  await t?.close();
});

async function start() {
  t = await createTestApp();
  cookie = await t.signIn();
}

const edit = (payload: object, signedIn = true) =>
  t.app.inject({ method: 'POST', url: api.photosEdit, payload, headers: signedIn ? { cookie } : {} });

const columns = (ids: number[]) =>
  t.database.db
    .selectFrom('photos')
    .select(['id', 'title', 'credit', 'license', 'altText', 'copyright', 'version'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

describe('POST /api/photos/edit', () => {
  it('sets credit, licence and alt text on every selected photo, answers them, and leaves the rest alone', async () => {
    await start();
    const ids = await insertPhotoRows(t, 5);
    await t.database.db.updateTable('photos').set({ copyright: '© Ada', license: 'cc0', altText: 'Old words' }).execute();
    const chosen = [ids[3]!, ids[0]!, ids[1]!];

    const response = await edit({ ids: chosen, credit: '  Photo by Ada  ', license: 'cc-by', altText: 'A dune at dawn' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EditPhotosResponse>();
    expect(answer.message).toBe('3 photos updated');
    expect(answer.shortened).toEqual([]);
    // In the order named, each as it now is.
    expect(answer.photos.map((photo) => photo.id)).toEqual(chosen);
    for (const photo of answer.photos) {
      expect(photo).toMatchObject({ credit: 'Photo by Ada', license: 'cc-by', altText: 'A dune at dawn', copyright: '© Ada' });
    }
    const after = await columns(ids);
    expect(after.filter((row) => !chosen.includes(row.id)).map((row) => [row.credit, row.license, row.altText])).toEqual([
      [null, 'cc0', 'Old words'],
      [null, 'cc0', 'Old words'],
    ]);

    // Only what is named changes; a blank or null clears it, back to the category's default.
    expect((await edit({ ids: chosen, license: null, credit: '' })).statusCode).toBe(200);
    expect((await columns(chosen)).map((row) => [row.credit, row.license, row.altText])).toEqual([
      [null, null, 'A dune at dawn'],
      [null, null, 'A dune at dawn'],
      [null, null, 'A dune at dawn'],
    ]);
    const one = await edit({ ids: [ids[4]], altText: '' });
    expect(one.json<EditPhotosResponse>()).toMatchObject({ message: 'Photo updated', photos: [{ id: ids[4], altText: null }] });
  });

  it('puts a prefix before each title, once, cutting a title at the end to fit 255 characters and naming it', async () => {
    await start();
    const long = `${'x'.repeat(244)} tail`;
    const ids = await insertPhotoRows(t, 4, ['Vows', 'Wedding – Rings', long, `${'y'.repeat(243)}👩‍👩‍👧z`]);
    const response = await edit({ ids, titlePrefix: '  Wedding – ' });
    expect(response.statusCode, response.body).toBe(200);
    const titles = (await columns(ids)).map((row) => row.title);
    expect(titles[0]).toBe('Wedding – Vows');
    // Already prefixed: left alone, so a second run changes nothing.
    expect(titles[1]).toBe('Wedding – Rings');
    // The old title is cut at its end, with no trailing space; the prefix stays whole.
    expect(titles[2]).toBe(`Wedding – ${'x'.repeat(244)}`);
    // An emoji of several code points is kept whole or left out whole.
    expect(titles[3]).toBe(`Wedding – ${'y'.repeat(243)}`);
    for (const title of titles) expect(title.length).toBeLessThanOrEqual(255);
    expect(response.json<EditPhotosResponse>().shortened).toEqual([ids[2], ids[3]]);

    const again = await edit({ ids, titlePrefix: 'Wedding – ' });
    expect(again.json<EditPhotosResponse>().shortened).toEqual([]);
    expect((await columns(ids)).map((row) => row.title)).toEqual(titles);
  });

  it('is atomic: an unknown or trashed photo changes nothing, and bad requests are refused with a reason', async () => {
    await start();
    const ids = await insertPhotoRows(t, 3);
    const before = await snapshotTables(t.database.db);

    const unknown = await edit({ ids: [...ids, 999_999], titlePrefix: 'New ', credit: 'Ada' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'photos.id_not_found', message: 'Photo 999999 not found', params: { id: 999_999 } });
    expect(await snapshotTables(t.database.db)).toEqual(before);

    await t.app.inject({ method: 'POST', url: api.photosDelete, headers: { cookie }, payload: { ids: [ids[0]] } });
    const trashed = await snapshotTables(t.database.db);
    expect((await edit({ ids, altText: 'Gone' })).statusCode).toBe(404);
    expect(await snapshotTables(t.database.db)).toEqual(trashed);

    expect((await edit({ ids: [ids[1]], credit: 'Ada' }, false)).statusCode).toBe(401);
    const refusals: Array<[object, string]> = [
      [{ ids: [ids[1]] }, 'Choose at least one change: a title prefix, credit, licence or alt text'],
      [{ ids: [], credit: 'Ada' }, 'Select at least one photo'],
      [{ ids: [ids[1], ids[1]], credit: 'Ada' }, 'Each photo may appear only once'],
      [{ ids: Array.from({ length: 10_001 }, (_, index) => index + 1), credit: 'Ada' }, 'At most 10000 photos at once'],
      [{ ids: [ids[1]], titlePrefix: '   ' }, 'Title prefix must not be blank'],
      [{ ids: [ids[1]], titlePrefix: 'a'.repeat(256) }, 'Title prefix must be at most 255 characters'],
      [{ ids: [ids[1]], titlePrefix: 'Tab\there' }, 'Title prefix must be one line, without control characters'],
      [{ ids: [ids[1]], license: 'mine' }, 'Licence must be'],
      [{ ids: [ids[1]], altText: 'x'.repeat(251) }, 'Alt text must be at most 250 characters'],
      [{ ids: [ids[1]], credit: 'c'.repeat(201) }, 'Credit must be at most 200 characters'],
    ];
    for (const [payload, message] of refusals) {
      const response = await edit(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().code, message).toBe('request.invalid');
      expect(response.json().message, message).toContain(message);
    }
    expect(await snapshotTables(t.database.db)).toEqual(trashed);
  });

  it('does not queue a render for a change of titles or alt text alone', async () => {
    await start();
    const ids = await insertPhotoRows(t, 2);
    // The ids of the jobs of copies: a job the app's worker runs meanwhile stays the same row.
    const jobs = () => t.database.db.selectFrom('jobs').select(['id', 'name']).where('name', 'like', 'renditions.%').orderBy('id').execute();
    const before = await jobs();
    expect((await edit({ ids, titlePrefix: 'A ', altText: 'Words' })).statusCode).toBe(200);
    expect(await jobs()).toEqual(before);
  });
});

// Renders of real images, on a machine that may be busy.
describe('a bulk change of rights', { timeout: 180_000 }, () => {
  const xmpOf = async (bytes: Buffer | Uint8Array) => (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? '';

  /** The photo, as its owner reads it, once its copies were rendered again (its version rose). */
  async function rendered(id: number, after: number): Promise<Photo> {
    const read = async () => (await t.app.inject({ url: pathTo(api.photo, { id }), headers: { cookie } })).json<Photo>();
    let photo = await read();
    await waitFor(async () => (photo = await read()).version > after, `photo ${id} rendered again`, 120_000);
    return photo;
  }

  it("queues the single edit's re-render for each photo, in the store it is in: a private photo's copies stay out of the public one", async () => {
    await start();
    const privateCategory = await createCategory(t, 'Family');
    const made = await t.app.inject({ method: 'PUT', url: pathTo(api.category, { id: privateCategory }), headers: { cookie }, payload: { visibility: 'private' } });
    expect(made.statusCode, made.body).toBe(200);
    const [publicPhoto] = (await postPhotos(t, cookie, [{ name: 'street.jpg', data: await jpeg({ width: 900, height: 600 }) }])).json().photos as Photo[];
    const upload = await t.app.inject({
      method: 'POST',
      url: `${api.photosUpload}?categoryId=${privateCategory}`,
      headers: { cookie },
      payload: formWith('photos', [{ name: 'home.jpg', data: await jpeg({ width: 900, height: 600 }) }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [privatePhoto] = upload.json().photos as Photo[];
    expect(privatePhoto!.filesBase).toBe('/restricted');
    await t.runJobs();
    const lastJob = (await t.database.db.selectFrom('jobs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;

    const response = await edit({ ids: [publicPhoto!.id, privatePhoto!.id], credit: 'Photo by Ada', license: 'cc-by-nc' });
    expect(response.statusCode, response.body).toBe(200);
    const [publicNow, privateNow] = await Promise.all([rendered(publicPhoto!.id, publicPhoto!.version), rendered(privatePhoto!.id, privatePhoto!.version)]);

    // The same jobs a single edit queues: the refresh pass, then one render per photo.
    const renders = await t.database.db.selectFrom('jobs').select('payload').where('name', '=', 'renditions.render').where('id', '>', Number(lastJob)).execute();
    expect(renders.map((job) => (JSON.parse(job.payload) as { photoId: number }).photoId).sort()).toEqual([publicPhoto!.id, privatePhoto!.id].sort());

    const publicCopy = await t.app.inject({ url: `/uploads/${publicNow.filename}` });
    expect(publicCopy.statusCode).toBe(200);
    expect(await xmpOf(publicCopy.rawPayload)).toContain('<photoshop:Credit>Photo by Ada</photoshop:Credit>');

    // The private photo's new copies carry the rights too, and are only in the restricted store.
    expect(privateNow.filesBase).toBe('/restricted');
    expect(privateNow.filename).not.toBe(privatePhoto!.filename);
    for (const name of [privateNow.filename, privateNow.thumbnail, ...privateNow.variants.map((variant) => variant.filename)]) {
      expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(404);
      expect(fs.existsSync(`${t.config.uploadsDir}/${name}`), name).toBe(false);
      expect(fs.existsSync(`${t.config.restrictedDir}/${name}`), name).toBe(true);
    }
    const privateCopy = await t.app.inject({ url: `/restricted/${privateNow.filename}`, headers: { cookie } });
    expect(privateCopy.statusCode).toBe(200);
    const xmp = await xmpOf(privateCopy.rawPayload);
    expect(xmp).toContain('<photoshop:Credit>Photo by Ada</photoshop:Credit>');
    expect(xmp).toContain('https://creativecommons.org/licenses/by-nc/4.0/');
    expect((await t.app.inject({ url: `/restricted/${privateNow.filename}` })).statusCode).toBe(401);
  });
});
