import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryLink, NewGalleryLink } from '#contract/galleries.ts';
import { buildApp } from '#server/app.ts';
import { loggerOptions } from '#server/http/logging.ts';
import { hashLinkTokens } from '#server/db/migrations/0016-paused-passkeys-and-link-secrets.ts';
import { createBackup, type BackupContext } from '#server/features/backup/backup.service.ts';
import { restoreBackup } from '#server/features/backup/restore.service.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * A gallery link's token is its key: the database (and so every backup) keeps only its hash, the
 * owner sees the address once, and the log writes gallery paths without it.
 */

const apps: TestApp[] = [];
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-link-tokens-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function site(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An unlisted category with a link of a password; the link as made, its token, and the owner's cookie. */
async function linkOn(t: TestApp) {
  const cookie = await t.signIn();
  const categoryId = await createCategory(t, 'Smith wedding');
  expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: { cookie }, payload: { visibility: 'unlisted' } })).statusCode).toBe(200);
  const made = await t.app.inject({ method: 'POST', url: `/api/categories/${categoryId}/links`, headers: { cookie }, payload: { label: 'Parents', password: 'river-stone-42' } });
  expect(made.statusCode, made.body).toBe(201);
  const link = made.json<NewGalleryLink>();
  return { link, token: link.path.split('/').at(-1)!, cookie, categoryId };
}

describe("a gallery link's token", () => {
  it('is stored as its hash alone, shown once when made, and listed by its last characters', async () => {
    const t = await site();
    const { link, token, cookie, categoryId } = await linkOn(t);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db.selectFrom('galleryLinks').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows).toMatchObject([{ tokenHash: sha256(token), tokenEnd: token.slice(-4) }]);

    const listed = await t.app.inject({ method: 'GET', url: `/api/categories/${categoryId}/links`, headers: { cookie } });
    expect(listed.body).not.toContain(token);
    const [entry] = listed.json<Array<GalleryLink & { path?: string }>>();
    expect(entry).toMatchObject({ id: link.id, label: 'Parents', tokenEnd: token.slice(-4) });
    expect(entry?.path).toBeUndefined();
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/gallery-links/${link.id}`, headers: { cookie }, payload: { label: 'Mum and dad' } });
    expect(edited.body).not.toContain(token);

    // The address works, by its token only: its hash opens nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/galleries/${token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'river-stone-42' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/galleries/${sha256(token).slice(0, 43)}` })).statusCode).toBe(404);
  });

  it('is hashed in the rows made before, which keep working', async () => {
    const t = await site();
    const { token, link } = await linkOn(t);
    // The table as it was: the token itself in a column of that name (0026's own column of it, for
    // mailable links, did not exist then).
    const db = t.database.db;
    await sql`alter table gallery_links drop column token`.execute(db);
    await sql`alter table gallery_links drop column token_end`.execute(db);
    await sql`alter table gallery_links rename column token_hash to token`.execute(db);
    await sql`update gallery_links set token = ${token} where id = ${link.id}`.execute(db);

    await hashLinkTokens(db as never);
    expect(await db.selectFrom('galleryLinks').select(['tokenHash', 'tokenEnd']).execute()).toEqual([{ tokenHash: sha256(token), tokenEnd: token.slice(-4) }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'river-stone-42' } })).statusCode).toBe(200);
  });

  it('leaves a backup without it, and the restored site opens the link', async () => {
    const source = await site();
    const { token } = await linkOn(source);
    const contextOf = (t: TestApp): BackupContext => ({
      db: t.database.db,
      dialect: t.dialect,
      sqlitePath: t.config.sqlitePath,
      uploads: new LocalFileStore(t.config.uploadsDir),
      restricted: new LocalFileStore(t.config.restrictedDir),
      originals: new LocalFileStore(t.config.originalsDir),
      tmpDir: t.config.upload.tmpDir,
      clock: () => new Date(),
    });
    const file = path.join(work, `${source.dialect}-${Date.now()}.tar`);
    await createBackup(contextOf(source), file);
    expect(fs.readFileSync(file).includes(token)).toBe(false);

    const target = await site({ owner: false });
    await restoreBackup(contextOf(target), file);
    expect((await target.app.inject({ method: 'GET', url: `/api/galleries/${token}` })).statusCode).toBe(401);
    const unlocked = await target.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'river-stone-42' } });
    expect(unlocked.statusCode).toBe(200);
  });

  it('is left out of the log: gallery paths are written with {token}', async () => {
    const t = await site();
    const { token } = await linkOn(t);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter((line) => line.trim()));
        done();
      },
    });
    const app = await buildApp({ config: t.config, database: t.database, logger: loggerOptions('info', stream) });
    try {
      await app.inject({ method: 'GET', url: `/api/galleries/${token}` });
      await app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'wrong' } });
      await app.inject({ method: 'GET', url: `/g/${token}` });
      await app.inject({ method: 'GET', url: `/g/${token}/files/missing.webp?x=1` });
      await app.inject({ method: 'GET', url: `/api/galleries/${token}/download` });
    } finally {
      await app.close();
    }
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/galleries/{token}', '/api/galleries/{token}/unlock', '/g/{token}', '/g/{token}/files/missing.webp', '/api/galleries/{token}/download']),
    );
    expect(lines.join('\n')).not.toContain(token);
  });
});
