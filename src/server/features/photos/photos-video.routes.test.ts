import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { filesUnder, formWith, jpeg, type FormFile } from '#tests/fixtures/images.ts';
import { createCategory, postPhotos } from '#tests/fixtures/photos.ts';
import { IPHONE_MOV, SAMPLE_MP4 } from '#tests/fixtures/videos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Videos through the ordinary upload: kept as the original, a poster frame through the image
 * pipeline, and the playable MP4s made by the transcode job, with ffmpeg and ffprobe from Debian's
 * `ffmpeg` (which CI and the README's set-up install). The samples are real files
 * (tests/fixtures/video/README.md says how they were made).
 */

const MP4 = SAMPLE_MP4;
/** 480 × 640, QuickTime, with an iPhone's location in both its ©xyz atom and its mdta keys. */
const MOV = IPHONE_MOV;
const LOCATION = '+37.3349-122.0090';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** The top-level boxes of an ISO-BMFF file, in order. */
function topLevelBoxes(file: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= file.length; ) {
    let size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(file.readBigUInt64BE(offset + 8));
    if (size === 0) size = file.length - offset;
    boxes.push(type);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

interface Probed {
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  format: { tags?: Record<string, string> };
}

function probe(file: string): Probed {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' })) as Probed;
}

async function upload(files: FormFile[], env?: Record<string, string>) {
  t = await createTestApp(env ? { env } : {});
  const cookie = await t.signIn();
  return { cookie, response: await postPhotos(t, cookie, files) };
}

const video = (file: string, name = path.basename(file)): FormFile => ({ name, data: fs.readFileSync(file) });

async function photosNow(cookie: string): Promise<Photo[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/photos', headers: { cookie } });
  return response.json<Photo[]>();
}

describe('video uploads', { tags: ['media'] }, () => {
  it('keeps an MP4 and a MOV as originals, draws their posters, and transcodes them to fast-start H.264/AAC MP4s without location', async () => {
    const { cookie, response } = await upload([video(MP4, 'clip.mp4'), video(MOV, 'IMG_0001.MOV')]);
    expect(response.statusCode, response.body).toBe(201);
    const uploaded = response.json().photos as Photo[];
    expect(uploaded.map((photo) => photo.title).sort()).toEqual(['IMG_0001', 'clip']);
    const mp4 = uploaded.find((photo) => photo.title === 'clip')!;
    const mov = uploaded.find((photo) => photo.title === 'IMG_0001')!;
    // The poster is the photo: its display image, widths and thumbnail, at the video's size.
    expect(mp4).toMatchObject({ width: 640, height: 360, video: { width: 640, height: 360, sources: [], progress: 0 } });
    expect(mp4.video!.duration).toBeCloseTo(2, 0);
    expect(mov).toMatchObject({ width: 480, height: 640, video: { width: 480, height: 640, sources: [] } });
    expect(mp4.placeholder).toEqual(expect.any(String));
    const poster = fs.readFileSync(path.join(t.config.uploadsDir, mov.filename));
    const posterMeta = await sharp(poster).metadata();
    expect(posterMeta).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
    expect(posterMeta.exif).toBeUndefined();
    expect(poster.toString('latin1')).not.toContain(LOCATION);
    const originals = filesUnder(t.config.originalsDir);
    expect(originals).toHaveLength(2);
    expect(originals).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{32}-[0-9a-f]{32}\.mov$/), expect.stringMatching(/^[0-9a-f]{32}-[0-9a-f]{32}\.mp4$/)]),
    );

    await t.runJobs();
    const done = await photosNow(cookie);
    for (const photo of done) {
      expect(photo.video!.progress).toBeNull();
      expect(photo.video!.sources).toHaveLength(1);
      expect(photo.version).toBeGreaterThan(1);
    }
    const movDone = done.find((photo) => photo.id === mov.id)!;
    expect(movDone.video!.sources).toEqual([{ width: 480, height: 640, filename: expect.stringMatching(/^[0-9a-f]{32}-v480\.mp4$/) }]);
    for (const photo of done) {
      const file = path.join(t.config.uploadsDir, photo.video!.sources[0]!.filename);
      const bytes = fs.readFileSync(file);
      const boxes = topLevelBoxes(bytes);
      expect(boxes.indexOf('moov'), boxes.join(' ')).toBeGreaterThan(-1);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      const probed = probe(file);
      expect(probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`)).toEqual(['video:h264', 'audio:aac']);
      expect(JSON.stringify(probed.format.tags ?? {})).not.toContain('location');
      expect(bytes.toString('latin1')).not.toContain(LOCATION);
    }
    // The original MOV did carry it: the copy lost it, not the sample.
    expect(fs.readFileSync(MOV).toString('latin1')).toContain(LOCATION);

    const name = movDone.video!.sources[0]!.filename;
    const size = fs.statSync(path.join(t.config.uploadsDir, name)).size;
    const ranged = await t.app.inject({ method: 'GET', url: `/uploads/${name}`, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(ranged.rawPayload.length).toBe(100);
    const tail = await t.app.inject({ method: 'GET', url: `/uploads/${name}`, headers: { range: `bytes=${size - 10}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  });

  it('puts a private category\'s video in the restricted store, served to the owner and a gallery link with ranges, downloaded as its MP4', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const gallery = galleryFixture(() => t);
    const categoryId = await createCategory(t, 'Smith wedding');
    await gallery.makeUnlisted(cookie, categoryId);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/photos/upload?categoryId=${categoryId}`,
      headers: { cookie },
      payload: formWith('photos', [video(MOV, 'IMG_0002.MOV')]),
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.runJobs();
    const [photo] = await photosNow(cookie);
    const name = photo!.video!.sources[0]!.filename;
    expect(photo!.filesBase).toBe('/restricted');
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    expect(filesUnder(t.config.restrictedDir)).toContain(name);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    const owners = await t.app.inject({ method: 'GET', url: `/restricted/${name}`, headers: { cookie, range: 'bytes=0-9' } });
    expect(owners.statusCode).toBe(206);
    expect(owners.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);

    const link = await gallery.createLink({ cookie, categoryId }, { label: 'Parents', downloads: 'originals' });
    const token = tokenOf(link);
    const held = await t.app.inject({ method: 'GET', url: `/g/${token}/files/${name}`, headers: { range: 'bytes=0-9' } });
    expect(held.statusCode).toBe(206);
    expect(held.headers['content-type']).toBe('video/mp4');
    // Originals by the link's policy: the MOV keeps its location, so the MP4 is what is handed out.
    const download = await t.app.inject({ method: 'GET', url: `/api/galleries/${token}/photos/${photo!.id}/download` });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/\.mp4"?$/);
    expect(topLevelBoxes(download.rawPayload)).toContain('moov');
    expect(download.rawPayload.toString('latin1')).not.toContain(LOCATION);
  });

  it('refuses a video with 415 naming the ffmpeg package when the server lacks it, and stores a JPEG of the same upload', async () => {
    const { response } = await upload(
      [video(MP4, 'clip.mp4'), { name: 'still.jpg', data: await jpeg({ width: 400, height: 300 }) }],
      { TOOLS_PATH: fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-no-tools-')) },
    );
    expect(response.statusCode).toBe(201);
    expect((response.json().photos as Photo[]).map((photo) => photo.title)).toEqual(['still']);
    expect(response.json().rejected).toEqual([
      {
        name: 'clip.mp4',
        reason: 'video files need ffmpeg on the server: install the Debian package ffmpeg',
        code: 'images.decoder_missing',
        params: { format: 'video', tool: 'ffmpeg', package: 'ffmpeg' },
      },
    ]);
    await t.close();

    const alone = await upload([video(MP4, 'clip.mp4')], { TOOLS_PATH: fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-no-tools-')) });
    expect(alone.response.statusCode).toBe(415);
    expect(alone.response.json().message).toContain('install the Debian package ffmpeg');
  });

  it('refuses a video longer or larger than the limits, with their codes', async () => {
    const long = await upload([video(MP4, 'clip.mp4')], { VIDEO_MAX_SECONDS: '1' });
    expect(long.response.statusCode).toBe(413);
    expect(long.response.json().rejected).toEqual([expect.objectContaining({ code: 'videos.too_long', params: { minutes: 0 } })]);
    await t.close();

    const large = await upload([video(MP4, 'clip.mp4')], { VIDEO_MAX_BYTES: '10000' });
    expect(large.response.statusCode).toBe(413);
    expect(large.response.json().rejected).toEqual([expect.objectContaining({ code: 'videos.too_large', params: { size: '10 KB' } })]);
  });

  it('tells the owner the upload takes video', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const formats = await t.app.inject({ method: 'GET', url: '/api/photos/upload', headers: { cookie } });
    expect(formats.json().takes).toEqual(expect.arrayContaining(['MP4', 'MOV', 'WebM']));
    expect(formats.json().accept).toMatchObject({ 'video/mp4': ['.mp4', '.m4v'], 'video/quicktime': ['.mov'] });
  });
});
