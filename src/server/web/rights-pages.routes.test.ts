import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The Atom feed's schema, RFC 4287 Appendix B, in RELAX NG's XML syntax. */
const ATOM_SCHEMA = path.join(import.meta.dirname, '../../../tests/fixtures/atom.rng');
const PUBLIC_URL = 'https://portfolio.example';
let t: TestApp;
const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

const start = () => createTestApp({ clientDir: clientDir(), env: { PUBLIC_URL } });
const put = (url: string, payload: Record<string, unknown>, cookie: string) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
const saveSettings = async (payload: Record<string, unknown>, cookie: string) =>
  expect((await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload })).statusCode).toBe(200);

/** xmllint's verdict on the document against the RFC's schema: its exit status and messages. */
function validateAtom(xml: string): { status: number | null; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--relaxng', ATOM_SCHEMA, '-'], { input: xml, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}
const graphOf = (html: string) => (jsonLdOf(html)['@graph'] as Array<Record<string, unknown>>);

describe('the Atom feed', () => {
  it('lists the new public photos and releases with images and alt text, validates against RFC 4287, and leaves out what visitors cannot see', async () => {
    t = await start();
    const cookie = await t.signIn();
    // An empty site's feed is valid too.
    const empty = await t.app.inject({ url: '/feed.xml' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(validateAtom(empty.body)).toMatchObject({ status: 0 });

    const shown = await createCategory(t, 'Shown', 0);
    const draft = await createCategory(t, 'Draft', 1);
    const [open, release, hidden, trashed] = await createPhotos(t, cookie, 4);
    await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: [open!.id, release!.id, trashed!.id], categoryId: shown } });
    await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: [hidden!.id], categoryId: draft } });
    await put(`/api/categories/${draft}`, { hidden: true }, cookie);
    await put(`/api/photos/${open!.id}`, { title: 'Dune & sea <1>', altText: 'A dune "at" dawn', description: 'Windy.' }, cookie);
    await put(`/api/photos/${release!.id}`, { title: 'Night EP', hyperlink: 'https://open.spotify.com/album/1' }, cookie);
    await t.app.inject({ method: 'POST', url: '/api/photos/delete', headers: { cookie }, payload: { ids: [trashed!.id] } });

    const feed = await t.app.inject({ url: '/feed.xml' });
    expect(feed.statusCode).toBe(200);
    const verdict = validateAtom(feed.body);
    expect(verdict.output).toContain('validates');
    expect(verdict.status).toBe(0);

    const entries = feed.body.split('<entry>').slice(1);
    expect(entries).toHaveLength(2);
    const ids = entries.map((entry) => /<id>([^<]+)<\/id>/.exec(entry)?.[1]);
    expect(ids.sort()).toEqual([`${PUBLIC_URL}/photo/${open!.id}`, `${PUBLIC_URL}/photo/${release!.id}`].sort());
    expect(feed.body).not.toContain(`/photo/${hidden!.id}<`);
    expect(feed.body).not.toContain(`/photo/${trashed!.id}<`);
    const dune = entries.find((entry) => entry.includes(`/photo/${open!.id}<`))!;
    expect(dune).toContain('<title>Dune &amp; sea &lt;1&gt;</title>');
    // The content is HTML escaped once more: the image with its alt text.
    expect(dune).toContain(`&lt;img src=&quot;${PUBLIC_URL}/uploads/${open!.filename}?v=${open!.version}&quot; alt=&quot;A dune &amp;quot;at&amp;quot; dawn&quot;`);
    expect(dune).toContain(`<link rel="enclosure" type="image/jpeg" href="${PUBLIC_URL}/uploads/${open!.filename}?v=${open!.version}"`);
    expect(entries.find((entry) => entry.includes(`/photo/${release!.id}<`))).toContain('<category term="release" />');

    // The validator does refuse what RFC 4287 forbids: an entry without a title.
    const broken = validateAtom(feed.body.replace(/<title>Night EP<\/title>/, ''));
    expect(broken.status).not.toBe(0);
  });

  it('refuses control characters in what it shows, and stays readable with those saved before', async () => {
    t = await start();
    const cookie = await t.signIn();
    const shown = await createCategory(t, 'Shown', 0);
    const [photo] = await createPhotos(t, cookie, 1);
    await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: [photo!.id], categoryId: shown } });

    const refused = await put(`/api/photos/${photo!.id}`, { title: 'Bell\u0007 and \u001b[2J', description: 'Fine.' }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [{ path: 'title', message: 'Title must be one line, without control characters' }] });
    for (const [field, value, message] of [
      ['title', 'Two\nlines', 'Title must be one line, without control characters'],
      ['title', 'C1\u0085', 'Title must be one line, without control characters'],
      ['title', 'Half \ud800 a pair', 'Title must be one line, without control characters'],
      ['description', 'Null\u0000', 'Description must not contain control characters'],
      ['altText', 'Back\bspace', 'Alt text must not contain control characters'],
    ] as const) {
      const answer = await put(`/api/photos/${photo!.id}`, { title: 'Dune', [field]: value }, cookie);
      expect(answer.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(answer.json().issues, field).toContainEqual({ path: field, message });
    }
    const settings = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { portfolioTitle: 'Site\u0001' } });
    expect(settings.json()).toMatchObject({ issues: [{ path: 'portfolioTitle', message: 'Title must be one line, without control characters' }] });
    // Text over lines keeps its tabs and line breaks.
    expect((await put(`/api/photos/${photo!.id}`, { title: 'Dune', description: 'One\n\tTwo\r\nThree' }, cookie)).statusCode).toBe(200);

    // A title saved before the contract refused them: the feed drops what XML cannot hold.
    await t.database.db.updateTable('photos').set({ title: 'Old\u0001\u001b title' }).where('id', '=', photo!.id).execute();
    const feed = await t.app.inject({ url: '/feed.xml' });
    expect(feed.statusCode).toBe(200);
    expect(validateAtom(feed.body)).toMatchObject({ status: 0 });
    expect(feed.body).toContain('<title>Old title</title>');
  });

  it('is named in the head of every page', async () => {
    t = await start();
    for (const url of ['/', '/login', '/no-such/page/here']) {
      expect((await t.app.inject({ url })).body, url).toContain('<link rel="alternate" type="application/atom+xml" title="Atelier" href="/feed.xml" />');
    }
  });
});

