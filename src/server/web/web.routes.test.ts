import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PageData } from '#contract/page-data.ts';
import type { Photo } from '#contract/photos.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { makeBuiltClient } from '#tests/fixtures/built-client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const PUBLIC_URL = 'https://portfolio.example';

let clientDir: string;
let t: TestApp;

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** The build's manifest, in its shape: the photo screen is a lazy chunk sharing one chunk with the entry. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared-s1.js'], dynamicImports: ['src/client/app/routes/photo-detail.tsx'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  '_badge-b1.js': { file: 'assets/badge-b1.js', imports: ['_shared-s1.js'] },
  'src/client/app/routes/photo-detail.tsx': {
    file: 'assets/photo-detail-p1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-s1.js', '_badge-b1.js'],
  },
};

beforeAll(() => {
  clientDir = makeBuiltClient();
  // A built script with the compressed copies the build writes beside it.
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
});

const start = () => createTestApp({ clientDir, env: { PUBLIC_URL } });
const getPage = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function decodeEntities(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The content of `<meta {attribute}="{key}">`, unescaped, or undefined. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function titleOf(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
}

/** The embedded first data, checked against the contract. */
function pageDataOf(html: string): PageData {
  const matches = [...html.matchAll(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/g)];
  expect(matches).toHaveLength(1);
  return PageData.parse(JSON.parse(matches[0]?.[1] ?? ''));
}

async function saveSettings(cookie: string, settings: object) {
  const response = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: settings });
  expect(response.statusCode, response.body).toBe(200);
}

