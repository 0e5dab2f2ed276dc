import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryPicks } from '#contract/galleries.ts';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { REPLACED_COPIES_KEPT_MS } from '#server/features/renditions/renditions.kinds.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { filesUnder, formWith, html, jpeg, png, type FormFile } from '#tests/fixtures/images.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { bearer, makeToken } from '#tests/fixtures/tokens.ts';
import { SAMPLE_MP4 } from '#tests/fixtures/videos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const { createLink, unlistedCategoryOf } = galleryFixture(() => t);

const copiesOf = (photo: Pick<Photo, 'filename' | 'thumbnail' | 'variants'>) => [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function replace(id: number, headers: Record<string, string>, file: FormFile | null, field = 'photo') {
  return t.app.inject({ method: 'PUT', url: `/api/photos/${id}/file`, headers, payload: formWith(field, file ? [file] : []) });
}

async function photoOf(id: number, cookie: string): Promise<Photo> {
  const response = await t.app.inject({ url: `/api/photos/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Photo>();
}

/** The rows as the owner's lists order them: id, place and order. */
const placesOf = () => t.database.db.selectFrom('photos').select(['id', 'categoryId', 'sortOrder']).orderBy('id').execute();

describe('PUT /api/photos/{id}/file', () => {
  it('draws the photo from the new file: same id, category, order and text, new copies under new names; the old ones go with the job', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Harbour');
    const photos = await createPhotos(t, cookie, 3, ['harbour-01.jpg', 'harbour-02.jpg', 'harbour-03.jpg']);
    const moved = await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: photos.map((photo) => photo.id), categoryId } });
    expect(moved.statusCode, moved.body).toBe(200);
    const target = photos[1]!;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${target.id}`,
      headers: { cookie },
      payload: { title: 'Harbour at dawn', description: 'Fog lifting', altText: 'Boats in a misty harbour', license: 'cc-by' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.runJobs();
    const before = await photoOf(target.id, cookie);
    const placesBefore = await placesOf();
    const { fileKey } = await t.database.db.selectFrom('photos').select('fileKey').where('id', '=', target.id).executeTakeFirstOrThrow();
    const [originalBefore] = filesUnder(t.config.originalsDir).filter((name) => name.startsWith(fileKey));
    expect(originalBefore).toBeDefined();

    const data = await png({ width: 900, height: 1200 });
    const response = await replace(target.id, { cookie }, { name: 'harbour-02-edit.png', data, type: 'image/png' });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Photo>();
    expect(after).toMatchObject({
      id: target.id,
      categoryId,
      order: before.order,
      title: 'Harbour at dawn',
      description: 'Fog lifting',
      altText: 'Boats in a misty harbour',
      license: 'cc-by',
      width: 900,
      height: 1200,
      version: before.version + 1,
    });
    expect(await photoOf(target.id, cookie)).toEqual({ ...after, category: { id: categoryId, name: 'Harbour' } });
    expect(await placesOf()).toEqual(placesBefore);
    // Every copy under a new name, none shared with the old ones.
    const [oldNames, newNames] = [copiesOf(before), copiesOf(after)];
    expect(newNames.filter((name) => oldNames.includes(name))).toEqual([]);
    expect(after.filename.slice(0, 32)).not.toBe(before.filename.slice(0, 32));
    for (const name of newNames) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);
    expect(await sharp((await t.app.inject({ url: `/uploads/${after.filename}` })).rawPayload).metadata()).toMatchObject({ width: 900, height: 1200 });
    // The new original is the file as sent; the copies carry the photo's licence.
    const originals = filesUnder(t.config.originalsDir);
    const [newOriginal] = originals.filter((name) => name.startsWith(after.filename.slice(0, 32)));
    expect(sha(fs.readFileSync(path.join(t.config.originalsDir, newOriginal!)))).toBe(sha(data));
    const row = await t.database.db.selectFrom('photos').select(['renderedRights', 'originalName']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.renderedRights!)).toMatchObject({ license: 'cc-by' });
    expect(row.originalName).toBe('harbour-02-edit.png');

    // Pages loaded before the swap still get the old copies for a while…
    await t.runJobs();
    for (const name of oldNames) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);
    expect(originals).toContain(originalBefore);
    // …then the job removes them, and the old original with them.
    clock.advance(REPLACED_COPIES_KEPT_MS + 1000);
    await t.runJobs();
    for (const name of oldNames) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(404);
    for (const name of newNames) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);
    expect(filesUnder(t.config.uploadsDir).filter((name) => oldNames.includes(name))).toEqual([]);
    expect(filesUnder(t.config.originalsDir)).not.toContain(originalBefore);
    expect(filesUnder(t.config.originalsDir)).toContain(newOriginal);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it("puts an unlisted gallery's new copies in the restricted store, and keeps the holder's picks", async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const photos = await createPhotos(t, cookie, 2, ['DSC_0001.jpg', 'DSC_0002.jpg']);
    const categoryId = await unlistedCategoryOf(cookie, photos);
    await t.runJobs();
    const link = await createLink({ cookie, categoryId }, { label: 'Smiths', proofing: true });
    const picks = `/api/galleries/${tokenOf(link)}/picks`;
    expect((await t.app.inject({ method: 'PUT', url: `${picks}/${photos[0]!.id}` })).statusCode).toBe(200);
    const before = await photoOf(photos[0]!.id, cookie);
    expect(before.filesBase).toBe('/restricted');

    const response = await replace(photos[0]!.id, { cookie }, { name: 'DSC_0001.jpg', data: await jpeg({ width: 800, height: 600 }), type: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Photo>();
    expect(after).toMatchObject({ id: before.id, categoryId, filesBase: '/restricted', width: 800, height: 600 });
    expect((await t.app.inject({ url: picks })).json<GalleryPicks>().photoIds).toEqual([before.id]);
    // As an upload into the gallery: never in the public store, served to the owner and the link's holder.
    for (const name of copiesOf(after)) {
      expect(filesUnder(t.config.uploadsDir), name).not.toContain(name);
      expect(filesUnder(t.config.restrictedDir), name).toContain(name);
      expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(404);
      expect((await t.app.inject({ url: `/restricted/${name}`, headers: { cookie } })).statusCode, name).toBe(200);
      expect((await t.app.inject({ url: `/g/${tokenOf(link)}/files/${name}` })).statusCode, name).toBe(200);
    }
    // The old copies are no longer the photo's: the link hands them out no more.
    expect((await t.app.inject({ url: `/g/${tokenOf(link)}/files/${before.filename}` })).statusCode).toBe(404);
    clock.advance(REPLACED_COPIES_KEPT_MS + 1000);
    await t.runJobs();
    expect(filesUnder(t.config.restrictedDir).filter((name) => copiesOf(before).includes(name))).toEqual([]);
    expect((await photoOf(before.id, cookie)).filename).toBe(after.filename);
  });

  it('two replaces of one photo at once: both answered, the last swap wins, and no file is left over once the jobs ran', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const [photo, other] = await createPhotos(t, cookie, 2);
    const answers = await Promise.all([
      replace(photo!.id, { cookie }, { name: 'a.jpg', data: await jpeg({ width: 600, height: 400 }), type: 'image/jpeg' }),
      replace(photo!.id, { cookie }, { name: 'b.jpg', data: await jpeg({ width: 400, height: 600 }), type: 'image/jpeg' }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    clock.advance(REPLACED_COPIES_KEPT_MS + 1000);
    await t.runJobs();
    const now = await photoOf(photo!.id, cookie);
    expect(now.version).toBe(photo!.version + 2);
    expect(filesUnder(t.config.uploadsDir).sort()).toEqual([...copiesOf(now), ...copiesOf(other!)].sort());
    const keys = (await t.database.db.selectFrom('photos').select('fileKey').execute()).map((row) => row.fileKey);
    expect(filesUnder(t.config.originalsDir).map((name) => name.slice(0, 32)).sort()).toEqual(keys.sort());
  });

  it('takes a token with photos:write, refuses one with photos:read only (403) and changes nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const file = { name: 'new.jpg', data: await jpeg({ width: 500, height: 400 }), type: 'image/jpeg' };
    const reader = await makeToken(t, ['photos:read']);
    const refused = await replace(photo!.id, bearer(reader), file);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.token_scope_missing', params: { scope: 'photos:write' } });
    expect(await photoOf(photo!.id, cookie)).toMatchObject({ filename: photo!.filename, version: photo!.version });

    const writer = await makeToken(t, ['photos:write']);
    const taken = await replace(photo!.id, bearer(writer), file);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Photo>()).toMatchObject({ id: photo!.id, width: 500, height: 400 });
  });

  it('refuses a file that is no image with its code, and the old photo still serves as it was', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const stores = () => [filesUnder(t.config.uploadsDir), filesUnder(t.config.restrictedDir), filesUnder(t.config.originalsDir)];
    const storedBefore = stores();
    const rowBefore = await t.database.db.selectFrom('photos').selectAll().executeTakeFirstOrThrow();

    const refused = await replace(photo!.id, { cookie }, { name: 'page.jpg', data: html(), type: 'image/jpeg' });
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json()).toMatchObject({ code: expect.stringMatching(/^(images|photos)\./), message: expect.any(String) });
    const missing = await replace(photo!.id, { cookie }, { name: 'a.jpg', data: await jpeg(), type: 'image/jpeg' }, 'photos');
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'photos.replace_file_missing' });
    const unknown = await replace(999, { cookie }, { name: 'a.jpg', data: await jpeg(), type: 'image/jpeg' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'photos.not_found' });
    const notMultipart = await t.app.inject({ method: 'PUT', url: `/api/photos/${photo!.id}/file`, headers: { cookie }, payload: {} });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toMatchObject({ code: 'upload.not_multipart' });

    expect(await t.database.db.selectFrom('photos').selectAll().executeTakeFirstOrThrow()).toEqual(rowBefore);
    expect(stores()).toEqual(storedBefore);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
    for (const name of copiesOf(photo!)) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);
    expect(await t.database.db.selectFrom('jobs').select('name').where('name', 'like', 'renditions.delete%').execute()).toEqual([]);
  });
});