describe('structured data', () => {
  it('gives a photo page an ImageObject with every property of the image-licence markup', async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings({ portfolioTitle: 'Ada Studio', showContactForm: true, twitterUrl: 'https://x.com/ada' }, cookie);
    const categoryId = await createCategory(t, 'Dunes');
    const [photo] = await createPhotos(t, cookie, 1);
    await t.app.inject({ method: 'POST', url: '/api/photos/move', headers: { cookie }, payload: { ids: [photo!.id], categoryId } });
    await put(`/api/categories/${categoryId}`, { defaultLicense: 'cc-by-nc', defaultCopyright: '© 2026 Ada </script>' }, cookie);
    await put(`/api/photos/${photo!.id}`, { title: 'Dune', altText: 'A dune at dawn', credit: 'Ada L.' }, cookie);
    // The licence and credit are rendered into the copies by a job: the photo's file and version
    // change when it has run, so the photo is read once it has, not while it may run between reads.
    await t.runJobs();
    const current = (await t.app.inject({ url: `/api/photos/${photo!.id}` })).json<Photo>();

    const html = (await t.app.inject({ url: `/photo/${photo!.id}` })).body;
    expect(html).toContain('<meta property="og:image:alt" content="A dune at dawn" />');
    expect(html).not.toContain('</script>"');
    const graph = graphOf(html);
    expect(jsonLdOf(html)['@context']).toBe('https://schema.org');
    const image = graph.find((node) => node['@type'] === 'ImageObject')!;
    expect(image).toMatchObject({
      contentUrl: `${PUBLIC_URL}/uploads/${current.filename}?v=${current.version}`,
      creator: { '@type': 'Person', name: 'Ada Studio' },
      creditText: 'Ada L.',
      copyrightNotice: '© 2026 Ada </script>',
      license: 'https://creativecommons.org/licenses/by-nc/4.0/',
      acquireLicensePage: `${PUBLIC_URL}/?contact=licence`,
      caption: 'A dune at dawn',
    });
    expect(graph.find((node) => node['@type'] === 'Person')).toMatchObject({ name: 'Ada Studio', sameAs: ['https://x.com/ada'] });
  });

  it('gives the portfolio the owner with the social links, and releases as MusicAlbum or MusicRecording with their tracks', async () => {
    t = await start();
    const cookie = await t.signIn();
    await saveSettings({ portfolioTitle: 'Ada Studio', substackUrl: 'https://ada.substack.com', showContactForm: false }, cookie);
    const [album, single, still] = await createPhotos(t, cookie, 3);
    await put(`/api/photos/${album!.id}`, { title: 'Night EP', tracks: [{ title: 'One', duration: '02:30' }, { title: 'Two', duration: '10:05' }] }, cookie);
    await put(`/api/photos/${single!.id}`, { title: 'Glow', hyperlink: 'https://open.spotify.com/track/1', tracks: [{ title: 'Glow', duration: '03:00' }] }, cookie);
    await put(`/api/photos/${still!.id}`, { title: 'A still' }, cookie);

    const home = graphOf((await t.app.inject({ url: '/' })).body);
    expect(home.find((node) => node['@type'] === 'Person')).toMatchObject({ name: 'Ada Studio', url: `${PUBLIC_URL}/`, sameAs: ['https://ada.substack.com'] });
    expect(home.find((node) => node['@type'] === 'MusicAlbum')).toMatchObject({
      name: 'Night EP',
      numTracks: 2,
      track: [
        { '@type': 'MusicRecording', position: 1, name: 'One', duration: 'PT2M30S' },
        { '@type': 'MusicRecording', position: 2, name: 'Two', duration: 'PT10M5S' },
      ],
    });
    expect(home.find((node) => node['@type'] === 'MusicRecording')).toMatchObject({ name: 'Glow', duration: 'PT3M0S', sameAs: 'https://open.spotify.com/track/1' });
    expect(home.filter((node) => node.name === 'A still')).toEqual([]);

    const albumPage = graphOf((await t.app.inject({ url: `/photo/${album!.id}` })).body);
    expect(albumPage.map((node) => node['@type']).sort()).toEqual(['ImageObject', 'MusicAlbum', 'Person']);
    // All rights reserved (nothing chosen), and no contact form: the licence is asked for on the portfolio.
    expect(albumPage.find((node) => node['@type'] === 'ImageObject')).toMatchObject({ license: `${PUBLIC_URL}/`, acquireLicensePage: `${PUBLIC_URL}/`, copyrightNotice: '© Ada Studio', creditText: 'Ada Studio' });
  });
});