async function editPhoto(cookie: string, photo: Photo, changes: object) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/photos/${photo.id}`,
    headers: { cookie },
    payload: { title: photo.title, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Photo>();
}

describe('the portfolio page', () => {
  it("carries the owner's title, description, canonical URL, Open Graph and Twitter tags", async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Ada Lens', portfolioSubtitle: 'Street photography\nfrom Lisbon' });
    const banner = `banner-${'a'.repeat(32)}.webp`;
    await t.database.db.updateTable('users').set({ bannerImage: banner }).execute();

    for (const url of ['/', '/ada']) {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(titleOf(html)).toBe('Ada Lens');
      expect(metaContent(html, 'description')).toBe('Street photography from Lisbon');
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
      expect(metaContent(html, 'og:title')).toBe('Ada Lens');
      expect(metaContent(html, 'og:description')).toBe('Street photography from Lisbon');
      expect(metaContent(html, 'og:type')).toBe('website');
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
      expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/${banner}?v=1`);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/${banner}?v=1`);
      // The template's own title is gone and its script stays.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    }
  });

  it('uses the first photo of the page as the preview image when there is no banner', async () => {
    t = await start();
    const cookie = await t.signIn();
    // The photo bank's first photo comes after every category's photos on the page.
    const [, second] = await createPhotos(t, cookie, 2, ['bank.jpg', 'cover.jpg']);
    const category = await createCategory(t, 'Streets', 0);
    await t.database.db.updateTable('photos').set({ categoryId: category }).where('id', '=', second!.id).execute();

    const html = (await getPage('/')).body;
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/${second!.filename}?v=${second!.version}`);
    expect(metaContent(html, 'og:image:width')).toBe(String(second!.width));
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="/uploads/${second!.thumbnail}?v=1"`);
  });

  it('escapes whatever the owner typed in every tag', async () => {
    t = await start();
    const cookie = await t.signIn();
    const title = '<script>alert("x")</script> & "Co"';
    await saveSettings(cookie, { portfolioTitle: title, portfolioSubtitle: `It's <b>bold</b>` });

    const html = (await getPage('/')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot;</title>');
    expect(titleOf(html)).toBe(title);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'description')).toBe(`It's <b>bold</b>`);
    // Exactly three scripts: the data element, the structured data and the bundle; the
    // title reaches the JSON-LD whole, without a `<` that could end its element.
    expect(html.match(/<script/g)).toHaveLength(3);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(jsonLd![1]!)['@graph'][0]).toMatchObject({ '@type': 'Person', name: title });
  });

  it('embeds the owner, the categories and the first photos exactly as the API gives them', async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Ada' });
    const [photo] = await createPhotos(t, cookie, 2);
    await editPhoto(cookie, photo!, { title: '</script><script>alert(1)</script>', description: 'a <!-- b\u2028c' });
    await createCategory(t, 'Streets', 0);

    const html = (await getPage('/')).body;
    const data = pageDataOf(html);
    expect(data.owner).toEqual((await t.app.inject('/api/portfolio-owner')).json());
    expect(data.categories).toEqual((await t.app.inject('/api/categories')).json());
    expect(data.photoSections).toEqual((await t.app.inject('/api/photos/sections')).json());
    expect(data.photoSections?.sections.flatMap((section) => section.photos)).toEqual((await t.app.inject('/api/photos')).json());
    expect(data.photoSections?.sections.flatMap((section) => section.photos).map((p) => p.title)).toContain(
      '</script><script>alert(1)</script>',
    );
    // Nothing in the data can close the element or open a comment.
    const element = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(element).not.toContain('<');
    expect(element).toContain('\\u003c/script>');
  });

  it('tells the client a cookieless visitor is signed out, and lets a signed-in owner ask', async () => {
    t = await start();
    expect(pageDataOf((await getPage('/')).body).user).toBeNull();
    const cookie = await t.signIn();
    const response = await getPage('/', cookie);
    expect(pageDataOf(response.body)).not.toHaveProperty('user');
    expect(response.headers.vary).toContain('Cookie');
  });

  it("paints the owner's theme default and heading font on <html>, a visitor's remembered theme over it, on every screen", async () => {
    t = await start();
    const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
    expect(htmlTag((await getPage('/')).body)).toBe('<html lang="en" dir="ltr" data-theme="system" data-heading-font="sans">');
    const cookie = await t.signIn();
    await saveSettings(cookie, { themeDefault: 'dark', headingFont: 'serif' });
    for (const url of ['/', '/login', '/no/such/page', '/photo/999']) {
      expect(htmlTag((await getPage(url)).body)).toBe('<html lang="en" dir="ltr" data-theme="dark" data-heading-font="serif">');
    }
    // The visitor's own choice wins, and a cached visitor page never serves one visitor's theme to another.
    expect(htmlTag((await getPage('/', 'atelier-theme=light')).body)).toContain('data-theme="light"');
    expect(htmlTag((await getPage('/')).body)).toContain('data-theme="dark"');
    expect(htmlTag((await getPage('/', 'atelier-theme=sepia')).body)).toContain('data-theme="dark"');
  });

  it('omits the description and the image rather than invent them', async () => {
    t = await start();
    const html = (await getPage('/')).body;
    expect(titleOf(html)).toBe('Atelier');
    expect(metaContent(html, 'description')).toBeUndefined();
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(pageDataOf(html)).toEqual({ owner: expect.objectContaining({ username: 'owner' }), categories: [], photoSections: { sections: [] }, user: null });
  });
});

