import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { MANIFEST_NAME, publishCommand } from '#server/cli/publish.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { makeToken } from '#tests/fixtures/tokens.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * `npm run cli -- publish` keeps a category in step with an export folder over the HTTP API only:
 * against the app on a loopback port, every request it sends written down on the way in. The
 * first run and a refusal run as real processes (through tsx, as the other command-line tests),
 * proving the command line, its output and its exit codes; the other runs call the same command
 * in this process with the same arguments and environment (a process costs seconds of tsx).
 */
const run = promisify(execFile);
let t: TestApp;
let server: http.Server;
let site: string;
let folder: string;
let token: string;
const requests: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A plain Node server handing each request to the app, so the test sees every one the command sends.
  server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    t.app.routing(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-publish-'));
  token = (await makeToken(t, ['photos:read', 'photos:write', 'categories:write'], 'publisher')).token;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** A run of the command as a process. */
async function publishProcess(...extra: string[]) {
  requests.length = 0;
  const result = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'publish', folder, '--site', site, '--category', 'Harbour', ...extra], {
    env: { ...process.env, ATELIER_TOKEN: token, DATABASE_URL: '', DATA_DIR: '' },
  });
  return { stdout: result.stdout, sent: [...requests] };
}

/** The same run in this process: the command's own entry point, its output read as written. */
async function publish(...extra: string[]) {
  requests.length = 0;
  let stdout = '';
  let stderr = '';
  const env = { ...process.env, ATELIER_TOKEN: token, DATABASE_URL: '', DATA_DIR: '' };
  const code = await publishCommand.remote([folder, '--site', site, '--category', 'Harbour', ...extra], env, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  expect(code, stderr).toBe(0);
  return { stdout, sent: [...requests] };
}

/** The category's photos as a visitor reads them, by their original file's name (the order the page shows). */
async function publishedPhotos(): Promise<Photo[]> {
  return (await t.app.inject({ url: '/api/photos' })).json<Photo[]>();
}

describe('npm run cli -- publish', { tags: ['media'] }, () => {
  it('uploads a folder, sends nothing the second time, replaces a changed file in place and, with --delete, removes a deleted one', async () => {
    for (const [name, width] of [['harbour-01.jpg', 400], ['harbour-02.jpg', 500], ['harbour-03.jpg', 600]] as const) {
      fs.writeFileSync(path.join(folder, name), await jpeg({ width, height: 300 }));
    }
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a photo');

    const first = await publishProcess();
    expect(first.stdout).toContain('Uploaded 3, replaced 0, deleted 0, unchanged 0, failed 0.');
    const uploaded = await publishedPhotos();
    // The category made for it, the photos in the folder's order, titled after their files.
    expect(uploaded.map((photo) => photo.title)).toEqual(['harbour-01', 'harbour-02', 'harbour-03']);
    expect(uploaded.map((photo) => photo.width)).toEqual([400, 500, 600]);
    expect(fs.existsSync(path.join(folder, MANIFEST_NAME))).toBe(true);

    const second = await publish();
    expect(second.stdout).toContain('Uploaded 0, replaced 0, deleted 0, unchanged 3, failed 0.');
    expect(second.sent).toEqual([]);
    expect(await publishedPhotos()).toEqual(uploaded);

    fs.writeFileSync(path.join(folder, 'harbour-02.jpg'), await jpeg({ width: 700, height: 350 }));
    const third = await publish();
    expect(third.stdout).toContain('Uploaded 0, replaced 1, deleted 0, unchanged 2, failed 0.');
    expect(third.sent).toEqual([`PUT /api/photos/${uploaded[1]!.id}/file`]);
    const replaced = await publishedPhotos();
    expect(replaced.map((photo) => photo.id)).toEqual(uploaded.map((photo) => photo.id));
    expect(replaced[1]).toMatchObject({ id: uploaded[1]!.id, title: 'harbour-02', width: 700, version: uploaded[1]!.version + 1 });
    expect(replaced[1]!.filename).not.toBe(uploaded[1]!.filename);

    fs.rmSync(path.join(folder, 'harbour-03.jpg'));
    const withoutDelete = await publish();
    expect(withoutDelete.sent).toEqual([]);
    const fourth = await publish('--delete');
    expect(fourth.stdout).toContain('Uploaded 0, replaced 0, deleted 1, unchanged 2, failed 0.');
    expect(fourth.sent).toEqual([`DELETE /api/photos/${uploaded[2]!.id}`]);
    expect((await publishedPhotos()).map((photo) => photo.id)).toEqual([uploaded[0]!.id, uploaded[1]!.id]);
    expect((await publish('--delete')).sent).toEqual([]);
  });

  it('says how to call it, and refuses to run without a token', async () => {
    const noToken = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'publish', folder, '--site', site, '--category', 'Harbour'], {
      env: { ...process.env, ATELIER_TOKEN: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(noToken).toMatchObject({ code: 2, stderr: expect.stringContaining('ATELIER_TOKEN') });
    let stderr = '';
    const noSite = await publishCommand.remote([folder], { ...process.env, ATELIER_TOKEN: token }, { stdout: () => {}, stderr: (text) => (stderr += text) });
    expect({ code: noSite, stderr }).toMatchObject({ code: 2, stderr: expect.stringContaining('--site <url>') });
  });
});
