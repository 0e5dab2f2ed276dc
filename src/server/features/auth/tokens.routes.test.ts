import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import type { ApiToken, NewApiToken, TokenScope } from '#contract/tokens.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { CONTENT_TABLES, snapshotTables } from '#tests/api/support/db-snapshot.ts';
import { createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A read that needs photos:read: the photo bank's ids. */
const IDS = '/api/photos/ids?categoryId=other';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function site() {
  const clock = createTestClock();
  const app = await createTestApp({ clock });
  t = app;
  const cookie = await app.signIn();
  // Making a token needs a fresh check, as adding a passkey does.
  const confirmed = await app.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // A photo in the bank, so its section (IDS) exists.
  await createPhotos(app, cookie, 1);
  const owner = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
  const bearer = (token: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });
  const makeToken = async (scopes: TokenScope[], extra: object = {}) => {
    const made = await owner('POST', '/api/tokens', { name: 'Lightroom', scopes, ...extra });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<NewApiToken>();
  };
  return { t: app, clock, cookie, owner, bearer, makeToken };
}

describe('personal access tokens', () => {
  it('are shown once, stored as a hash, listed with their last use, and authenticate as the owner', async () => {
    const s = await site();
    const made = await s.makeToken(['photos:read', 'photos:write']);
    expect(made.token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'Lightroom', scopes: ['photos:read', 'photos:write'], tokenEnd: made.token.slice(-4), lastUsedAt: null, expiresAt: null });

    // The row holds the SHA-256 and the last 4 characters, never the token.
    const rows = await s.t.database.db.selectFrom('apiTokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(made.token);

    const listed = await s.owner('GET', '/api/tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(made.token);
    expect(listed.body).not.toContain(rows[0]!.tokenHash);
    expect(listed.json<ApiToken[]>()).toEqual([expect.objectContaining({ id: made.id, lastUsedAt: null })]);

    const ids = await s.bearer(made.token, 'GET', IDS);
    expect(ids.statusCode, ids.body).toBe(200);
    expect(ids.headers['cache-control']).toMatch(/private|no-store/);
    const [used] = (await s.owner('GET', '/api/tokens')).json<ApiToken[]>();
    expect(used!.lastUsedAt).toBe(s.clock().toISOString());
  });

  it('refuses a missing scope with 403 and its code, changing nothing', async () => {
    const s = await site();
    const reader = await s.makeToken(['photos:read']);
    // Every table but the tokens': the refused call still counts as the token's last use.
    const tables = CONTENT_TABLES.filter((table) => table !== 'apiTokens');
    const before = await snapshotTables(s.t.database.db, tables);
    const refused = await s.bearer(reader.token, 'POST', '/api/categories', { name: 'Street' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.token_scope_missing', params: { scope: 'categories:write' } });
    expect(await snapshotTables(s.t.database.db, tables)).toEqual(before);
  });

  it('never reaches the account: settings, tokens, passkeys, password, second factors, sessions', async () => {
    const s = await site();
    const every = await s.makeToken(['photos:read', 'photos:write', 'categories:write', 'galleries:read', 'galleries:write', 'webhooks:write']);
    const account: Array<[Method, string, object?]> = [
      ['GET', '/api/auth/user'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Wider', scopes: ['photos:read'] }],
      ['DELETE', `/api/tokens/${every.id}`],
      ['PATCH', '/api/portfolio-settings', { title: 'Taken' }],
      ['POST', '/api/change-password', { currentPassword: 'x', newPassword: 'a new password' }],
      ['GET', '/api/security'],
      ['POST', '/api/security/passkeys/options', {}],
      ['POST', '/api/security/totp/setup', {}],
      ['POST', '/api/security/recovery-codes', {}],
      ['GET', '/api/sessions'],
      ['POST', '/api/sessions/sign-out-others', {}],
    ];
    for (const [method, url, payload] of account) {
      const response = await s.bearer(every.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('auth.token_not_allowed');
    }
    expect(await s.t.database.db.selectFrom('apiTokens').select('id').execute()).toHaveLength(1);
  });

  it('answers 401 to an unknown, expired or revoked token, and revokes at once', async () => {
    const s = await site();
    const unknown = await s.bearer('atl_not-a-token', 'GET', IDS);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('auth.token_invalid');
    // A public route too: a caller that sends a token wants to know it is not taken.
    expect((await s.bearer('atl_not-a-token', 'GET', '/api/photos')).statusCode).toBe(401);
    expect((await s.bearer('', 'GET', IDS)).statusCode).toBe(401);

    const expiring = await s.makeToken(['photos:read'], { expiresAt: new Date(s.clock().getTime() + 60_000).toISOString() });
    expect((await s.bearer(expiring.token, 'GET', IDS)).statusCode).toBe(200);
    s.clock.advance(60_000);
    const expired = await s.bearer(expiring.token, 'GET', IDS);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('auth.token_invalid');
    // Listed all the same, with its expiry: the owner sees why the tool stopped.
    expect((await s.owner('GET', '/api/tokens')).json<ApiToken[]>()[0]!.expiresAt).toBe(new Date(s.clock().getTime()).toISOString());

    const past = await s.owner('POST', '/api/tokens', { name: 'Old', scopes: ['photos:read'], expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('auth.token_expiry_past');

    const revoked = await s.makeToken(['photos:read']);
    expect((await s.bearer(revoked.token, 'GET', IDS)).statusCode).toBe(200);
    const revoke = await s.owner('DELETE', `/api/tokens/${revoked.id}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await s.bearer(revoked.token, 'GET', IDS);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('auth.token_invalid');
    expect((await s.owner('DELETE', `/api/tokens/${revoked.id}`)).json().code).toBe('auth.token_not_found');
  });

  it('limits failed tokens per address like failed sign-ins, and never holds back a valid one', async () => {
    const s = await site();
    const valid = await s.makeToken(['photos:read']);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await s.bearer(`atl_guess${attempt}`, 'GET', IDS)).statusCode).toBe(401);
    }
    const limited = await s.bearer('atl_guess11', 'GET', IDS);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await s.bearer(valid.token, 'GET', IDS)).statusCode).toBe(200);
    s.clock.advance(15 * 60 * 1000);
    expect((await s.bearer('atl_guess12', 'GET', IDS)).statusCode).toBe(401);
  });

  it('needs no Origin and skips the cross-site check, but never lends a request the cookie\'s session', async () => {
    const s = await site();
    const writer = await s.makeToken(['categories:write']);
    const reader = await s.makeToken(['photos:read']);
    const foreign = { origin: 'https://evil.example' };
    // Without cookies, a foreign Origin is no sign of a forged call: the token is the proof.
    const made = await s.bearer(writer.token, 'POST', '/api/categories', { name: 'Street' }, foreign);
    expect(made.statusCode, made.body).toBe(201);
    // The owner's cookie beside a token: the token alone decides, whatever the Origin.
    const before = await snapshotTables(s.t.database.db);
    const withCookie = await s.bearer(reader.token, 'POST', '/api/categories', { name: 'Forged' }, { ...foreign, cookie: s.cookie });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().code).toBe('auth.token_scope_missing');
    const badToken = await s.bearer('atl_forged', 'POST', '/api/categories', { name: 'Forged' }, { ...foreign, cookie: s.cookie });
    expect(badToken.statusCode).toBe(401);
    expect((await snapshotTables(s.t.database.db)).categories).toEqual(before.categories);
    // A cookie alone from another site is still refused.
    expect((await s.owner('POST', '/api/categories', { name: 'Forged' }, foreign)).statusCode).toBe(403);
    // Another scheme (a proxy's Basic authentication) is not ours: the cookie session answers.
    expect((await s.owner('GET', IDS, undefined, { authorization: 'Basic dXNlcjpwYXNz' })).statusCode).toBe(200);
  });

  it('reads as the owner only with photos:read', async () => {
    const s = await site();
    // In a draft category: the owner's, never a visitor's.
    const [draft] = await createPhotos(s.t, s.cookie, 1);
    const drafts = await createCategory(s.t, 'Unreleased');
    expect((await s.owner('PUT', `/api/categories/${drafts}`, { hidden: true })).statusCode).toBe(200);
    expect((await s.owner('POST', '/api/photos/move', { ids: [draft!.id], categoryId: drafts })).statusCode).toBe(200);
    const draftsOf = (photos: Photo[]) => photos.filter((photo) => photo.categoryId === drafts).map((photo) => photo.id);
    const reader = await s.makeToken(['photos:read']);
    const writer = await s.makeToken(['categories:write']);
    const asReader = (await s.bearer(reader.token, 'GET', '/api/photos')).json<Photo[]>();
    const asWriter = (await s.bearer(writer.token, 'GET', '/api/photos')).json<Photo[]>();
    // The owner's list, then a visitor's: the cache keeps one body per reader, not per "signed in".
    expect(draftsOf(asReader)).toEqual([draft!.id]);
    expect(draftsOf(asWriter)).toEqual([]);
    expect(draftsOf((await s.t.app.inject({ url: '/api/photos' })).json<Photo[]>())).toEqual([]);
    expect(draftsOf((await s.owner('GET', '/api/photos')).json<Photo[]>())).toEqual([draft!.id]);
  });

  it('gets a write every after-effect of an admin write: photos moved into an unlisted category go to the restricted store', async () => {
    const s = await site();
    const [byAdmin, byToken] = await createPhotos(s.t, s.cookie, 2);
    const unlisted = await createCategory(s.t, 'Smith wedding');
    expect((await s.owner('PUT', `/api/categories/${unlisted}`, { visibility: 'unlisted' })).statusCode).toBe(200);
    const writer = await s.makeToken(['photos:write', 'photos:read']);

    const admin = await s.owner('POST', '/api/photos/move', { ids: [byAdmin!.id], categoryId: unlisted });
    const token = await s.bearer(writer.token, 'POST', '/api/photos/move', { ids: [byToken!.id], categoryId: unlisted });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(token.statusCode, token.body).toBe(200);

    // At the answer, as for the admin: out of the public store, under new names, in the restricted one.
    const rows = await s.t.database.db.selectFrom('photos').select(['id', 'filename', 'filesPrivate', 'copiesKey']).where('id', 'in', [byAdmin!.id, byToken!.id]).orderBy('id').execute();
    expect(rows.map((row) => row.filesPrivate)).toEqual([1, 1]);
    for (const [before, row] of [[byAdmin!, rows[0]!], [byToken!, rows[1]!]] as const) {
      expect(row.filename).not.toBe(before.filename);
      expect((await s.t.app.inject({ url: `/uploads/${before.filename}` })).statusCode).toBe(404);
      expect((await s.t.app.inject({ url: `/uploads/${row.filename}` })).statusCode).toBe(404);
      expect(fs.existsSync(`${s.t.config.restrictedDir}/${row.filename}`), row.filename).toBe(true);
      // The token reads its own restricted copies with photos:read; a visitor does not.
      expect((await s.bearer(writer.token, 'GET', `/restricted/${row.filename}`)).statusCode).toBe(200);
      expect((await s.t.app.inject({ url: `/restricted/${row.filename}` })).statusCode).toBe(401);
    }
    const listed = (await s.bearer(writer.token, 'GET', '/api/photos')).json<Photo[]>();
    expect(listed.filter((photo) => photo.categoryId === unlisted).map((photo) => photo.filesBase)).toEqual(['/restricted', '/restricted']);
    // The same jobs ran for both: nothing left due.
    await s.t.runJobs();
    const jobs = await s.t.database.db.selectFrom('jobs').select(['name', 'state']).where('state', '!=', 'done').execute();
    expect(jobs.filter((job) => job.name === 'renditions.place')).toEqual([]);
  });
});
