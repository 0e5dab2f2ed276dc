import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo, PhotoWithCategory } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { createMedia } from '#server/images/media.ts';
import { buildPage } from '#server/web/page-content.ts';
import { readCameraDetails } from '#server/images/camera-details.ts';
import { X_T4_DETAILS } from '#tests/fixtures/camera-details.ts';
import { GPS_MARKER, jpeg } from '#tests/fixtures/images.ts';
import { postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { backfillCameraDetails } from './camera-details.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A photo as a camera writes it: make, model, lens, exposure, the time, and where it was. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp(await jpeg({ width: 1200, height: 800 }))
    .withExif({
      IFD0: { Make: 'FUJIFILM', Model: 'X-T4' },
      IFD2: {
        LensModel: 'XF35mmF1.4 R',
        FocalLength: '35/1',
        FNumber: '28/10',
        ExposureTime: '1/250',
        ISOSpeedRatings: '400',
        DateTimeOriginal: '2024:05:01 18:22:10',
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1', GPSMapDatum: GPS_MARKER },
    })
    .toBuffer();
}

const EXPECTED = X_T4_DETAILS;

const setShowCameraDetails = (cookie: string, showCameraDetails: boolean) =>
  t.app.inject({ method: 'PATCH', url: api.portfolioSettings, headers: { cookie }, payload: { showCameraDetails } });

describe('camera details', () => {
  it('are read at upload and stored without the location, but served only once the owner switches them on', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const upload = await postPhotos(t, cookie, [{ name: 'street.jpg', data: await cameraJpeg() }]);
    expect(upload.statusCode).toBe(201);
    const [uploaded] = upload.json().photos as Photo[];

    // Off by default: neither the list, the photo nor the owner's own answers carry them.
    expect(uploaded).not.toHaveProperty('camera');
    const owner = await t.app.inject({ url: api.portfolioOwner });
    expect(owner.json().showCameraDetails).toBe(false);
    expect((await t.app.inject({ url: api.photos })).json()[0]).not.toHaveProperty('camera');

    const [row] = await t.database.db.selectFrom('photos').select('cameraDetails').execute();
    expect(JSON.parse(row!.cameraDetails!)).toEqual(EXPECTED);
    expect(row!.cameraDetails).not.toContain(GPS_MARKER);
    expect(row!.cameraDetails).not.toMatch(/gps|latitude|longitude/i);

    const switched = await setShowCameraDetails(cookie, true);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().showCameraDetails).toBe(true);
    const listed = (await t.app.inject({ url: api.photos })).json<Photo[]>();
    expect(listed[0]!.camera).toEqual(EXPECTED);
    const one = (await t.app.inject({ url: pathTo(api.photo, { id: uploaded!.id }) })).json<PhotoWithCategory>();
    expect(one.camera).toEqual(EXPECTED);
    // The pages' first data follows the switch too.
    const web = { photos: t.ctx, publicUrl: 'http://site.test' };
    const photoPage = await buildPage(web, { kind: 'photo', id: uploaded!.id });
    expect(JSON.stringify(photoPage.data)).toContain('XF35mmF1.4 R');

    await setShowCameraDetails(cookie, false);
    expect((await t.app.inject({ url: api.photos })).json()[0]).not.toHaveProperty('camera');
    expect(JSON.stringify((await buildPage(web, { kind: 'photo', id: uploaded!.id })).data)).not.toContain('XF35mmF1.4 R');
    expect(JSON.stringify((await buildPage(web, { kind: 'portfolio' })).data)).not.toContain('XF35mmF1.4 R');
  });

  it('refuses a switch that is not a boolean, and keeps the setting', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await t.app.inject({
      method: 'PATCH',
      url: api.portfolioSettings,
      headers: { cookie },
      payload: { showCameraDetails: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect((await t.app.inject({ url: api.portfolioOwner })).json().showCameraDetails).toBe(false);
  });

  it('a photo without EXIF gets none, and its caption stays without camera details', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await setShowCameraDetails(cookie, true);
    const upload = await postPhotos(t, cookie, [{ name: 'plain.jpg', data: await jpeg() }]);
    expect(upload.statusCode).toBe(201);
    expect((await t.app.inject({ url: api.photos })).json()[0]).not.toHaveProperty('camera');
    expect(await readCameraDetails(Buffer.from('not an image at all'))).toBeNull();
  });

  it('the backfill reads photos stored before, from their originals, once; a missing original is counted and left for later', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await setShowCameraDetails(cookie, true);
    await postPhotos(t, cookie, [
      { name: 'with.jpg', data: await cameraJpeg() },
      { name: 'without.jpg', data: await jpeg() },
      { name: 'lost.jpg', data: await cameraJpeg() },
    ]);
    // As photos uploaded before camera details were read: nothing stored yet.
    await t.database.db.updateTable('photos').set({ cameraDetails: null }).execute();
    const rows = await t.database.db.selectFrom('photos').select(['id', 'title', 'fileKey']).orderBy('id').execute();
    const media = createMedia(t.config);
    const lost = rows.find((row) => row.title === 'lost')!;
    for await (const file of media.originals.list(lost.fileKey)) await media.originals.delete(file.name);

    const ctx = { db: t.database.db, media };
    expect(await backfillCameraDetails(ctx)).toEqual({ read: 2, withDetails: 1, missingOriginal: 1 });
    const listed = (await t.app.inject({ url: api.photos })).json<Photo[]>();
    expect(listed.find((photo) => photo.title === 'with')?.camera).toEqual(EXPECTED);
    expect(listed.find((photo) => photo.title === 'without')).not.toHaveProperty('camera');

    // A second run reads only what is still unread: the photo without an original.
    expect(await backfillCameraDetails(ctx)).toEqual({ read: 0, withDetails: 0, missingOriginal: 1 });
    expect(await backfillCameraDetails(ctx, { all: true })).toEqual({ read: 2, withDetails: 1, missingOriginal: 1 });
  });
});
