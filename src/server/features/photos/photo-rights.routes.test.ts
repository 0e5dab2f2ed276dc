import exifr from 'exifr';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { displayP3Jpeg, ultraHdrJpeg } from '#tests/fixtures/colour.ts';
import { CAMERA_MARKER, formWith, GPS_MARKER, jpeg } from '#tests/fixtures/images.ts';
import { REPLACED_COPIES_KEPT_MS } from '#server/features/renditions/renditions.service.ts';
import { createCategory, createPhotos, postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';
import { waitFor } from '#tests/api/support/wait.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const putPhoto = (id: number, payload: Record<string, unknown>, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/photos/${id}`, headers: { cookie }, payload });
const getPhoto = async (id: number) => (await t.app.inject({ url: `/api/photos/${id}` })).json<Photo>();
const served = async (name: string) => {
  const response = await t.app.inject({ url: `/uploads/${name}` });
  expect(response.statusCode, name).toBe(200);
  return response.rawPayload;
};

/** The photo once its copies were rendered again in the background (its version rose). */
async function nextRender(id: number, after: number): Promise<Photo> {
  let photo = await getPhoto(id);
  await waitFor(async () => (photo = await getPhoto(id)).version > after, `photo ${id} rendered again`, 60_000);
  return photo;
}

const xmpOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).xmp?.toString('utf8');

describe('alt text, licence, credit and copyright of a photo', () => {
  it('stores them beside the spec fields, leaves them alone when absent, and refuses bad values with a clear message', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    expect(photo).toMatchObject({ altText: null, license: null, credit: null, copyright: null });

    const saved = await putPhoto(photo!.id, { title: 'Dune', altText: '  A dune at dawn  ', license: 'cc-by-sa', credit: 'Ada L.', copyright: '© 2026 Ada L.' }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ altText: 'A dune at dawn', license: 'cc-by-sa', credit: 'Ada L.', copyright: '© 2026 Ada L.' });

    // A client of the spec sends only its fields: the rest stays.
    expect((await putPhoto(photo!.id, { title: 'Dune 2' }, cookie)).statusCode).toBe(200);
    expect(await getPhoto(photo!.id)).toMatchObject({ title: 'Dune 2', altText: 'A dune at dawn', license: 'cc-by-sa' });

    const long = await putPhoto(photo!.id, { title: 'Dune', altText: 'x'.repeat(251) }, cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Alt text must be at most 250 characters');
    expect((await putPhoto(photo!.id, { title: 'Dune', altText: 'x'.repeat(250) }, cookie)).statusCode).toBe(200);
    for (const license of ['cc-by-4', 'http://example.com/licence', 'javascript:alert(1)']) {
      const bad = await putPhoto(photo!.id, { title: 'Dune', license }, cookie);
      expect(bad.statusCode, license).toBe(400);
      expect(bad.json().message).toMatch(/^Licence must be/);
    }
    const custom = await putPhoto(photo!.id, { title: 'Dune', license: 'https://example.com/licence', altText: '' }, cookie);
    expect(custom.json()).toMatchObject({ license: 'https://example.com/licence', altText: null });
  });

  it('gives categories default rights, changed by the owner only', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Dunes');
    const put = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers, payload });
    expect((await put({ defaultLicense: 'cc0' }, {})).statusCode).toBe(401);
    const saved = await put({ defaultLicense: 'cc-by-nc', defaultCredit: 'Ada L.', defaultCopyright: '© Ada L.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Category>()).toMatchObject({ defaultLicense: 'cc-by-nc', defaultCredit: 'Ada L.', defaultCopyright: '© Ada L.' });
    expect((await put({ name: 'Dunes!' })).json<Category>()).toMatchObject({ name: 'Dunes!', defaultLicense: 'cc-by-nc' });
    const bad = await put({ defaultLicense: 'mine' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Licence must be/);
  });
});

