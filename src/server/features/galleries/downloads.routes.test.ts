import exifr from 'exifr';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { GALLERY_ZIPS_PER_LINK, type Gallery, type GalleryLink, type NewGalleryLink } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { insertPhotos } from '#server/features/photos/photos.repository.ts';
import { newFileKey } from '#server/storage/file-names.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { CANON_CR3, DNG_GPS_MARKER, IPHONE_HEIC_WITH_GPS, linearDng } from '#tests/fixtures/camera-files.ts';
import { CAMERA_MARKER, formWith, GPS_MARKER, jpeg, type FormFile } from '#tests/fixtures/images.ts';
import { galleryFixture, tokenOf, type GallerySetup } from '#tests/fixtures/galleries.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { startS3Server, type TestS3Server } from '#tests/setup/s3.ts';
import { cookieHeader, createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

const PASSWORD = 'river-stone-42';

interface Setup extends GallerySetup {
  /** The uploaded bytes, by photo id. */
  uploaded: Map<number, Buffer>;
}

const { owner, createLink, makeUnlisted } = galleryFixture(() => t);
const visitor = (url: string, cookie?: string, remoteAddress = '203.0.113.5') =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });

/**
 * An unlisted category "Smith wedding" of the given files (titles from their names), put in an
 * order that is not their upload order: the gallery's order is the one a ZIP must keep.
 */
