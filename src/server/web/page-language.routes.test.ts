import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeBuiltClient } from '#tests/fixtures/built-client.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { LANGUAGES } from '#contract/languages.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const PUBLIC_URL = 'https://portfolio.example';
const EVERY = ['en', 'de', 'fr', 'es', 'ja', 'ar'];

/** The build's manifest as far as languages go: each language but English has its catalog's chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true },
  'src/client/locales/de/visitor.po': { file: 'assets/visitor-de1.js', isDynamicEntry: true },
  'src/client/locales/ar/visitor.po': { file: 'assets/visitor-ar1.js', isDynamicEntry: true },
  'src/client/locales/en/sign-in.po': { file: 'assets/sign-in-en1.js', isDynamicEntry: true },
  'src/client/locales/de/sign-in.po': { file: 'assets/sign-in-de1.js', isDynamicEntry: true },
  'src/client/locales/de/gallery.po': { file: 'assets/gallery-de1.js', isDynamicEntry: true },
};

let clientDir: string;
let t: TestApp;

beforeAll(() => {
  clientDir = makeBuiltClient();
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
});

/** A site that offers every language (a new site offers English alone until its owner offers more). */
async function start(): Promise<TestApp> {
  t = await createTestApp({ clientDir, env: { PUBLIC_URL } });
  await saveSettings(await t.signIn(), { languages: [...LANGUAGES] });
  return t;
}

function getPage(url: string, headers: { acceptLanguage?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(headers.acceptLanguage ? { 'accept-language': headers.acceptLanguage } : {}),
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
    },
  });
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaAll = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta property="${key}" content="([^"]*)" />`, 'g'))].map((match) => match[1]);
const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)" \/>/g)].map(([, language, href]) => [language, href]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((match) => match[1]);

async function saveSettings(cookie: string, settings: object) {
  const response = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: settings });
  expect(response.statusCode, response.body).toBe(200);
}

