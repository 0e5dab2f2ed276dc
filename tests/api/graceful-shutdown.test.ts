import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { rawMultipart } from '#tests/api/support/multipart.ts';
import { bundleServer, startServer } from '#tests/api/support/server-process.ts';
import { waitFor } from '#tests/api/support/wait.ts';

/**
 * Issue 9: SIGTERM (a deploy, a scale-down) stops taking requests but lets an upload already
 * arriving finish and be stored, then the process exits cleanly.
 */
const OWNER = { username: 'owner', password: 'graceful shutdown password' };

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let dataDir: string;
beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shutdown-'));
}, 60_000);
afterAll(() => {
  bundle?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A POST whose body the test sends in two parts, with the answer as a promise. Its connection is
 * kept alive with no idle timeout on this side, as a browser's may be: it turns idle only after
 * shutdown began, and the server must close it rather than wait for the client to.
 */
function slowUpload(url: string, cookie: string, body: Buffer, contentType: string) {
  const request = http.request(`${url}/api/photos/upload`, {
    method: 'POST',
    headers: { cookie, 'content-type': contentType, 'content-length': body.length },
    agent: new http.Agent({ keepAlive: true }),
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  return { request, answer };
}

// SQLite only: the process is the same on PostgreSQL, and this one needs no database of its own.
describe.runIf(process.env.TEST_DIALECT !== 'postgres')('SIGTERM', () => {
  it('lets an upload in flight finish and be stored, refuses new work, and exits with 0', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password };
    const server = await startServer(bundle.dir, env);
    let exitedEarly = true;
    try {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

      const image = await jpeg({ width: 1200, height: 900 });
      const { body, contentType } = rawMultipart([{ field: 'photos', filename: 'late.jpg', data: image, type: 'image/jpeg' }]);
      const half = Math.floor(body.length / 2);
      const upload = slowUpload(server.url, cookie, body, contentType);
      upload.request.write(body.subarray(0, half));
      // The server is streaming the file to its temp folder: the upload is in flight.
      const tmpDir = path.join(dataDir, 'tmp');
      await waitFor(() => fs.existsSync(tmpDir) && fs.readdirSync(tmpDir).length > 0, 'the upload to reach the server');

      server.child.kill('SIGTERM');
      await waitFor(() => server.output().includes('shutting down'), 'the server to start shutting down');
      // No new work once shutting down: a new connection is refused or answered 503.
      const late = await fetch(`${server.url}/api/photos`).then((response) => response.status, () => 'refused');
      expect(['refused', 503]).toContain(late);

      upload.request.end(body.subarray(half));
      const answer = await upload.answer;
      expect(answer.status, answer.body).toBe(201);
      const [photo] = (JSON.parse(answer.body) as { photos: Photo[] }).photos;
      expect(photo?.filename).toMatch(/\.jpg$/);
      expect(await server.exited).toBe(0);
      exitedEarly = false;

      // Started again, the site has the photo and its file.
      const again = await startServer(bundle.dir, env);
      try {
        const photos = (await (await fetch(`${again.url}/api/photos`)).json()) as Photo[];
        expect(photos.map((listed) => listed.id)).toEqual([photo!.id]);
        // Read to the end: an answer left unread holds its connection, and with it the shutdown.
        const file = await fetch(`${again.url}/uploads/${photo!.filename}`);
        expect(file.status).toBe(200);
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    } finally {
      if (exitedEarly) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  }, 60_000);
});