async function gallery(files: FormFile[], options: Parameters<typeof createTestApp>[0] = {}): Promise<Setup> {
  t = await createTestApp({ clientDir: clientDir(), ...options });
  const cookie = await t.signIn();
  const categoryId = await createCategory(t, 'Smith wedding');
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/photos/upload?categoryId=${categoryId}`,
    headers: { cookie },
    payload: formWith('photos', files),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const stored = upload.json<{ photos: Photo[] }>().photos;
  // The titles exactly (a form's file name may arrive encoded): the name less its extension.
  for (const [index, photo] of stored.entries()) {
    await t.database.db.updateTable('photos').set({ title: files[index]!.name.replace(/\.jpg$/, '') }).where('id', '=', photo.id).execute();
  }
  const uploaded = new Map(stored.map((photo, index) => [photo.id, files[index]!.data]));
  const reversed = [...stored].reverse().map((photo) => photo.id);
  const ordered = await owner(cookie, 'PUT', '/api/photos/reorder', {
    photoUpdates: reversed.map((id, order) => ({ id, order, categoryId })),
  });
  expect(ordered.statusCode, ordered.body).toBe(200);
  await makeUnlisted(cookie, categoryId);
  const photos = (await owner(cookie, 'GET', `/api/photos`)).json<Photo[]>();
  expect(photos.map((photo) => photo.id)).toEqual(reversed);
  return { cookie, categoryId, photos, uploaded };
}

const smallFiles = async (): Promise<FormFile[]> => [
  { name: 'First dance.jpg', data: await jpeg({ width: 320, height: 240, gps: true }), type: 'image/jpeg' },
  { name: 'Rings: "close".jpg', data: await jpeg({ width: 300, height: 200, color: '#30a040' }), type: 'image/jpeg' },
  { name: 'Église.jpg', data: await jpeg({ width: 240, height: 320, color: '#a0a030', gps: true }), type: 'image/jpeg' },
];

const photoUrl = (link: NewGalleryLink, id: number) => `/api/galleries/${tokenOf(link)}/photos/${id}/download`;
const zipUrl = (link: NewGalleryLink) => `/api/galleries/${tokenOf(link)}/download`;

/** A display copy's stored bytes, from whichever store holds it. */
function displayBytes(photo: Photo): Buffer {
  for (const dir of [t.config.restrictedDir, t.config.uploadsDir]) {
    const file = path.join(dir, photo.filename);
    if (fs.existsSync(file)) return fs.readFileSync(file);
  }
  throw new Error(`no stored copy ${photo.filename}`);
}

/** Every entry of a ZIP: its name, whether it was stored as it is, and its bytes. */
async function unzip(body: Buffer): Promise<Array<{ name: string; stored: boolean; bytes: Buffer }>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(body, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: Array<{ name: string; stored: boolean; bytes: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject).on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject);
        stream.on('end', () => {
          entries.push({ name: entry.fileName, stored: entry.compressionMethod === 0, bytes: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

describe('downloads by policy', () => {
  it("are off by default: the gallery says so, and both downloads answer 403 with the reason", async () => {
    const setup = await gallery(await smallFiles());
    const link = await createLink(setup, { label: 'Parents' });
    expect(link.downloads).toBe('none');
    expect((await visitor(`/api/galleries/${tokenOf(link)}`)).json<Gallery>().downloads).toBe('none');
    for (const url of [photoUrl(link, setup.photos[0]!.id), zipUrl(link)]) {
      const refused = await visitor(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ code: 'galleries.downloads_off', message: 'Downloads are not on for this gallery' });
    }
  });

  it('display: one photo is its display copy, named after its title; the ZIP holds them all in gallery order, stored', async () => {
    const setup = await gallery(await smallFiles());
    const link = await createLink(setup, { label: 'Parents', downloads: 'display' });
    expect(link.downloads).toBe('display');
    expect((await visitor(`/api/galleries/${tokenOf(link)}`)).json<Gallery>().downloads).toBe('display');

    const rings = setup.photos.find((photo) => photo.title.startsWith('Rings'))!;
    const one = await visitor(photoUrl(link, rings.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('image/jpeg');
    expect(one.headers['cache-control']).toBe('no-store');
    // The title's reserved signs are left out of the name.
    expect(one.headers['content-disposition']).toBe(`attachment; filename="Rings close.jpg"; filename*=UTF-8''Rings%20close.jpg`);
    expect(one.rawPayload.equals(displayBytes(rings))).toBe(true);

    const zip = await visitor(zipUrl(link));
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="Smith wedding.zip"; filename*=UTF-8''Smith%20wedding.zip`);
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['001 Église.jpg', '002 Rings close.jpg', '003 First dance.jpg']);
    entries.forEach((entry, index) => {
      expect(entry.stored, entry.name).toBe(true);
      expect(entry.bytes.equals(displayBytes(setup.photos[index]!)), entry.name).toBe(true);
    });
  });

  it('originals: the uploaded file without its GPS, every other EXIF tag and every pixel kept, alone and in the ZIP', async () => {
    const setup = await gallery(await smallFiles());
    const link = await createLink(setup, { label: 'Parents' });
    const changed = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { downloads: 'originals' });
    expect(changed.json<GalleryLink>().downloads).toBe('originals');

    const dance = setup.photos.find((photo) => photo.title === 'First dance')!;
    const original = setup.uploaded.get(dance.id)!;
    expect(await exifr.gps(original)).toBeDefined();
    const one = await visitor(photoUrl(link, dance.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toContain('filename="First dance.jpg"');
    const expectCleanOriginal = async (bytes: Buffer, uploaded: Buffer) => {
      expect(await exifr.gps(bytes)).toBeUndefined();
      expect(bytes.includes(GPS_MARKER)).toBe(false);
      expect(await exifr.parse(bytes)).toMatchObject({ Make: CAMERA_MARKER });
      // Not a display copy: the original's own size and pixels.
      expect(bytes.length).toBe(uploaded.length);
      expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(uploaded).raw().toBuffer())).toBe(true);
    };
    await expectCleanOriginal(one.rawPayload, original);

    const entries = await unzip((await visitor(zipUrl(link))).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['001 Église.jpg', '002 Rings close.jpg', '003 First dance.jpg']);
    for (const [index, entry] of entries.entries()) {
      const uploaded = setup.uploaded.get(setup.photos[index]!.id)!;
      if (entry.name === '002 Rings close.jpg') expect(entry.bytes.equals(uploaded)).toBe(true);
      else await expectCleanOriginal(entry.bytes, uploaded);
    }
  });

  it('a HEIC or a RAW: the display JPEG by the display policy; the HEIC or the DNG itself, without its GPS, by the originals one', { tags: ['media'] }, async () => {
    const heic = fs.readFileSync(IPHONE_HEIC_WITH_GPS);
    const dng = linearDng({ gps: true });
    const cr3 = fs.readFileSync(CANON_CR3);
    const setup = await gallery([
      { name: 'Kitchen.jpg', data: heic },
      { name: 'Studio.jpg', data: dng },
      { name: 'Street.jpg', data: cr3 },
    ]);
    expect(await exifr.gps(heic)).toBeDefined();
    const [street, , kitchen] = setup.photos;
    const display = await createLink(setup, { label: 'Parents', downloads: 'display' });
    const shown = await visitor(photoUrl(display, kitchen!.id));
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(displayBytes(kitchen!))).toBe(true);

    const originals = await createLink(setup, { label: 'Couple', downloads: 'originals' });
    const one = await visitor(photoUrl(originals, kitchen!.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('image/heic');
    expect(one.headers['content-disposition']).toContain('filename="Kitchen.heic"');
    // The same file, the same size, its camera kept and its place gone.
    expect(one.rawPayload.length).toBe(heic.length);
    expect(await exifr.gps(one.rawPayload)).toBeUndefined();
    expect(await exifr.parse(one.rawPayload)).toMatchObject({ Make: 'Apple', Model: 'iPhone 11 Pro Max' });

    const entries = await unzip((await visitor(zipUrl(originals))).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['001 Street.jpg', '002 Studio.dng', '003 Kitchen.heic']);
    const [streetEntry, studioEntry] = entries;
    expect(studioEntry!.bytes.length).toBe(dng.length);
    expect(studioEntry!.bytes.includes(DNG_GPS_MARKER)).toBe(false);
    expect(await exifr.parse(studioEntry!.bytes)).toMatchObject({ Make: 'Atelier', Model: 'Test DNG' });
    // Where the location cannot be proven removed (a CR3's own GPS box), the display copy instead.
    expect(streetEntry!.bytes.equals(displayBytes(street!))).toBe(true);
  });

  it('hold to the gallery: its password, its end, its photos only; bad input gets the reason', async () => {
    const clock = createTestClock();
    const setup = await gallery(await smallFiles(), { clock });
    const link = await createLink(setup, {
      label: 'Parents',
      password: PASSWORD,
      downloads: 'display',
      expiresAt: new Date(clock().getTime() + 86_400_000).toISOString(),
    });
    const photo = setup.photos[0]!;
    // No cookie (the owner's session is no link's access either): 401.
    for (const cookie of [undefined, setup.cookie]) {
      for (const url of [photoUrl(link, photo.id), zipUrl(link)]) {
        const locked = await visitor(url, cookie);
        expect(locked.statusCode, url).toBe(401);
        expect(locked.json()).toEqual({ code: 'galleries.locked', message: 'This gallery needs its password' });
      }
    }
    const unlocked = await t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password: PASSWORD } });
    const access = cookieHeader(unlocked);
    expect((await visitor(photoUrl(link, photo.id), access)).statusCode).toBe(200);
    expect((await visitor(zipUrl(link), access)).statusCode).toBe(200);

    // Another category's photo, an unknown one, one that is not a number.
    const elsewhere = await createCategory(t, 'Elsewhere');
    const [other] = (await owner(setup.cookie, 'GET', '/api/photos')).json<Photo[]>();
    await t.database.db.updateTable('photos').set({ categoryId: elsewhere }).where('id', '=', other!.id).execute();
    expect((await visitor(photoUrl(link, other!.id), access)).json()).toEqual({ code: 'photos.not_found', message: 'Photo not found' });
    expect((await visitor(photoUrl(link, 999_999), access)).statusCode).toBe(404);
    const bad = await visitor(`/api/galleries/${tokenOf(link)}/photos/first/download`, access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'No such photo' });
    const badPolicy = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { downloads: 'everything' });
    expect(badPolicy.statusCode).toBe(400);
    expect(badPolicy.json()).toMatchObject({ message: 'Downloads must be none, display or originals' });

    // Past its expiry: 404, as its gallery.
    clock.advance(86_400_000);
    expect((await visitor(photoUrl(link, photo.id), access)).statusCode).toBe(404);
    expect((await visitor(zipUrl(link), access)).statusCode).toBe(404);
  });
});

