import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import type { NewGalleryLink } from '#contract/galleries.ts';
import type { PhotoWithCategory } from '#contract/photos.ts';
import type { NewApiToken, TokenScope } from '#contract/tokens.ts';
import { CANON_40D_JPEG, NIKON_D70_JPEG, PENTAX_K10D_JPEG } from '#tests/fixtures/camera-files.ts';
import { bundleServer, startServer } from '#tests/api/support/server-process.ts';

/**
 * The Lightroom Classic publish service (integrations/lightroom/atelier.lrplugin), run by Debian's
 * Lua 5.4 against the built server on a loopback port. tests/integrations/lightroom/lightroom-sdk.lua
 * stands in for the SDK calls the plug-in makes (its HTTP goes through curl), and drive.lua plays
 * Lightroom: one action a run, the catalog kept in a JSON file between runs. What the site holds
 * is read back through the API.
 */

const run = promisify(execFile);
/** Debian's Lua 5.4; LIGHTROOM_LUA=lua5.1 runs the plug-in under Lightroom's own Lua version instead. */
const LUA = process.env.LIGHTROOM_LUA ?? 'lua5.4';
const DRIVER = path.join(import.meta.dirname, 'lightroom', 'drive.lua');
const OWNER = { username: 'owner', password: 'lightroom test password' };
/** What docs/lightroom.md asks the owner to give the token. */
const SCOPES: TokenScope[] = ['photos:read', 'photos:write', 'categories:write', 'galleries:read'];

interface Request {
  method: string;
  url: string;
  headers: string[];
  status: number;
}
interface CatalogPhoto {
  localId: string;
  file: string;
  exportName: string;
  metadata: Record<string, string>;
  raw?: Record<string, string | number>;
  remoteId?: string;
  url?: string;
  edited?: boolean;
  comments?: LightroomComment[];
}
interface LightroomComment {
  commentId: string;
  commentText: string;
  dateCreated?: number;
  username: string;
  realname: string;
}
interface Catalog {
  settings: Record<string, string | boolean>;
  prefs: Record<string, string | number>;
  collections: Array<{ localId: string; name: string; isDefault?: boolean; remoteId?: string; settings?: Record<string, unknown>; photos: CatalogPhoto[] }>;
}

let bundle: Awaited<ReturnType<typeof bundleServer>>;
const stops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  bundle = await bundleServer();
}, 60_000);
afterAll(() => bundle?.remove());
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A response as the tests read it, from the real server over HTTP. */
interface Answer {
  statusCode: number;
  body: string;
  json: <T>() => T;
}
type Call = (request: { method: string; url: string; headers?: Record<string, string>; payload?: object }) => Promise<Answer>;

/**
 * The built server (as `npm start` runs it) on a loopback port, with a data folder of its own and,
 * on PostgreSQL, a database of its own; its owner signed in, and a token made as docs/lightroom.md says.
 */
