import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { batchBody, batchUrl, readBatchAnswer } from '#client/features/photos/lib/upload-batch.ts';
import { UploadQueue, type BatchRequest, type UploadableFile } from '#client/features/photos/lib/upload-queue.ts';
import { html, jpeg } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The admin's batching client (the same code the page runs) against the real server: a selection
 * larger than one request may carry, answers lost on the way back, a refused file among good ones.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

type NamedBlob = UploadableFile & Blob;

async function pickOf(count: number): Promise<NamedBlob[]> {
  const data = new Uint8Array(await jpeg({ width: 48, height: 32 }));
  return Array.from({ length: count }, (_, index) => new File([data], `shot-${index}.jpg`, { type: 'image/jpeg' }));
}

/** One batch through app.inject, as the page's XMLHttpRequest would send it. */
async function inject(cookie: string, request: BatchRequest<NamedBlob>) {
  const response = await t.app.inject({ method: 'POST', url: batchUrl(request), headers: { cookie }, payload: batchBody(request.files) });
  return { response, answer: readBatchAnswer(response.statusCode, response.statusMessage, response.body) };
}

const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/photos' })).json<Photo[]>();

describe('the upload queue against the server', () => {
  it('sends a selection above the per-request limit in batches, resends what lost its answer, and stores each file once, in order', async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_FILES: '8' } });
    const cookie = await t.signIn();
    await createPhotos(t, cookie, 1, ['already here.jpg']);
    const files = await pickOf(45);
    let batches = 0;
    const queue = new UploadQueue(files, {
      categoryId: null,
      maxFiles: 8,
      retryDelayMs: () => 0,
      send: async (request) => {
        batches += 1;
        // The second batch reaches the server but its answer is lost, as when the connection drops.
        if (batches === 2) {
          await inject(cookie, request);
          throw new TypeError('Failed to fetch');
        }
        // The fourth never gets through: a gateway answers instead.
        if (batches === 4) return readBatchAnswer(503, 'Service Unavailable', '');
        return (await inject(cookie, request)).answer;
      },
    });
    await queue.run();

    const done = queue.snapshot();
    expect(done.stored).toBe(45);
    expect(done.failed).toBe(0);
    expect(done.percent).toBe(100);
    expect(batches).toBe(8);
    const photos = await listed();
    expect(photos.map((photo) => photo.title)).toEqual([...files.map((file) => file.name.replace('.jpg', '')), 'already here']);
    expect(new Set(done.files.map((item) => item.photoId)).size).toBe(45);
  });

  it('fails a refused file alone, and its retry sends only that file', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const files: NamedBlob[] = await pickOf(3);
    files[1] = new File([new Uint8Array(html())], 'page.jpg', { type: 'image/jpeg' });
    const sent: number[][] = [];
    const queue = new UploadQueue(files, {
      categoryId: null,
      retryDelayMs: () => 0,
      send: async (request) => {
        sent.push(request.files.map((file) => file.position));
        return (await inject(cookie, request)).answer;
      },
    });
    await queue.run();
    expect(queue.snapshot().files.map((item) => item.status)).toEqual(['stored', 'failed', 'stored']);
    // The reason in the client's words for the refusal's code.
    expect(queue.snapshot().files[1]?.reason).toBe('Not a JPEG, PNG, GIF, WebP, HEIC, RAW, MP4, MOV or WebM image');

    queue.retry(1);
    await queue.run();
    expect(sent).toEqual([[0, 1, 2], [1]]);
    expect((await listed()).map((photo) => photo.title)).toEqual(['shot-0', 'shot-2']);
  });

  it('stops at a lost session, failing every file with the sign-in message, storing nothing', async () => {
    t = await createTestApp();
    const files = await pickOf(5);
    const queue = new UploadQueue(files, {
      categoryId: null,
      maxFiles: 2,
      concurrency: 1,
      send: async (request) => (await inject('', request)).answer,
    });
    await queue.run();
    const snapshot = queue.snapshot();
    expect(snapshot.failed).toBe(5);
    expect(snapshot.files[4]?.reason).toMatch(/Authentication Required/);
    expect(await listed()).toEqual([]);
  });
});
