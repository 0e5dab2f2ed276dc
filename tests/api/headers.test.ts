import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_FRAME_ORIGINS } from '#contract/music.ts';
import type { Photo } from '#contract/photos.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The shape of Vite's built index.html: a module script, a stylesheet, the root. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Atelier</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const PAGES = ['/', '/photo/1', '/login', '/forgot-password', '/reset-password?token=abc', '/owner', '/owner/photo/1', '/no/such/page', '/photo/999'];

let clientDir: string;
beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.css'), 'body{}');
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

/** `directive -> sources` of a Content-Security-Policy header. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Every `<script>` of a page that would run: those with neither src nor a data type. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes ?? '') && !/type="application\/(ld\+)?json"/.test(attributes ?? ''))
    .map(([tag]) => tag);
}

function expectPageHeaders(response: LightMyRequestResponse, where: string) {
  const csp = parseCsp(response.headers['content-security-policy']);
  // Scripts from this origin only: no inline script, no eval, no nonce or hash to smuggle one in.
  expect(csp.get('script-src'), where).toEqual(["'self'"]);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  // Frames only from the music players the site embeds.
  expect([...(csp.get('frame-src') ?? [])].sort(), where).toEqual([...EMBED_FRAME_ORIGINS].sort());
  expect(response.headers['x-frame-options'], where).toBe('DENY');
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['permissions-policy'], where).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(response.headers['cross-origin-opener-policy'], where).toBe('same-origin');
}

/**
 * What is not a page (JSON, a script, an error, a 304) is never a document to protect: it gets
 * no CSP to run under but one that loads nothing and lets nothing frame it (as GitHub's API), with
 * nosniff and CORP; the document-only policies (opener, referrer, permissions…) are the pages'.
 * A 304 must not carry another CSP than its 200: a browser puts the 304's over the one it kept.
 */
function expectAnswerHeaders(response: LightMyRequestResponse, where: string) {
  expect(response.headers['content-security-policy'], where).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers['x-frame-options'], where).toBe('DENY');
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
  for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy', 'origin-agent-cluster']) {
    expect(response.headers[name], `${where}: ${name}`).toBeUndefined();
  }
}

describe('headers on every page', () => {
  let t: TestApp;
  let photo: Photo;
  beforeAll(async () => {
    t = await createTestApp({ clientDir });
    [photo] = (await createPhotos(t, await t.signIn(), 1)) as [Photo];
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(PAGES)('%s carries a CSP without inline scripts, frame limits and the privacy headers', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(response, url);
    expect(inlineScripts(response.body), url).toEqual([]);
    // The reset and sign-in links carry their token in the URL.
    const tokenScreen = url.startsWith('/reset-password') || url.startsWith('/login');
    expect(response.headers['referrer-policy']).toBe(tokenScreen ? 'no-referrer' : 'strict-origin-when-cross-origin');
    // Over plain http, no HSTS: a browser would pin https on a site that has none.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the reset and sign-in links out of the Referer header under every form of their URL, in any letter case', async () => {
    for (const url of ['/reset-password', '/reset-password/', '/reset-password?token=x&next=%2F', '/RESET-PASSWORD?token=x', '/Reset-Password/?token=x', '/login?link=x', '/LOGIN?link=x']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends the API, the built assets, a 404 and a 304 the policy that lets nothing load, without the pages\' own', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/photos' });
    const notModified = await t.app.inject({ method: 'GET', url: '/api/photos', headers: { 'if-none-match': String(list.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    const answers = { list, notModified } as Record<string, LightMyRequestResponse>;
    for (const url of ['/assets/index-abc123.js', '/api/nothing-here', '/assets/missing.js']) {
      answers[url] = await t.app.inject({ method: 'GET', url });
    }
    for (const [what, response] of Object.entries(answers)) {
      expectAnswerHeaders(response, what);
    }
  });

  it('gives the template, asked for by name, the page\'s headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expectPageHeaders(response, '/index.html');
  });

  it('has no inline script in the source page template either', () => {
    expect(inlineScripts(fs.readFileSync('index.html', 'utf8'))).toEqual([]);
  });

  it('serves uploads with their exact type, nosniff and a sandbox that runs nothing', async () => {
    for (const name of [photo.filename, photo.thumbnail]) {
      const response = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    }
  });

  it('serves nothing but generated files to any mix of encoded dots, slashes and NULs under /uploads', async () => {
    fs.writeFileSync(path.join(t.config.uploadsDir, 'notes.txt'), 'not generated');
    const key = photo.filename.split('.')[0]!;
    const pieces = ['..', '.', '%2e', '%2E', '%252e', '/', '%2f', '%2F', '%252f', '\\', '%5c', '%00', '%c0%ae', '%c0%af', '%e0%80%ae', ';', '?', '#'];
    const targets = ['atelier.sqlite', 'notes.txt', `originals/${key}.jpg`, `${key}.jpg`, 'etc/passwd', ''];
    const publicFiles = fs
      .readdirSync(t.config.uploadsDir)
      .filter((name) => name !== 'notes.txt')
      .map((name) => fs.readFileSync(path.join(t.config.uploadsDir, name)));
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), fc.constantFrom(...targets), async (prefix, target) => {
        const url = `/uploads/${prefix.join('')}${target}`;
        tried += 1;
        const response = await t.app.inject({ method: 'GET', url });
        const context = `${url}: ${response.statusCode} ${String(response.headers['content-type'])}`;
        // Never the database, a file the server did not generate, or an original.
        expect(response.body, context).not.toContain('SQLite format');
        expect(response.body, context).not.toContain('not generated');
        if (String(response.headers['content-type']).startsWith('image/')) {
          expect(response.statusCode, context).toBe(200);
          expect(publicFiles.some((file) => file.equals(response.rawPayload)), context).toBe(true);
          expect(response.headers['content-security-policy'], context).toBe("sandbox; default-src 'none'");
        } else if (response.statusCode === 200) {
          // The URL parser resolved the dots first: what answers is a page of the site.
          expect(response.headers['content-type'], context).toMatch(/^text\/html/);
        } else {
          expect([400, 404], context).toContain(response.statusCode);
        }
      }),
      { numRuns: 300 },
    );
    expect(tried).toBe(300);
  });
});

describe('headers under https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientDir, env: { PUBLIC_URL: 'https://portfolio.example' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds HSTS for a year with subdomains to every answer, and pages upgrade insecure requests', async () => {
    for (const url of ['/', '/login', '/api/photos', '/api/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      const hsts = String(response.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      if (url.startsWith('/api/')) {
        // A JSON answer loads nothing, over http or https.
        expectAnswerHeaders(response, url);
      } else {
        expect(parseCsp(response.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(true);
        expectPageHeaders(response, url);
      }
    }
  });
});