describe('the photo page', () => {
  it("previews the photo: its title, description, display image and its own URL", async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Ada Lens' });
    const [uploaded] = await createPhotos(t, cookie, 1);
    const photo = await editPhoto(cookie, uploaded!, { title: 'Tram 28', description: 'Alfama at dawn.\nShot on film.' });
    const category = await createCategory(t, 'Streets', 0);
    await t.database.db.updateTable('photos').set({ categoryId: category }).where('id', '=', photo.id).execute();

    for (const url of [`/photo/${photo.id}`, `/ada/photo/${photo.id}`]) {
      const response = await getPage(url);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(titleOf(html)).toBe('Tram 28 · Ada Lens');
      expect(metaContent(html, 'description')).toBe('Alfama at dawn. Shot on film.');
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/photo/${photo.id}`);
      expect(metaContent(html, 'og:title')).toBe('Tram 28 · Ada Lens');
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/photo/${photo.id}`);
      expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/${photo.filename}?v=${photo.version}`);
      expect(metaContent(html, 'og:image:width')).toBe(String(photo.width));
      expect(metaContent(html, 'og:image:height')).toBe(String(photo.height));
      expect(metaContent(html, 'og:image:alt')).toBe('Tram 28');
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

      const data = pageDataOf(html);
      expect(data.photo).toEqual((await t.app.inject(`/api/photos/${photo.id}`)).json());
      expect(data.photo?.category).toEqual({ id: category, name: 'Streets' });
    }
  });

  it("names the photo screen's lazy chunks for preloading, and no chunk the entry already brings", async () => {
    t = await start();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((match) => match[1]);
    for (const url of [`/photo/${photo!.id}`, '/ada/photo/999999']) {
      expect(preloads((await getPage(url)).body), url).toEqual(['/assets/photo-detail-p1.js', '/assets/badge-b1.js']);
    }
    // The portfolio is in the entry itself.
    expect(preloads((await getPage('/')).body)).toEqual([]);
  });

  it('answers 404 with "Photo Not Found" for a missing or malformed id', async () => {
    t = await start();
    for (const url of ['/photo/999999', '/photo/abc', '/photo/0', '/ada/photo/1.5']) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(404);
      expect(titleOf(response.body)).toBe('Photo Not Found · Atelier');
      expect(metaContent(response.body, 'robots')).toBe('noindex');
      expect(pageDataOf(response.body).photo).toBeUndefined();
    }
  });
});

describe('compression', () => {
  it('sends the page and the built scripts compressed to a browser that accepts it', async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Compressed' });
    await createPhotos(t, cookie, 3);

    const plain = await getPage('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
  });
});

describe('other pages', () => {
  it('keeps sign-in screens and unknown paths out of search results', async () => {
    t = await start();
    const login = await getPage('/login');
    expect(login.statusCode).toBe(200);
    expect(titleOf(login.body)).toBe('Login · Atelier');
    expect(metaContent(login.body, 'robots')).toBe('noindex');

    const missing = await getPage('/a/b/c');
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe('404 Page Not Found · Atelier');
  });

  it('go by the portfolio\'s name once the owner chose it for the top bar, not the product\'s', async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Ada Lens' });
    // A title alone does not rename the sign-in screens: the top bar still shows the product.
    expect(titleOf((await getPage('/login')).body)).toBe('Login · Atelier');
    await saveSettings(cookie, { topBarBrand: 'portfolio' });
    expect(titleOf((await getPage('/login')).body)).toBe('Login · Ada Lens');
    expect(titleOf((await getPage('/reset-password')).body)).toBe('Reset password · Ada Lens');
    expect(titleOf((await getPage('/a/b/c')).body)).toBe('404 Page Not Found · Ada Lens');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the home page and every photo page with absolute URLs', async () => {
    t = await start();
    const cookie = await t.signIn();
    const photos = await createPhotos(t, cookie, 2);

    const response = await getPage('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([`${PUBLIC_URL}/`, ...photos.map((photo) => `${PUBLIC_URL}/photo/${photo.id}`)]);
    expect(response.body).toContain(`<image:loc>${PUBLIC_URL}/uploads/${photos[0]!.filename}?v=1</image:loc>`);
  });

  it("names each page's address per offered language, and x-default, once the site offers more than English", async () => {
    t = await start();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const alternates = (body: string) => [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map(([, language, href]) => [language, href]);
    expect(alternates((await getPage('/sitemap.xml')).body)).toEqual([]);

    const saved = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { languages: ['en', 'de', 'ar'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await getPage('/sitemap.xml')).body;
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const photoPage = `${PUBLIC_URL}/photo/${photo!.id}`;
    expect(alternates(body)).toEqual([
      ['en', `${PUBLIC_URL}/?lang=en`],
      ['de', `${PUBLIC_URL}/?lang=de`],
      ['ar', `${PUBLIC_URL}/?lang=ar`],
      ['x-default', `${PUBLIC_URL}/`],
      ['en', `${photoPage}?lang=en`],
      ['de', `${photoPage}?lang=de`],
      ['ar', `${photoPage}?lang=ar`],
      ['x-default', photoPage],
    ]);
  });

  it('allows every crawler, keeps them off the API and points at the sitemap', async () => {
    t = await start();
    const response = await getPage('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]),
    );
  });
});
