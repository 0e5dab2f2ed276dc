import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { makeToken } from '#tests/fixtures/tokens.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * docs/api.md's curl session is run as written, with bash and the real curl (and jq), against the
 * app listening on a loopback port, with a token made for it: the doc is the test's source, so a
 * session that stops working fails here. Only its two placeholders, SITE and TOKEN, are given the
 * test's values; the files it sends are made in its working folder.
 */
const DOC = path.resolve('docs/api.md');
const HEADING = '## A session with curl, from token to published photo';

/** The first ```sh block after the heading. */
function sessionOf(markdown: string): string {
  const section = markdown.slice(markdown.indexOf(HEADING));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!markdown.includes(HEADING) || !block) throw new Error(`docs/api.md has no sh block under "${HEADING}"`);
  return block[1]!;
}

/** The session with the test's site and token in place of the placeholders (each must be there, once). */
function withPlaceholders(session: string, values: { SITE: string; TOKEN: string }): string {
  let script = session;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    if (!line.test(script)) throw new Error(`the session sets no ${name}=`);
    script = script.replace(line, `${name}='${value}'`);
  }
  return script;
}

const run = promisify(execFile);
let t: TestApp;
let site: string;
let workDir: string;
beforeAll(async () => {
  t = await createTestApp();
  site = await t.app.listen({ host: '127.0.0.1', port: 0 });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-curl-session-'));
  fs.writeFileSync(path.join(workDir, 'harbour-01.jpg'), await jpeg({ width: 1200, height: 800 }));
  fs.writeFileSync(path.join(workDir, 'harbour-01-v2.jpg'), await jpeg({ width: 1000, height: 1000 }));
});
afterAll(async () => {
  await t?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('docs/api.md, the curl session', () => {
  it('runs as written and ends with a published photo, drawn from the second file', async () => {
    const token = await makeToken(t, ['photos:read', 'photos:write', 'categories:write'], 'curl session');
    const script = withPlaceholders(sessionOf(fs.readFileSync(DOC, 'utf8')), { SITE: site, TOKEN: token.token });
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: workDir, env: { PATH: process.env.PATH ?? '' } }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`the session failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      },
    );

    const category = (await t.app.inject({ url: '/api/categories' })).json<Category[]>().find((candidate) => candidate.name === 'Harbour at dawn');
    expect(category).toBeDefined();
    const photos = (await t.app.inject({ url: '/api/photos' })).json<Photo[]>().filter((photo) => photo.categoryId === category!.id);
    expect(photos).toHaveLength(1);
    const shown = photos[0]!;
    expect(shown).toMatchObject({ title: 'Harbour at dawn, Lofoten', altText: 'Fishing boats moored in a misty harbour', license: 'cc-by', version: 2 });
    // Its last answer is the photo as a visitor reads it (curl prints the answers one after another).
    const visitorView = await t.app.inject({ url: `/api/photos/${shown.id}` });
    expect(stdout.trimEnd().endsWith(visitorView.body), stdout).toBe(true);
    // Published: in a visitor's list, its display image served publicly, from the second file.
    const display = await t.app.inject({ url: `/uploads/${shown.filename}` });
    expect(display.statusCode).toBe(200);
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ width: 1000, height: 1000 });
  });
});