describe('PUT /api/photos/{id}/file over a video', () => {
  it('makes it a photo: no video facts left, and its transcoded MP4s go with the old copies', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: formWith('photos', [{ name: 'clip.mp4', data: fs.readFileSync(SAMPLE_MP4) }]) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await t.runJobs();
    const id = uploaded.json<UploadPhotosResponse>().ids[0]!;
    const video = await photoOf(id, cookie);
    expect(video.video?.sources.length).toBeGreaterThan(0);
    const mp4s = () => filesUnder(t.config.uploadsDir).filter((name) => name.endsWith('.mp4'));
    expect(mp4s().length).toBeGreaterThan(0);

    const replaced = await replace(id, { cookie }, { name: 'still.jpg', data: await jpeg(), type: 'image/jpeg' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Photo>().video).toBeUndefined();
    expect((await photoOf(id, cookie)).video).toBeUndefined();
    clock.advance(REPLACED_COPIES_KEPT_MS + 1);
    await t.runJobs();
    expect(mp4s()).toEqual([]);
  });
});

describe('POST /api/photos/upload with text fields', () => {
  function uploadWith(cookie: string, fields: Record<string, string>, files: FormFile[]) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of formWith('photos', files).getAll('photos')) form.append('photos', file);
    return t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: form });
  }

  it('stores the title, description, alt text and licence sent beside the file, the licence in its copies, and answers the ids', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await uploadWith(
      cookie,
      { title: '  Harbour at dawn ', description: 'Fog lifting over the boats', altText: 'Boats in a misty harbour', license: 'cc-by-sa' },
      [{ name: 'DSC_0042.jpg', data: await jpeg(), type: 'image/jpeg' }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<UploadPhotosResponse>();
    const [photo] = body.photos;
    expect(body.ids).toEqual([photo!.id]);
    expect(photo).toMatchObject({
      title: 'Harbour at dawn',
      description: 'Fog lifting over the boats',
      altText: 'Boats in a misty harbour',
      license: 'cc-by-sa',
    });
    const row = await t.database.db.selectFrom('photos').select('renderedRights').executeTakeFirstOrThrow();
    expect(JSON.parse(row.renderedRights!)).toMatchObject({ license: 'cc-by-sa' });
    // Without fields, an upload is as before: the file's name (or its embedded title) is the title.
    const plain = await uploadWith(cookie, {}, [{ name: 'harbour-02.jpg', data: await jpeg(), type: 'image/jpeg' }]);
    expect(plain.json<UploadPhotosResponse>().photos[0]).toMatchObject({ title: 'harbour-02', description: null, altText: null, license: null });
  });

  it('refuses a field past its limit or a bad licence with request.invalid, storing nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const file = { name: 'a.jpg', data: await jpeg(), type: 'image/jpeg' };
    const refused: Array<Record<string, string>> = [{ license: 'my own licence' }, { title: 'x'.repeat(256) }, { altText: 'x'.repeat(251) }, { description: 'é'.repeat(9000) }];
    for (const fields of refused) {
      const response = await uploadWith(cookie, fields, [file]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid', issues: [{ path: Object.keys(fields)[0], message: expect.any(String) }] });
    }
    expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect(filesUnder(t.config.originalsDir)).toEqual([]);
  });
});
