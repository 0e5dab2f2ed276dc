import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PEAK_PAIRS, type AudioTrack } from '#contract/audio.ts';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { purgeTrash } from '#server/features/photos/trash.service.ts';
import { SINE_FLAC, SINE_MP3, SINE_WAV } from '#tests/fixtures/audio.ts';
import { filesUnder, jpeg } from '#tests/fixtures/images.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/**
 * A release's audio tracks: a WAV, FLAC or MP3 uploaded to a release becomes, by a background
 * job, an AAC preview in MP4 with a waveform of min/max pairs, served with byte ranges to whoever
 * may see the release; limits, a server without ffmpeg, the owner's order and deletes.
 */

const WAV = fs.readFileSync(SINE_WAV);
const FLAC = fs.readFileSync(SINE_FLAC);
const MP3 = fs.readFileSync(SINE_MP3);

let t: TestApp;
let cookie: string;
afterEach(async () => {
  await t?.close();
});

async function start(options: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(options);
  cookie = await t.signIn();
}

function trackForm(name: string, data: Buffer, title?: string): FormData {
  const form = new FormData();
  if (title !== undefined) form.append('title', title);
  form.append('track', new Blob([new Uint8Array(data)]), name);
  return form;
}

const uploadTrack = (photoId: number, name: string, data: Buffer, options: { title?: string; query?: string; owner?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${pathTo(api.releaseAudio, { id: photoId })}${options.query ?? ''}`,
    headers: options.owner === false ? {} : { cookie },
    payload: trackForm(name, data, options.title),
  });

const listTracks = async (photoId: number, owner = true) =>
  t.app.inject({ method: 'GET', url: pathTo(api.releaseAudio, { id: photoId }), headers: owner ? { cookie } : {} });

function probe(file: string): { codec: string; format: string; duration: number } {
  const output = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }),
  ) as { format: { format_name: string; duration: string }; streams: Array<{ codec_name: string; codec_type: string }> };
  return {
    codec: output.streams.find((stream) => stream.codec_type === 'audio')!.codec_name,
    format: output.format.format_name,
    duration: Number(output.format.duration),
  };
}

/** A search path with no tool on it: the server as it is without Debian's ffmpeg. */
const pathWithoutTools = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-no-tools-'));

describe('release audio tracks', () => {
  it('makes an AAC preview with its waveform from a WAV, keeps the WAV, and serves the preview with ranges', async () => {
    await start();
    const [release] = await createPhotos(t, cookie, 1, ['night-ep.jpg']);
    const uploaded = await uploadTrack(release!.id, 'Opening.wav', WAV, { title: 'Opening theme' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ title: 'Opening theme', state: 'queued', previewUrl: null, peaks: null });
    const original = filesUnder(t.config.originalsDir).find((name) => name.endsWith('.wav'))!;
    expect(fs.readFileSync(path.join(t.config.originalsDir, original)).equals(WAV)).toBe(true);

    await t.runJobs();
    const [track] = (await listTracks(release!.id)).json().tracks as AudioTrack[];
    expect(track).toMatchObject({ state: 'ready', error: null, previewSeconds: null });
    expect(track!.durationMs).toBeGreaterThan(2900);
    expect(track!.durationMs).toBeLessThan(3200);
    expect(track!.peaks).toHaveLength(PEAK_PAIRS * 2);
    // The sine is at half scale: about ±63 of 127, in every column.
    expect(Math.max(...track!.peaks!)).toBeGreaterThan(55);
    expect(Math.max(...track!.peaks!)).toBeLessThan(70);
    expect(Math.min(...track!.peaks!)).toBeLessThan(-55);

    const preview = filesUnder(t.config.restrictedDir);
    expect(preview).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.m4a$/)]);
    expect(track!.previewUrl).toBe(`/api/audio/${preview[0]}`);
    expect(probe(path.join(t.config.restrictedDir, preview[0]!))).toMatchObject({ codec: 'aac', format: expect.stringContaining('mp4') });
    // Nothing of it is under the public uploads.
    expect(filesUnder(t.config.uploadsDir).some((name) => name.endsWith('.m4a'))).toBe(false);

    // A visitor hears it, with byte ranges for seeking.
    const whole = await t.app.inject({ method: 'GET', url: track!.previewUrl! });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ method: 'GET', url: track!.previewUrl!, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    const visitorList = await listTracks(release!.id, false);
    expect(visitorList.json().tracks).toEqual([track]);
  });

  it('takes a FLAC and an MP3, the MP3 heard only for its first 2 seconds as the owner chose', async () => {
    await start();
    const [release] = await createPhotos(t, cookie, 1);
    expect((await uploadTrack(release!.id, 'Two.flac', FLAC)).statusCode).toBe(201);
    const mp3 = await uploadTrack(release!.id, 'Three.mp3', MP3, { query: '?previewSeconds=2' });
    expect(mp3.statusCode, mp3.body).toBe(201);
    await t.runJobs();
    const tracks = (await listTracks(release!.id)).json().tracks as AudioTrack[];
    expect(tracks.map((track) => [track.title, track.state, track.previewSeconds])).toEqual([
      ['Two', 'ready', null],
      ['Three', 'ready', 2],
    ]);
    expect(tracks[0]!.peaks).toHaveLength(PEAK_PAIRS * 2);
    expect(tracks[1]!.peaks).toHaveLength(PEAK_PAIRS * 2);
    expect(tracks[1]!.durationMs).toBeLessThan(2200);
    for (const track of tracks) {
      const file = path.join(t.config.restrictedDir, track.previewUrl!.split('/').pop()!);
      expect(probe(file).codec).toBe('aac');
    }
    expect(probe(path.join(t.config.restrictedDir, tracks[1]!.previewUrl!.split('/').pop()!)).duration).toBeLessThan(2.2);
    expect(filesUnder(t.config.originalsDir).filter((name) => /\.(flac|mp3)$/.test(name))).toHaveLength(2);

    // A longer preview is made again; the old one goes once the new one is in.
    const old = tracks[1]!.previewUrl!;
    const longer = await t.app.inject({
      method: 'PUT',
      url: pathTo(api.releaseAudioTrack, { id: release!.id, trackId: tracks[1]!.id }),
      headers: { cookie },
      payload: { previewSeconds: null, title: 'Three (full)' },
    });
    expect(longer.json()).toMatchObject({ state: 'queued', title: 'Three (full)', previewSeconds: null });
    await t.runJobs();
    const [, full] = (await listTracks(release!.id)).json().tracks as AudioTrack[];
    expect(full).toMatchObject({ state: 'ready', title: 'Three (full)' });
    expect(full!.durationMs).toBeGreaterThan(2900);
    expect(full!.previewUrl).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });

  it('refuses what it cannot take, each with its code, and stores nothing', async () => {
    await start({ env: { AUDIO_MAX_FILE_BYTES: '30000', AUDIO_MAX_SECONDS: '2' } });
    const [release] = await createPhotos(t, cookie, 1);
    const tooBig = await uploadTrack(release!.id, 'big.wav', WAV);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'audio.file_too_large', message: 'The track is larger than 29 KB' });
    const tooLong = await uploadTrack(release!.id, 'long.mp3', MP3);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'audio.too_long', params: { minutes: 0 } });
    const picture = await uploadTrack(release!.id, 'cover.wav', await jpeg({ width: 40, height: 40 }));
    expect(picture.statusCode).toBe(415);
    expect(picture.json()).toMatchObject({ code: 'audio.wrong_format', message: 'Not a WAV, FLAC or MP3 file' });
    const empty = await t.app.inject({ method: 'POST', url: pathTo(api.releaseAudio, { id: release!.id }), headers: { cookie }, payload: trackForm('x.wav', Buffer.alloc(0)) });
    expect(empty.json()).toMatchObject({ code: 'audio.none_sent' });
    const noRelease = await uploadTrack(999_999, 'a.mp3', MP3);
    expect(noRelease.statusCode).toBe(404);
    const visitor = await uploadTrack(release!.id, 'a.mp3', MP3, { owner: false });
    expect(visitor.statusCode).toBe(401);
    const badLength = await uploadTrack(release!.id, 'a.mp3', MP3, { query: '?previewSeconds=0' });
    expect(badLength.statusCode).toBe(400);

    expect(await t.database.db.selectFrom('releaseTracks').select('id').execute()).toEqual([]);
    expect(filesUnder(t.config.originalsDir).filter((name) => /\.(wav|flac|mp3)$/.test(name))).toEqual([]);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('answers 415 naming the ffmpeg package on a server without it, and nothing else changes', async () => {
    await start({ env: { TOOLS_PATH: pathWithoutTools() } });
    const [release] = await createPhotos(t, cookie, 1);
    const refused = await uploadTrack(release!.id, 'Opening.wav', WAV);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({
      code: 'audio.tool_missing',
      message: 'Audio tracks need ffmpeg on the server: install the Debian package ffmpeg',
      params: { tool: 'ffmpeg', package: 'ffmpeg' },
    });
    const info = await t.app.inject({ method: 'GET', url: api.audioUpload, headers: { cookie } });
    expect(info.json()).toMatchObject({ available: false, package: 'ffmpeg' });
    expect(await t.database.db.selectFrom('releaseTracks').select('id').execute()).toEqual([]);
    expect(filesUnder(t.config.originalsDir).filter((name) => name.endsWith('.wav'))).toEqual([]);
    // The photo upload takes what it took, and says nothing of audio.
    const formats = await t.app.inject({ method: 'GET', url: api.photosUpload, headers: { cookie } });
    expect(formats.json().missing).toEqual([
      { label: 'HEIC', package: 'libheif-examples' },
      { label: 'RAW', package: 'libraw-bin' },
      { label: 'video', package: 'ffmpeg' },
    ]);
    expect((await listTracks(release!.id, false)).json()).toEqual({ tracks: [] });
  });

  it('keeps a private release\'s tracks from visitors, as its photo page is', async () => {
    await start();
    const categoryId = await createCategory(t, 'Releases');
    const [release] = await createPhotos(t, cookie, 1);
    const moved = await t.app.inject({ method: 'POST', url: api.photosMove, headers: { cookie }, payload: { ids: [release!.id], categoryId } });
    expect(moved.statusCode).toBe(200);
    expect((await uploadTrack(release!.id, 'Opening.wav', WAV)).statusCode).toBe(201);
    await t.runJobs();
    const [track] = (await listTracks(release!.id)).json().tracks as AudioTrack[];
    expect((await t.app.inject({ method: 'GET', url: track!.previewUrl! })).statusCode).toBe(200);

    const made = await t.app.inject({ method: 'PUT', url: pathTo(api.category, { id: categoryId }), headers: { cookie }, payload: { visibility: 'private' } });
    expect(made.statusCode).toBe(200);
    await t.runJobs();
    expect((await listTracks(release!.id, false)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: track!.previewUrl! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: track!.previewUrl!, headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
    // The owner still hears it.
    expect((await listTracks(release!.id)).json().tracks).toHaveLength(1);
    const owners = await t.app.inject({ method: 'GET', url: track!.previewUrl!, headers: { cookie } });
    expect(owners.statusCode).toBe(200);
    expect(owners.headers['cache-control']).toBe('private, no-cache');
  });

  it('orders tracks as the owner says, and deletes one with its files by the removal job', async () => {
    await start();
    const [release] = await createPhotos(t, cookie, 1);
    const ids: number[] = [];
    for (const [name, data] of [['One.wav', WAV], ['Two.flac', FLAC], ['Three.mp3', MP3]] as const) {
      ids.push((await uploadTrack(release!.id, name, data)).json().id as number);
    }
    await t.runJobs();
    const order = (body: object) =>
      t.app.inject({ method: 'PUT', url: pathTo(api.releaseAudioOrder, { id: release!.id }), headers: { cookie }, payload: body });
    const reordered = await order({ ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json().tracks as AudioTrack[]).map((track) => track.title)).toEqual(['Three', 'One', 'Two']);
    expect((await listTracks(release!.id, false)).json().tracks.map((track: AudioTrack) => track.title)).toEqual(['Three', 'One', 'Two']);
    expect((await order({ ids: [ids[0], ids[1]] })).json()).toMatchObject({ code: 'audio.order_mismatch' });
    expect((await order({ ids: [ids[0], ids[0], ids[1]] })).json()).toMatchObject({ code: 'audio.order_mismatch' });

    const [, one] = (await listTracks(release!.id)).json().tracks as AudioTrack[];
    const previewName = one!.previewUrl!.split('/').pop()!;
    const row = await t.database.db.selectFrom('releaseTracks').select('original').where('id', '=', one!.id).executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(t.config.originalsDir, row.original))).toBe(true);
    const deleted = await t.app.inject({ method: 'DELETE', url: pathTo(api.releaseAudioTrack, { id: release!.id, trackId: one!.id }), headers: { cookie } });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: one!.previewUrl! })).statusCode).toBe(404);
    await t.runJobs();
    expect(fs.existsSync(path.join(t.config.originalsDir, row.original))).toBe(false);
    expect(fs.existsSync(path.join(t.config.restrictedDir, previewName))).toBe(false);
    expect((await listTracks(release!.id)).json().tracks.map((track: AudioTrack) => track.title)).toEqual(['Three', 'Two']);
    const again = await t.app.inject({ method: 'DELETE', url: pathTo(api.releaseAudioTrack, { id: release!.id, trackId: one!.id }), headers: { cookie } });
    expect(again.json()).toMatchObject({ code: 'audio.track_not_found' });
  });

  it('takes a release\'s tracks, rows and files, when its photo leaves the trash for good', async () => {
    const clock = createTestClock();
    await start({ clock });
    const [release] = await createPhotos(t, cookie, 1);
    expect((await uploadTrack(release!.id, 'One.wav', WAV)).statusCode).toBe(201);
    await t.runJobs();
    expect(filesUnder(t.config.restrictedDir)).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: pathTo(api.photo, { id: release!.id }), headers: { cookie } });
    clock.advance(UNDO_WINDOW_MS + 1000);
    await purgeTrash(t.ctx);
    expect(await t.database.db.selectFrom('releaseTracks').select('id').execute()).toEqual([]);
    expect(filesUnder(t.config.restrictedDir).filter((name) => name.endsWith('.m4a'))).toEqual([]);
    expect(filesUnder(t.config.originalsDir)).toEqual([]);
  });
});