describe("a page's language", () => {
  it('is English for every browser on a site whose owner has offered no other, as the site spoke before', async () => {
    t = await createTestApp({ clientDir, env: { PUBLIC_URL } });
    for (const asked of [{ acceptLanguage: 'de-DE,de;q=0.9' }, { acceptLanguage: 'ja' }]) {
      const html = (await getPage('/', asked)).body;
      expect(htmlTag(html)).toContain('lang="en" dir="ltr"');
      expect(hreflangs(html)).toEqual([]);
    }
    expect(htmlTag((await getPage('/?lang=ar')).body)).toContain('lang="en" dir="ltr"');
  });

  it("follows Accept-Language by its q-values: <html lang dir>, the title, og:locale and its alternates, hreflang", async () => {
    t = await start();
    const response = await getPage('/', { acceptLanguage: 'fr;q=0.5, de-CH;q=0.9, en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Accept-Language');
    // Negotiated, not asked for in the address: nothing to remember.
    expect(response.headers['set-cookie']).toBeUndefined();
    const html = response.body;
    expect(htmlTag(html)).toBe('<html lang="de" dir="ltr" data-theme="system" data-heading-font="sans">');
    expect(metaAll(html, 'og:locale')).toEqual(['de_DE']);
    expect(metaAll(html, 'og:locale:alternate')).toEqual(['en_US', 'fr_FR', 'es_ES', 'ja_JP', 'ar_AR']);
    expect(hreflangs(html)).toEqual([
      ...EVERY.map((language) => [language, `${PUBLIC_URL}/?lang=${language}`]),
      ['x-default', `${PUBLIC_URL}/`],
    ]);
    // The address without ?lang= is the one whose language the browser decides.
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    // The catalog the German page loads first is fetched beside the entry.
    expect(modulePreloads(html)).toEqual(['/assets/visitor-de1.js']);

    expect(titleOf((await getPage('/login', { acceptLanguage: 'de' })).body)).toBe('Anmelden · Atelier');
    expect(titleOf((await getPage('/no/such/page', { acceptLanguage: 'ja' })).body)).toBe('404 ページが見つかりません · Atelier');
    expect(titleOf((await getPage('/photo/999', { acceptLanguage: 'fr' })).body)).toBe('Photo introuvable · Atelier');
    // English stays the spec's, word for word.
    expect(titleOf((await getPage('/login', { acceptLanguage: 'en-GB' })).body)).toBe('Login · Atelier');
    expect(titleOf((await getPage('/photo/999')).body)).toBe('Photo Not Found · Atelier');
  });

  it('reads Arabic right to left, and English needs no catalog of its own', async () => {
    t = await start();
    const arabic = (await getPage('/', { acceptLanguage: 'ar-EG' })).body;
    expect(htmlTag(arabic)).toBe('<html lang="ar" dir="rtl" data-theme="system" data-heading-font="sans">');
    expect(metaAll(arabic, 'og:locale')).toEqual(['ar_AR']);
    expect(titleOf((await getPage('/forgot-password', { acceptLanguage: 'ar' })).body)).toBe('نسيت كلمة المرور · Atelier');
    const english = (await getPage('/')).body;
    expect(htmlTag(english)).toBe('<html lang="en" dir="ltr" data-theme="system" data-heading-font="sans">');
    expect(modulePreloads(english)).toEqual([]);
  });

  it('names the catalog of a screen that has its own beside the visitor\'s: sign-in in English and the page\'s language', async () => {
    t = await start();
    expect(modulePreloads((await getPage('/login', { acceptLanguage: 'de' })).body)).toEqual(['/assets/visitor-de1.js', '/assets/sign-in-en1.js', '/assets/sign-in-de1.js']);
    expect(modulePreloads((await getPage('/forgot-password')).body)).toEqual(['/assets/sign-in-en1.js']);
    // The portfolio's page never fetches them.
    expect(modulePreloads((await getPage('/', { acceptLanguage: 'de' })).body)).toEqual(['/assets/visitor-de1.js']);
  });

  it("takes the remembered cookie over the browser's language, and ?lang= over both, remembering it", async () => {
    t = await start();
    const remembered = (await getPage('/', { acceptLanguage: 'de', cookie: 'atelier-lang=es' })).body;
    expect(htmlTag(remembered)).toContain('lang="es"');

    const linked = await getPage('/?lang=ja', { acceptLanguage: 'de', cookie: 'atelier-lang=es' });
    expect(htmlTag(linked.body)).toContain('lang="ja"');
    const setCookie = String(linked.headers['set-cookie']);
    expect(setCookie).toMatch(/^atelier-lang=ja;/);
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=31536000');
    expect(setCookie).toContain('SameSite=Lax');
    // The page asked for in Japanese is its own page: its canonical address and og:url say so.
    expect(canonicalOf(linked.body)).toBe(`${PUBLIC_URL}/?lang=ja`);
    expect(metaAll(linked.body, 'og:url')).toEqual([`${PUBLIC_URL}/?lang=ja`]);

    // Already remembered: no cookie again.
    expect((await getPage('/?lang=ja', { cookie: 'atelier-lang=ja' })).headers['set-cookie']).toBeUndefined();
    // A language the site does not speak, in the address or the cookie, is passed over.
    const unknown = await getPage('/?lang=xx', { acceptLanguage: 'fr', cookie: 'atelier-lang=tlh' });
    expect(htmlTag(unknown.body)).toContain('lang="fr"');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it("keeps to the languages the owner offers, with the owner's default for the rest, and says nothing of alternates for one", async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings(cookie, { portfolioTitle: 'Ada Lens', defaultLanguage: 'de', languages: ['en', 'de'] });

    // Japanese is not offered: by the browser, the cookie or the address, the page is the default's.
    for (const headers of [{ acceptLanguage: 'ja' }, { cookie: 'atelier-lang=ja' }, {}]) {
      expect(htmlTag((await getPage('/', headers)).body)).toContain('lang="de"');
    }
    const linked = await getPage('/?lang=ja');
    expect(htmlTag(linked.body)).toContain('lang="de"');
    expect(linked.headers['set-cookie']).toBeUndefined();
    const german = (await getPage('/', { acceptLanguage: 'ja, *;q=0.5' })).body;
    expect(metaAll(german, 'og:locale:alternate')).toEqual(['en_US']);
    expect(hreflangs(german).map(([language]) => language)).toEqual(['en', 'de', 'x-default']);
    // The owner's words are shown as written, in every language.
    expect(titleOf(german)).toBe('Ada Lens');
    expect(titleOf((await getPage('/', { acceptLanguage: 'en' })).body)).toBe('Ada Lens');

    await saveSettings(cookie, { defaultLanguage: 'en', languages: ['en'] });
    const alone = (await getPage('/', { acceptLanguage: 'de' })).body;
    expect(htmlTag(alone)).toContain('lang="en"');
    expect(metaAll(alone, 'og:locale')).toEqual(['en_US']);
    expect(metaAll(alone, 'og:locale:alternate')).toEqual([]);
    expect(hreflangs(alone)).toEqual([]);
  });

  it('keeps each language of a page apart in the page cache', async () => {
    t = await start();
    for (const round of [1, 2]) {
      for (const [acceptLanguage, expected] of [['de', 'de'], ['fr', 'fr'], ['ar', 'ar'], ['en', 'en']] as const) {
        expect(htmlTag((await getPage('/', { acceptLanguage })).body), `round ${round}`).toContain(`lang="${expected}"`);
      }
    }
    // The same language by the address and by the browser are two pages: their canonical addresses differ.
    expect(canonicalOf((await getPage('/?lang=de')).body)).toBe(`${PUBLIC_URL}/?lang=de`);
    expect(canonicalOf((await getPage('/', { acceptLanguage: 'de' })).body)).toBe(`${PUBLIC_URL}/`);
  });

  it('leaves hreflang out of a page kept from search engines, and gives the photo page its own address per language', async () => {
    t = await start();
    const login = (await getPage('/login', { acceptLanguage: 'es' })).body;
    expect(hreflangs(login)).toEqual([]);
    expect(metaAll(login, 'og:locale')).toEqual(['es_ES']);
    expect(htmlTag(login)).toContain('lang="es"');

    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const photoPage = (await getPage(`/photo/${photo!.id}?lang=ar`)).body;
    expect(htmlTag(photoPage)).toContain('lang="ar" dir="rtl"');
    expect(canonicalOf(photoPage)).toBe(`${PUBLIC_URL}/photo/${photo!.id}?lang=ar`);
    expect(hreflangs(photoPage)).toContainEqual(['de', `${PUBLIC_URL}/photo/${photo!.id}?lang=de`]);
    expect(hreflangs(photoPage)).toContainEqual(['x-default', `${PUBLIC_URL}/photo/${photo!.id}`]);
  });
});