async function site() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lightroom-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password, DATABASE_URL: '' };
  let dropDatabase = async () => {};
  if (process.env.TEST_DIALECT === 'postgres') {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `lightroom_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const server = await startServer(bundle.dir, env);
  stops.push(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const { url } = server;
  const call: Call = async ({ method, url: callPath, headers = {}, payload }) => {
    const response = await fetch(`${url}${callPath}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: <T>() => JSON.parse(body) as T };
  };
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
  expect(login.status, await login.text()).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const confirmed = await call({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const made = await call({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Lightroom', scopes: SCOPES } });
  expect(made.statusCode, made.body).toBe(201);
  const { token } = made.json<NewApiToken>();
  /** The API as the owner's tools see it, with the plug-in's token. */
  const api = async <T>(method: 'GET' | 'POST' | 'PUT', apiPath: string, payload?: object) => {
    const response = await call({ method, url: apiPath, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body, json: () => response.json<T>() };
  };
  const photo = async (id: string | number) => api<PhotoWithCategory>('GET', `/api/photos/${id}`);
  const categories = async () => (await api<Category[]>('GET', '/api/categories')).json();

  const catalogPath = path.join(dataDir, 'lightroom-catalog.json');
  const catalog = (): Catalog => JSON.parse(fs.readFileSync(catalogPath, 'utf8')) as Catalog;
  const writeCatalog = (value: Catalog) => fs.writeFileSync(catalogPath, JSON.stringify(value));
  /** One action of Lightroom's, by the plug-in; its answer, with every request it made. */
  const lightroom = async <T>(...args: string[]): Promise<T & { requests: Request[]; dialogs: unknown[] }> => {
    const { stdout } = await run(LUA, [DRIVER, catalogPath, ...args]);
    const answer = JSON.parse(stdout) as T & { requests: Request[]; dialogs: unknown[] };
    // Every call carries the token and nothing else a browser would: no cookie, no Origin.
    for (const request of answer.requests) {
      expect(request.url.startsWith(`${url}/api/`), request.url).toBe(true);
      expect(request.headers).toContain('Authorization');
      expect(request.headers).not.toContain('Cookie');
      expect(request.headers).not.toContain('Origin');
    }
    return answer;
  };
  return { call, url, token, cookie, api, photo, categories, catalog, writeCatalog, lightroom };
}

const harbour = (): CatalogPhoto[] => [
  {
    localId: 'boats',
    file: CANON_40D_JPEG,
    exportName: 'harbour-01.jpg',
    metadata: { title: 'Boats at first light', caption: 'The fleet before it sails.', keywordTagsForExport: 'harbour, fishing boats, mist' },
  },
  {
    localId: 'nets',
    file: NIKON_D70_JPEG,
    exportName: 'harbour-02.jpg',
    metadata: { title: 'Nets', caption: '', keywordTagsForExport: '' },
  },
];

describe('the Lightroom Classic publish service', { tags: ['media'] }, () => {
  it('checks the site and token, publishes a collection as a category, renames it, removes a photo and deletes it', async () => {
    const s = await site();
    s.writeCatalog({
      settings: { siteUrl: `${s.url}/`, token: s.token, license: 'cc-by', altTextFromKeywords: true },
      prefs: {},
      collections: [
        { localId: 'bank', name: 'Photo bank', isDefault: true, photos: [{ localId: 'pier', file: PENTAX_K10D_JPEG, exportName: 'pier.jpg', metadata: { title: 'Pier' } }] },
        { localId: 'harbour', name: 'Harbour at dawn', photos: harbour() },
      ],
    });

    const checked = await s.lightroom<{ status: string; defaultCollectionName: string }>('check');
    expect(checked.status).toBe('The site answered; the token is taken.');
    expect(checked.defaultCollectionName).toBe('Photo bank');

    // Publish: the category is made, each photo uploaded into it, and Lightroom keeps their ids.
    const published = await s.lightroom<{ categoryId: string; progressDone: boolean; photos: Array<{ localId: string; remoteId: string; url: string; failure?: string }> }>(
      'publish',
      'Harbour at dawn',
    );
    expect(published.photos.map((photo) => photo.failure)).toEqual([undefined, undefined]);
    expect(published.progressDone).toBe(true);
    const categoryId = Number(published.categoryId);
    expect(await s.categories()).toEqual([expect.objectContaining({ id: categoryId, name: 'Harbour at dawn' })]);
    const [boats, nets] = published.photos;
    for (const entry of published.photos) {
      const stored = await s.photo(entry.remoteId);
      expect(stored.status).toBe(200);
      expect(stored.json().categoryId).toBe(categoryId);
      expect(entry.url).toBe(`${s.url}/photo/${entry.remoteId}`);
    }
    expect(s.catalog().collections[1]!.remoteId).toBe(String(categoryId));
    // The upload's requests: one category, two photos, and the token alone on each.
    expect(published.requests.map((request) => `${request.method} ${new URL(request.url).pathname} ${request.status}`)).toEqual([
      'POST /api/categories 201',
      'POST /api/photos/upload 201',
      'POST /api/photos/upload 201',
    ]);

    // Publishing again sends nothing: every photo is published and unchanged.
    expect((await s.lightroom<{ photos: unknown[] }>('publish', 'Harbour at dawn')).photos).toEqual([]);

    // The default collection is the photo bank: its photos go in no category.
    const bank = await s.lightroom<{ categoryId?: string; photos: Array<{ remoteId: string }> }>('publish', 'Photo bank');
    expect(bank.categoryId).toBeUndefined();
    expect((await s.photo(bank.photos[0]!.remoteId)).json().categoryId).toBeNull();

    // Renaming the collection renames the category (any text JSON carries); the same category, the same photos.
    expect((await s.lightroom<{ refused?: string }>('rename', 'Harbour at dawn', ' ')).refused).toBe('A category needs a name.');
    await s.lightroom('rename', 'Harbour at dawn', 'Port à l’aube, “early”');
    expect(await s.categories()).toEqual([expect.objectContaining({ id: categoryId, name: 'Port à l’aube, “early”' })]);
    expect((await s.photo(boats!.remoteId)).json().categoryId).toBe(categoryId);

    // Removing a photo from the collection deletes it on the site (to its trash); the other stays.
    const removed = await s.lightroom<{ deleted: string[] }>('remove', 'Port à l’aube, “early”', 'nets');
    expect(removed.deleted).toEqual([nets!.remoteId]);
    expect((await s.photo(nets!.remoteId)).status).toBe(404);
    expect((await s.photo(boats!.remoteId)).status).toBe(200);
    expect(s.catalog().collections[1]!.photos.map((photo) => photo.localId)).toEqual(['boats']);

    // A photo added to the collection: the next publish sends it alone.
    const added = s.catalog();
    added.collections[1]!.photos.push({ localId: 'gulls', file: PENTAX_K10D_JPEG, exportName: 'harbour-03.jpg', metadata: { title: 'Gulls' } });
    s.writeCatalog(added);
    const gulls = (await s.lightroom<{ photos: Array<{ localId: string; remoteId: string }> }>('publish', 'Port à l’aube, “early”')).photos;
    expect(gulls.map((photo) => photo.localId)).toEqual(['gulls']);
    expect((await s.photo(gulls[0]!.remoteId)).json().categoryId).toBe(categoryId);
    // ... and deleted on the site meanwhile.
    const trashed = await s.call({ method: 'DELETE', url: `/api/photos/${gulls[0]!.remoteId}`, headers: { authorization: `Bearer ${s.token}` } });
    expect(trashed.statusCode).toBe(200);

    // Deleting the collection deletes its photos and its category; the bank's photo stays. The bulk
    // delete refuses the whole list for the photo gone already, so each goes on its own.
    const deleted = await s.lightroom('delete-collection', 'Port à l’aube, “early”');
    expect(deleted.requests.map((request) => `${request.method} ${new URL(request.url).pathname} ${request.status}`)).toEqual([
      'POST /api/photos/delete 404',
      `DELETE /api/photos/${boats!.remoteId} 200`,
      `DELETE /api/photos/${gulls[0]!.remoteId} 404`,
      `DELETE /api/categories/${categoryId} 200`,
    ]);
    expect(await s.categories()).toEqual([]);
    expect((await s.photo(boats!.remoteId)).status).toBe(404);
    expect((await s.photo(bank.photos[0]!.remoteId)).status).toBe(200);
    expect(s.catalog().collections.map((collection) => collection.name)).toEqual(['Photo bank']);
  });

  it('says what is wrong with a revoked token, and publishes nothing', async () => {
    const s = await site();
    s.writeCatalog({
      settings: { siteUrl: s.url, token: 'atl_' + 'x'.repeat(43) },
      prefs: {},
      collections: [{ localId: 'harbour', name: 'Harbour at dawn', photos: harbour() }],
    });
    const checked = await s.lightroom<{ status: string }>('check');
    expect(checked.status).toMatch(/refused the token/);
    // Without the category nothing can be uploaded: the publish fails as a whole, as Lightroom shows it.
    await expect(s.lightroom('publish', 'Harbour at dawn')).rejects.toThrow(/refused the token/);
    expect(await s.categories()).toEqual([]);
  });

  it('brings a gallery link\'s picks back as comments, and marks the picked photos as the preferences say', async () => {
    const s = await site();
    s.writeCatalog({
      settings: { siteUrl: s.url, token: s.token, license: '', altTextFromKeywords: true },
      prefs: { applyPicksAs: 'rating', pickRating: 4 },
      collections: [{ localId: 'harbour', name: 'Harbour at dawn', photos: harbour() }],
    });
    const published = await s.lightroom<{ categoryId: string; photos: Array<{ remoteId: string }> }>('publish', 'Harbour at dawn');
    const [boats, nets] = published.photos;

    // Two links, one per recipient; the couple picks the boats, the parents the nets.
    const makeLink = async (label: string) => {
      const made = await s.call({
        method: 'POST',
        url: `/api/categories/${published.categoryId}/links`,
        headers: { cookie: s.cookie },
        payload: { label, proofing: true },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<NewGalleryLink>();
    };
    const couple = await makeLink('The couple');
    const parents = await makeLink('The parents');
    const pick = async (link: NewGalleryLink, photoId: string) => {
      const picked = await s.call({ method: 'PUT', url: `/api/galleries/${link.path.split('/').pop()}/picks/${photoId}` });
      expect(picked.statusCode, picked.body).toBe(200);
    };
    await pick(couple, boats!.remoteId);
    await pick(parents, nets!.remoteId);

    type Comments = { calls: number; marked: number; photos: Array<{ localId: string; comments: LightroomComment[]; raw: Record<string, unknown> }> };
    // By default every link of the category: each pick signed with its link's label.
    const all = await s.lightroom<Comments>('comments', 'Harbour at dawn');
    expect(all.calls).toBe(2);
    expect(all.marked).toBe(2);
    const byPhoto = Object.fromEntries(all.photos.map((photo) => [photo.localId, photo]));
    expect(byPhoto.boats!.comments).toEqual([
      expect.objectContaining({ commentId: `pick-${couple.id}-${boats!.remoteId}`, commentText: 'Picked', realname: 'The couple' }),
    ]);
    expect(byPhoto.nets!.comments).toEqual([expect.objectContaining({ commentText: 'Picked', realname: 'The parents' })]);
    expect(byPhoto.boats!.raw).toEqual({ rating: 4 });
    // A pick's date is Lightroom's: seconds since 2001-01-01 UTC, within a minute of now.
    const now = (Date.now() - Date.UTC(2001, 0, 1)) / 1000;
    expect(Math.abs(byPhoto.boats!.comments[0]!.dateCreated! - now)).toBeLessThan(60);

    // The collection's settings offer the category's links; choosing the couple's keeps the parents' picks out.
    const chosen = await s.lightroom<{ offered: Array<{ title: string; value: number }>; galleryLinkId: number }>('link', 'Harbour at dawn', String(couple.id));
    expect(chosen.offered).toEqual([
      { title: 'Every link of the category', value: 0 },
      { title: 'The couple', value: couple.id },
      { title: 'The parents', value: parents.id },
    ]);
    expect(s.catalog().collections[0]!.settings).toEqual({ galleryLinkId: couple.id });
    // A colour label this time, on a fresh catalog's photos.
    const catalog = s.catalog();
    catalog.prefs = { applyPicksAs: 'label', pickLabel: 'Purple' };
    for (const photo of catalog.collections[0]!.photos) delete photo.raw;
    s.writeCatalog(catalog);
    const one = await s.lightroom<Comments>('comments', 'Harbour at dawn');
    const oneByPhoto = Object.fromEntries(one.photos.map((photo) => [photo.localId, photo]));
    expect(oneByPhoto.boats!.comments.map((comment) => comment.realname)).toEqual(['The couple']);
    expect(oneByPhoto.boats!.raw).toEqual({ label: 'Purple' });
    // The parents' pick is not this collection's: no comment, no mark.
    expect(oneByPhoto.nets!.comments).toEqual([]);
    expect(oneByPhoto.nets!.raw).toEqual({});
  });
  // Needs the upload's text fields and PUT /api/photos/{id}/file (branch `replace`, merged here).
  it('publishes each photo\'s text, and republishes a photo in place: the same photo, a new file', async () => {
    const s = await site();
    s.writeCatalog({
      settings: { siteUrl: s.url, token: s.token, license: 'cc-by', altTextFromKeywords: true },
      prefs: {},
      // The nets without any text in the catalog.
      collections: [{ localId: 'harbour', name: 'Harbour at dawn', photos: harbour().map((photo) => (photo.localId === 'nets' ? { ...photo, metadata: {} } : photo)) }],
    });
    const published = await s.lightroom<{ categoryId: string; photos: Array<{ localId: string; remoteId: string }> }>('publish', 'Harbour at dawn');
    const [boats, nets] = published.photos;
    const first = (await s.photo(boats!.remoteId)).json();
    expect(first).toMatchObject({
      title: 'Boats at first light',
      description: 'The fleet before it sails.',
      altText: 'harbour, fishing boats, mist',
      license: 'cc-by',
    });
    // No title in the catalog: the site's own, from the file's name; no caption, no keywords: none.
    expect((await s.photo(nets!.remoteId)).json()).toMatchObject({ title: 'harbour-02', description: null, altText: null, license: 'cc-by' });

    // A link the owner gave the photo on the site, which the catalog knows nothing of.
    const linked = await s.api('PUT', `/api/photos/${boats!.remoteId}`, { title: first.title, description: first.description, hyperlink: 'https://example.com/boats' });
    expect(linked.status, linked.body).toBe(200);

    // An edit in Lightroom (another picture, a new title, the caption cleared) puts the photo up for republish.
    const catalog = s.catalog();
    const entry = catalog.collections[0]!.photos.find((photo) => photo.localId === 'boats')!;
    Object.assign(entry, { file: PENTAX_K10D_JPEG, edited: true, metadata: { ...entry.metadata, title: 'Boats, later', caption: '' } });
    s.writeCatalog(catalog);
    const republished = await s.lightroom<{ photos: Array<{ localId: string; remoteId: string; failure?: string }> }>('publish', 'Harbour at dawn');
    expect(republished.photos).toEqual([expect.objectContaining({ localId: 'boats', remoteId: boats!.remoteId })]);
    expect(republished.requests.map((request) => `${request.method} ${new URL(request.url).pathname} ${request.status}`)).toEqual([
      `PUT /api/photos/${boats!.remoteId}/file 200`,
      `PUT /api/photos/${boats!.remoteId} 200`,
    ]);
    const after = (await s.photo(boats!.remoteId)).json();
    expect(after).toMatchObject({
      id: first.id,
      categoryId: first.categoryId,
      title: 'Boats, later',
      description: null,
      altText: 'harbour, fishing boats, mist',
      license: 'cc-by',
      hyperlink: 'https://example.com/boats',
    });
    // New copies, under new names: no cache shows the old picture.
    expect(after.filename).not.toBe(first.filename);
    expect(after.thumbnail).not.toBe(first.thumbnail);
    const inCategory = await s.api<{ ids: number[] }>('GET', `/api/photos/search/ids?categoryId=${published.categoryId}`);
    expect(inCategory.json().ids.toSorted()).toEqual([Number(boats!.remoteId), Number(nets!.remoteId)].toSorted());

    // A photo deleted on the site meanwhile is uploaded anew when republished, with a new id.
    expect((await s.call({ method: 'DELETE', url: `/api/photos/${nets!.remoteId}`, headers: { authorization: `Bearer ${s.token}` } })).statusCode).toBe(200);
    const again = s.catalog();
    again.collections[0]!.photos.find((photo) => photo.localId === 'nets')!.edited = true;
    s.writeCatalog(again);
    const reuploaded = await s.lightroom<{ photos: Array<{ remoteId: string; failure?: string }> }>('publish', 'Harbour at dawn');
    expect(reuploaded.photos[0]!.failure).toBeUndefined();
    expect(reuploaded.photos[0]!.remoteId).not.toBe(nets!.remoteId);
    expect((await s.photo(reuploaded.photos[0]!.remoteId)).json()).toMatchObject({ categoryId: Number(published.categoryId), title: 'harbour-02' });
  });

  // Needs comments and verdicts on gallery links (branch `comments`, merged here).
  it('brings a link\'s verdicts and comments back, the client\'s signed with its label and the owner\'s answers with "You"', async () => {
    const s = await site();
    s.writeCatalog({
      settings: { siteUrl: s.url, token: s.token },
      prefs: {},
      collections: [{ localId: 'harbour', name: 'Harbour at dawn', photos: harbour() }],
    });
    const published = await s.lightroom<{ categoryId: string; photos: Array<{ remoteId: string }> }>('publish', 'Harbour at dawn');
    const [boats, nets] = published.photos;
    const made = await s.call({
      method: 'POST',
      url: `/api/categories/${published.categoryId}/links`,
      headers: { cookie: s.cookie },
      payload: { label: 'The couple', proofing: true, comments: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<NewGalleryLink>();
    const token = link.path.split('/').pop();
    const holder = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await s.call({ method, url, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await holder('POST', `/api/galleries/${token}/photos/${boats!.remoteId}/comments`, { text: 'Could this one be warmer?' });
    await holder('PUT', `/api/galleries/${token}/photos/${boats!.remoteId}/verdict`, { verdict: 'approved' });
    await holder('PUT', `/api/galleries/${token}/photos/${nets!.remoteId}/verdict`, { verdict: 'rejected' });
    const answered = await s.call({
      method: 'POST',
      url: `/api/gallery-links/${link.id}/photos/${boats!.remoteId}/comments`,
      headers: { cookie: s.cookie },
      payload: { text: 'I will warm it up.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);

    const fetched = await s.lightroom<{ photos: Array<{ localId: string; comments: LightroomComment[] }> }>('comments', 'Harbour at dawn');
    const byPhoto = Object.fromEntries(fetched.photos.map((photo) => [photo.localId, photo.comments]));
    expect(byPhoto.boats).toEqual([
      expect.objectContaining({ commentId: `verdict-${link.id}-${boats!.remoteId}`, commentText: 'Approved', realname: 'The couple' }),
      expect.objectContaining({ commentText: 'Could this one be warmer?', realname: 'The couple', username: `link-${link.id}` }),
      expect.objectContaining({ commentText: 'I will warm it up.', realname: 'You', username: 'owner' }),
    ]);
    expect(byPhoto.nets).toEqual([expect.objectContaining({ commentText: 'Rejected', realname: 'The couple' })]);
  });
});