describe('on S3 (s3rver)', () => {
  let s3: TestS3Server | undefined;
  // The app is closed by the outer afterEach; the bucket's server after the test is over.
  afterEach(async () => {
    await s3?.close();
    s3 = undefined;
  });

  it('streams display copies and originals from the bucket, the same bytes the gallery serves, no GPS', async () => {
    s3 = await startS3Server();
    const setup = await gallery(await smallFiles(), { env: s3.env });
    const display = await createLink(setup, { label: 'Parents', downloads: 'display' });
    const entries = await unzip((await visitor(zipUrl(display))).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['001 Église.jpg', '002 Rings close.jpg', '003 First dance.jpg']);
    for (const [index, photo] of setup.photos.entries()) {
      const served = await visitor(`${display.path}/files/${photo.filename}`);
      expect(served.statusCode, served.body).toBe(200);
      expect(entries[index]!.bytes.equals(served.rawPayload), photo.title).toBe(true);
    }
    const originals = await createLink(setup, { label: 'Couple', downloads: 'originals' });
    const cleaned = await unzip((await visitor(zipUrl(originals))).rawPayload);
    for (const [index, photo] of setup.photos.entries()) {
      const uploaded = setup.uploaded.get(photo.id)!;
      expect(await exifr.gps(cleaned[index]!.bytes), photo.title).toBeUndefined();
      expect((await sharp(cleaned[index]!.bytes).raw().toBuffer()).equals(await sharp(uploaded).raw().toBuffer()), photo.title).toBe(true);
    }
  });
});