// Renders of real images, on a machine that may be busy.
describe('rights in the XMP of the public copies', { timeout: 180_000 }, () => {
  it('re-renders the copies under new names with the rights in XMP, and keeps every other metadata field out', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const response = await postPhotos(t, cookie, [
      { name: 'gps.jpg', data: await jpeg({ width: 1400, height: 900, gps: true }) },
      { name: 'p3.jpg', data: await displayP3Jpeg(1000) },
    ]);
    const [srgb, p3] = response.json().photos as Photo[];
    // No rights: no XMP at all, as before.
    expect(await xmpOf(await served(srgb!.filename))).toBeUndefined();

    await putPhoto(srgb!.id, { title: 'Dune', license: 'cc-by', credit: 'Ada Lovelace', copyright: '© 2026 Ada <Lovelace>' }, cookie);
    const rendered = await nextRender(srgb!.id, srgb!.version);
    expect(rendered.filename).not.toBe(srgb!.filename);
    expect(rendered.variants.length).toBeGreaterThan(0);

    for (const name of [rendered.filename, ...rendered.variants.map((variant) => variant.filename)]) {
      const bytes = await served(name);
      const meta = await sharp(bytes).metadata();
      const xmp = meta.xmp!.toString('utf8');
      expect(xmp, name).toContain('<xmpRights:WebStatement>https://creativecommons.org/licenses/by/4.0/</xmpRights:WebStatement>');
      expect(xmp).toContain('<cc:license rdf:resource="https://creativecommons.org/licenses/by/4.0/"/>');
      expect(xmp).toContain('<photoshop:Credit>Ada Lovelace</photoshop:Credit>');
      expect(xmp).toContain('© 2026 Ada &lt;Lovelace&gt;');
      expect(xmp).not.toContain(CAMERA_MARKER);
      expect(xmp).not.toContain(GPS_MARKER);
      // Nothing else: no EXIF (camera, GPS), no IPTC, and no profile for an sRGB photo.
      expect(meta.exif, name).toBeUndefined();
      expect(meta.iptc, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
    }
    // A second reader (exifr reads JPEG, not WebP) finds the rights and no EXIF, GPS or IPTC.
    const parsed = await exifr.parse(await served(rendered.filename), { tiff: true, exif: true, gps: true, xmp: true, iptc: true, mergeOutput: false });
    expect(parsed.gps).toBeUndefined();
    expect(parsed.ifd0).toBeUndefined();
    expect(parsed.exif).toBeUndefined();
    expect(parsed.iptc).toBeUndefined();
    expect(parsed.photoshop).toMatchObject({ Credit: 'Ada Lovelace' });
    expect(parsed.xmpRights).toMatchObject({ WebStatement: 'https://creativecommons.org/licenses/by/4.0/' });
    // A page loaded before the swap still gets its images for a while; then a job removes the old names.
    const oldCopies = () => fs.readdirSync(t.config.uploadsDir).filter((name) => name.startsWith(srgb!.filename.slice(0, 32)));
    await t.runJobs();
    expect((await t.app.inject({ url: `/uploads/${srgb!.filename}` })).statusCode).toBe(200);
    expect(oldCopies().length).toBeGreaterThan(1);
    clock.advance(REPLACED_COPIES_KEPT_MS);
    await t.runJobs();
    expect((await t.app.inject({ url: `/uploads/${srgb!.filename}` })).statusCode).toBe(404);
    expect(oldCopies()).toEqual([]);

    // A wide-gamut photo keeps its compact P3 profile beside the rights; its category's default applies.
    const categoryId = await createCategory(t, 'Wide');
    await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: [p3!.id], categoryId } });
    const moved = await getPhoto(p3!.id);
    await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie }, payload: { defaultLicense: 'all-rights-reserved', defaultCredit: 'Studio' } });
    const p3Rendered = await nextRender(p3!.id, moved.version);
    const p3Meta = await sharp(await served(p3Rendered.filename)).metadata();
    expect(p3Meta.icc).toBeDefined();
    expect(p3Meta.exif).toBeUndefined();
    const p3Xmp = p3Meta.xmp!.toString('utf8');
    expect(p3Xmp).toContain('<photoshop:Credit>Studio</photoshop:Credit>');
    expect(p3Xmp).toContain('All rights reserved');
    expect(p3Xmp).toContain('<xmpRights:Marked>True</xmpRights:Marked>');

    // The photo's own credit wins over the category's.
    await putPhoto(p3!.id, { title: 'Wide', credit: 'Ada' }, cookie);
    const own = await nextRender(p3!.id, p3Rendered.version);
    expect((await sharp(await served(own.filename)).metadata()).xmp!.toString('utf8')).toContain('<photoshop:Credit>Ada</photoshop:Credit>');
  });

  it("renders a photo uploaded into a category with the category's rights at once, without a second render", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Studio');
    await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie }, payload: { defaultLicense: 'cc0', defaultCopyright: 'Public domain' } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/photos/upload?categoryId=${categoryId}`,
      headers: { cookie },
      payload: formWith('photos', [{ name: 'studio.jpg', data: await jpeg({ width: 900, height: 600 }) }]),
    });
    expect(response.statusCode).toBe(201);
    const [photo] = response.json().photos as Photo[];
    const xmp = (await sharp(await served(photo!.filename)).metadata()).xmp!.toString('utf8');
    expect(xmp).toContain('<cc:license rdf:resource="https://creativecommons.org/publicdomain/zero/1.0/"/>');
    expect(xmp).toContain('<xmpRights:Marked>False</xmpRights:Marked>');
    // The pass the upload asked for finds nothing to do.
    await t.runJobs();
    expect((await getPhoto(photo!.id)).version).toBe(photo!.version);
  });

  it("keeps an Ultra HDR display copy's gain map and adds the rights beside it", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = (await postPhotos(t, cookie, [{ name: 'hdr.jpg', data: await ultraHdrJpeg({ width: 1200, height: 800 }) }])).json().photos as Photo[];
    await putPhoto(photo!.id, { title: 'Glow', license: 'cc-by-nd', copyright: '© Ada' }, cookie);
    const rendered = await nextRender(photo!.id, photo!.version);
    const bytes = await served(rendered.filename);
    expect((await sharp(bytes).metadata()).gainMap).toBeDefined();
    // sharp reads an Ultra HDR JPEG through libultrahdr, which does not report XMP: exifr reads it.
    const parsed = await exifr.parse(bytes, { tiff: true, exif: true, gps: true, xmp: true, mergeOutput: false });
    expect(parsed.xmpRights).toMatchObject({ WebStatement: 'https://creativecommons.org/licenses/by-nd/4.0/' });
    expect(parsed.dc).toMatchObject({ rights: { value: '© Ada' } });
    expect(parsed.ifd0).toBeUndefined();
    expect(parsed.gps).toBeUndefined();
  });
});