describe('the OpenAPI document', () => {
  it('publishes both downloads, open to a link holder (no session)', async () => {
    t = await createTestApp({ clientDir: clientDir() });
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    for (const route of ['/api/galleries/{token}/photos/{photoId}/download', '/api/galleries/{token}/download']) {
      expect(document.paths[route]?.get, route).toBeDefined();
      expect(document.paths[route]?.get?.security, route).toBeUndefined();
    }
  });
});

describe('a gallery ZIP under way', () => {
  /**
   * A gallery of four photos that share one display file of 3 MB of noise: far more than the
   * sockets buffer, so a reader who does not read holds its ZIP open.
   */
  async function largeGallery(): Promise<Setup> {
    const setup = await gallery([{ name: 'Noise.jpg', data: await jpeg({ width: 320, height: 240 }), type: 'image/jpeg' }]);
    const [model] = await t.database.db.selectFrom('photos').selectAll().execute();
    const { id: _id, ...copy } = model!;
    await insertPhotos(
      t.database.db,
      [2, 3, 4].map((order) => ({ ...copy, fileKey: newFileKey(), title: `Noise ${order}`, sortOrder: order })),
    );
    fs.writeFileSync(path.join(copy.filesPrivate === 1 ? t.config.restrictedDir : t.config.uploadsDir, copy.filename), randomBytes(3 * 1024 * 1024));
    return { ...setup, photos: (await owner(setup.cookie, 'GET', '/api/photos')).json<Photo[]>() };
  }

  it('is one of at most two per address; a revoked link answers 404 on the next request', async () => {
    const setup = await largeGallery();
    const link = await createLink(setup, { label: 'Parents', downloads: 'display' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: false });
    /** A GET whose body is not read after its first chunk: the server cannot finish it. */
    const start = (url: string) =>
      new Promise<{ status: number; response: http.IncomingMessage; request: http.ClientRequest; firstChunk: Buffer }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
          response.once('data', (chunk: Buffer) => {
            response.pause();
            resolve({ status: response.statusCode!, response, request, firstChunk: chunk });
          });
        });
        request.on('error', reject);
      });

    const first = await start(zipUrl(link));
    const second = await start(zipUrl(link));
    expect([first.status, second.status]).toEqual([200, 200]);
    // The ZIP begins at once: a local file header.
    expect(first.firstChunk.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);

    const third = await visitor(zipUrl(link), undefined, '127.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      code: 'galleries.too_many_zips',
      message: 'At most 2 gallery downloads can run at a time. Wait for one to finish, then try again.',
      params: { max: 2, retryAfterSeconds: 10 },
    });
    // Another address has slots of its own; one photo at a time is not counted.
    expect((await visitor(zipUrl(link), undefined, '198.51.100.7')).statusCode).toBe(200);
    expect((await visitor(photoUrl(link, setup.photos[0]!.id), undefined, '127.0.0.1')).statusCode).toBe(200);

    // The first reader leaves: its slot is free again.
    const closed = new Promise((resolve) => first.response.once('close', resolve));
    first.request.destroy();
    await closed;
    let again = await visitor(zipUrl(link), undefined, '127.0.0.1');
    // The server hears of the close on its own time: asked again until it has.
    while (again.statusCode === 429) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await visitor(zipUrl(link), undefined, '127.0.0.1');
    }
    expect(again.statusCode).toBe(200);
    const whole = await unzip(again.rawPayload);
    expect(whole.map((entry) => entry.name)).toEqual(['001 Noise.jpg', '002 Noise 2.jpg', '003 Noise 3.jpg', '004 Noise 4.jpg']);
    // More than any socket buffers: the two above were truly held open, not finished.
    expect(again.rawPayload.length).toBeGreaterThan(8 * 1024 * 1024);

    // Revoked while the second is still under way: the next request is 404.
    expect((await owner(setup.cookie, 'DELETE', `/api/gallery-links/${link.id}`)).statusCode).toBe(200);
    expect((await visitor(zipUrl(link), undefined, '198.51.100.7')).statusCode).toBe(404);
    expect((await visitor(photoUrl(link, setup.photos[0]!.id))).statusCode).toBe(404);
    second.request.destroy();
    agent.destroy();
  });

  it('is one of at most four per link, whatever the addresses asking', async () => {
    const setup = await largeGallery();
    const link = await createLink(setup, { label: 'Shared round', downloads: 'display' });
    const other = await createLink(setup, { label: 'Parents', downloads: 'display' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: false });
    /** A GET from `localAddress` whose body is not read after its first chunk: the server cannot finish it. */
    const hold = (url: string, localAddress: string) =>
      new Promise<{ status: number; response: http.IncomingMessage; request: http.ClientRequest }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: url, agent, localAddress }, (response) => {
          response.once('data', () => {
            response.pause();
            resolve({ status: response.statusCode!, response, request });
          });
        });
        request.on('error', reject);
      });

    // One ZIP from each of four addresses: the link's every slot.
    const held: Array<Awaited<ReturnType<typeof hold>>> = [];
    // Readers left holding a ZIP would keep the app from closing: they go whatever the test finds.
    try {
      for (let i = 0; i < GALLERY_ZIPS_PER_LINK; i++) held.push(await hold(zipUrl(link), `127.0.0.${i + 2}`));
      expect(held.map((zip) => zip.status)).toEqual(Array(GALLERY_ZIPS_PER_LINK).fill(200));

      const fifth = await visitor(zipUrl(link), undefined, '198.51.100.20');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toEqual({
        code: 'galleries.link_busy',
        message: 'This gallery is being downloaded 4 times at once already. Wait for one to finish, then try again.',
        params: { max: GALLERY_ZIPS_PER_LINK, retryAfterSeconds: 10 },
      });
      // Another link of the same gallery has slots of its own; one photo at a time is not counted.
      expect((await visitor(zipUrl(other), undefined, '198.51.100.20')).statusCode).toBe(200);
      expect((await visitor(photoUrl(link, setup.photos[0]!.id), undefined, '198.51.100.20')).statusCode).toBe(200);

      // One reader leaves: the link has a slot again.
      const closed = new Promise((resolve) => held[0]!.response.once('close', resolve));
      held[0]!.request.destroy();
      await closed;
      let again = await visitor(zipUrl(link), undefined, '198.51.100.20');
      // The server hears of the close on its own time: asked again until it has.
      while (again.statusCode === 429) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await visitor(zipUrl(link), undefined, '198.51.100.20');
      }
      expect(again.statusCode).toBe(200);
    } finally {
      for (const zip of held) zip.request.destroy();
      agent.destroy();
    }
  });
});
