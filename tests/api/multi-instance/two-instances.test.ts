import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { ensureOwner, LOGIN_LIMIT_PER_ADDRESS } from '#server/features/auth/auth.service.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { startS3Server, type TestS3Server } from '#tests/setup/s3.ts';
import { dropTestSchema, migrateBesideOthers } from '#tests/setup/postgres-schemas.ts';
import { OWNER } from '#tests/setup/test-app.ts';
import { freePort, startNginx, type LoadBalancer } from './nginx.ts';

/**
 * Issue 9, stateless instances: two servers share one PostgreSQL schema and one S3 store, each
 * with a DATA_DIR of its own (nothing on a local disk may be needed by the other), behind nginx
 * balancing round robin. Whichever instance answers, the answer is the same.
 */
const onPostgres = process.env.TEST_DIALECT === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  port: number;
  dataDir: string;
}

let s3: TestS3Server;
let nginx: LoadBalancer;
let admin: DatabaseHandle;
let schema: string;
const instances: Instance[] = [];

async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-instance-'));
  const port = await freePort();
  const config = loadConfig({
    ...s3.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
  });
  // A pool of its own, as a separate process would have.
  const database = openDatabase({ databaseUrl, sqlitePath: '', postgresSchema: schema, poolSize: 4, changeNotices: true });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port });
  return { app, database, port, dataDir };
}

beforeAll(async () => {
  if (!onPostgres) return;
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  schema = `t_multi_${randomBytes(5).toString('hex')}`;
  admin = openDatabase({ databaseUrl, sqlitePath: '', poolSize: 1 });
  await admin.db.schema.createSchema(schema).execute();
  const setup = openDatabase({ databaseUrl, sqlitePath: '', postgresSchema: schema, poolSize: 1 });
  await migrateBesideOthers(admin.db, () => migrateToLatest(setup));
  await ensureOwner({ db: setup.db, clock: () => new Date() }, OWNER);
  await setup.destroy();

  s3 = await startS3Server();
  instances.push(await startInstance(databaseUrl), await startInstance(databaseUrl));
  nginx = await startNginx(instances.map((instance) => instance.port));
  // Each listens for the database's change notices from its first data version on.
  for (const instance of instances) await instance.database.dataVersion();
  await waitFor(() => instances.every((instance) => instance.database.changeNotices!.listening), 'both instances listening for change notices');
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  for (const instance of instances) {
    await instance.app.close();
    await instance.database.destroy();
    fs.rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await s3?.close();
  if (admin) {
    await dropTestSchema(admin.db, schema);
    await admin.destroy();
  }
});

interface Answer {
  status: number;
  /** The port of the instance that answered. */
  instance: string;
  body: string;
  headers: Headers;
}

async function call(method: string, url: string, options: { cookie?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${nginx.url}${url}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    instance: (response.headers.get('x-upstream') ?? '').split(':').pop() ?? '',
    body: text,
    headers: response.headers,
  };
}

/** The same request as many times as it takes to be answered by each instance at least twice. */
async function fromEveryInstance(method: string, url: string, cookie?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await call(method, url, { cookie }));
  expect(new Set(answers.map((answer) => answer.instance)), `${method} ${url} reached both instances`).toEqual(
    new Set(instances.map((instance) => String(instance.port))),
  );
  return answers;
}

function photosIn(answer: Answer): Array<Pick<Photo, 'id' | 'filename' | 'order'>> {
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as Photo[]).map(({ id, filename, order }) => ({ id, filename, order }));
}

/** Every photo of an answer, whole. */
function allPhotos(answer: Answer): Photo[] {
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Photo[];
}

/** Each instance's count of the change notices it has heard. */
const noticesHeard = () => instances.map((instance) => instance.database.changeNotices!.version());

/**
 * A write answered by one instance shows on that instance's next answer at once; the other's
 * caches follow the database's notice of it (docs/decisions/0015), heard a moment after the
 * commit: waits until that instance has heard it, never for a fixed time. Its next request then
 * sees the write: none answered in between.
 */
async function otherInstanceHeard(before: Array<string | null>, writer: Answer): Promise<void> {
  const other = instances.findIndex((instance) => String(instance.port) !== writer.instance);
  await waitFor(() => noticesHeard()[other] !== before[other], `instance ${instances[other]!.port} hearing the change`);
}

async function expectSamePhotosEverywhere(expected: Array<Pick<Photo, 'id' | 'filename' | 'order'>>) {
  for (const answer of await fromEveryInstance('GET', '/api/photos')) {
    expect(photosIn(answer), `GET /api/photos from instance ${answer.instance}`).toEqual(expected);
  }
}

describe.skipIf(!onPostgres)('two instances behind nginx, one PostgreSQL, one S3 store (skipped: needs TEST_DATABASE_URL)', () => {
  let cookie = '';
  let photos: Photo[] = [];

  it('balances round robin over both instances, each ready, and passes nginx request ids through', async () => {
    const answers = await fromEveryInstance('GET', '/readyz');
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(answers[0]!.instance).not.toBe(answers[1]!.instance);
  });

  it('signs in on one instance and is signed in on both', async () => {
    const login = await call('POST', '/api/login', { json: { username: OWNER.username, password: OWNER.password } });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/=/);
    for (const answer of await fromEveryInstance('GET', '/api/auth/user', cookie)) {
      expect(answer.status, `instance ${answer.instance}`).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ username: OWNER.username });
    }
  });

  it('uploads through one instance; every instance lists the photos and serves their files', async () => {
    await expectSamePhotosEverywhere([]);
    const form = new FormData();
    for (const [index, color] of ['#c03030', '#30a050', '#3050c0'].entries()) {
      const image = await jpeg({ width: 320, height: 240, color });
      form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `photo-${index + 1}.jpg`);
    }
    const before = noticesHeard();
    const upload = await call('POST', '/api/photos/upload', { cookie, form });
    expect(upload.status, upload.body).toBe(201);
    photos = (JSON.parse(upload.body) as { photos: Photo[] }).photos;
    expect(photos).toHaveLength(3);

    // Read right after the notice is heard, from whichever instance comes next (the other one first).
    await otherInstanceHeard(before, upload);
    await expectSamePhotosEverywhere(photos.map(({ id, filename, order }) => ({ id, filename, order })));
    for (const photo of photos) {
      for (const name of [photo.filename, photo.thumbnail]) {
        const answers = await fromEveryInstance('GET', `/uploads/${name}`);
        for (const answer of answers) expect(answer.status, `${name} from instance ${answer.instance}`).toBe(200);
        expect(new Set(answers.map((answer) => answer.body)).size, `${name} has the same bytes everywhere`).toBe(1);
        expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size, `${name} has one ETag`).toBe(1);
      }
    }
    // Nothing of an upload stays on the disk of the instance that received it.
    for (const instance of instances) {
      expect(fs.readdirSync(instance.dataDir).filter((entry) => ['uploads', 'originals'].includes(entry))).toEqual([]);
    }
  });

  it('reorders through one instance; every instance answers the new order', async () => {
    const reversed = [...photos].reverse().map((photo, order) => ({ id: photo.id, order, categoryId: null }));
    const before = noticesHeard();
    const reorder = await call('PUT', '/api/photos/reorder', { cookie, json: { photoUpdates: reversed } });
    expect(reorder.status, reorder.body).toBe(200);
    await otherInstanceHeard(before, reorder);
    const expected = reversed.map(({ id, order }) => ({ id, order, filename: photos.find((photo) => photo.id === id)!.filename }));
    await expectSamePhotosEverywhere(expected);
  });

  it('deletes through one instance; the photo is gone from every instance', async () => {
    const [gone, ...kept] = photos;
    const before = noticesHeard();
    const removal = await call('DELETE', `/api/photos/${gone!.id}`, { cookie });
    expect(removal.status, removal.body).toBe(200);
    await otherInstanceHeard(before, removal);
    // Its files stay for the Undo window; emptying the trash removes them (photos.routes tests).
    for (const answer of await fromEveryInstance('GET', `/api/photos/${gone!.id}`)) expect(answer.status).toBe(404);
    const left = photosIn(await call('GET', '/api/photos'));
    expect(left.map((photo) => photo.id).sort()).toEqual(kept.map((photo) => photo.id).sort());
    await expectSamePhotosEverywhere(left);
  });

  it('unpublishes a deleted photo on every instance at once, and serves it again after an Undo', async () => {
    const [photo] = allPhotos(await call('GET', '/api/photos'));
    let before = noticesHeard();
    const removal = await call('DELETE', `/api/photos/${photo!.id}`, { cookie });
    expect(removal.status, removal.body).toBe(200);
    await otherInstanceHeard(before, removal);
    for (const answer of await fromEveryInstance('GET', `/uploads/${photo!.thumbnail}`)) expect(answer.status, `instance ${answer.instance}`).toBe(404);
    before = noticesHeard();
    const restore = await call('POST', '/api/photos/restore', { cookie, json: { ids: [photo!.id] } });
    expect(restore.status, restore.body).toBe(200);
    await otherInstanceHeard(before, restore);
    const back = allPhotos(await call('GET', '/api/photos')).find((each) => each.id === photo!.id)!;
    for (const answer of await fromEveryInstance('GET', `/uploads/${back.thumbnail}`)) expect(answer.status, `instance ${answer.instance}`).toBe(200);
  });

  it("answers a write on one instance from the other on the next request after the change notice, and from its own at once", async () => {
    const [photo] = allPhotos(await call('GET', '/api/photos'));
    for (let round = 1; round <= 6; round += 1) {
      const title = `Title ${round}`;
      const before = noticesHeard();
      const edit = await call('PUT', `/api/photos/${photo!.id}`, { cookie, json: { title } });
      expect(edit.status, edit.body).toBe(200);
      // The writer's own next answer, without any wait.
      const writer = instances.find((instance) => String(instance.port) === edit.instance)!;
      const own = await fetch(`http://127.0.0.1:${writer.port}/api/photos`);
      expect((JSON.parse(await own.text()) as Photo[]).find((each) => each.id === photo!.id)!.title, `round ${round}, the writer`).toBe(title);
      // The other one's next request, once it has heard the notice: nothing is waited on but that.
      await otherInstanceHeard(before, edit);
      const next = await call('GET', '/api/photos');
      expect(next.instance, 'round robin: the other instance').not.toBe(edit.instance);
      expect(allPhotos(next).find((each) => each.id === photo!.id)!.title, `round ${round}, the other instance`).toBe(title);
    }
  });

  it('takes up a re-render that an instance held when it stopped half-way, once its hold runs out', async () => {
    const [photo] = allPhotos(await call('GET', '/api/photos'));
    // A licence set and its render claimed by an instance that was then killed: the row changed,
    // the job is held by a worker that no longer renews it.
    const db = instances[0]!.database.db;
    await db.updateTable('photos').set({ license: 'cc-by-sa' }).where('id', '=', photo!.id).execute();
    const now = new Date();
    const held = await db
      .insertInto('jobs')
      .values({
        name: 'renditions.render',
        payload: JSON.stringify({ photoId: photo!.id }),
        state: 'running',
        runAt: now.toISOString(),
        attempts: 1,
        maxAttempts: 5,
        lockedBy: 'gone.example/1/dead',
        lockedUntil: new Date(now.getTime() + 1500).toISOString(),
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let current = photo!;
    await waitFor(async () => {
      current = allPhotos(await call('GET', '/api/photos')).find((each) => each.id === photo!.id)!;
      return current.version > photo!.version;
    }, 'the held render taken up by a live instance', 30_000);
    for (const answer of await fromEveryInstance('GET', `/uploads/${current.filename}`)) {
      expect(answer.status, `instance ${answer.instance}`).toBe(200);
      expect(answer.body).toContain('https://creativecommons.org/licenses/by-sa/4.0/');
    }
    // That job, not another render queued meanwhile: taken up once more, and done.
    await waitFor(async () => (await db.selectFrom('jobs').select('state').where('id', '=', held.id).executeTakeFirstOrThrow()).state === 'done', 'the held job done', 30_000);
    const job = await db.selectFrom('jobs').select(['state', 'attempts', 'lockedBy']).where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });

  it('signs out on one instance and is signed out on both', async () => {
    expect((await call('POST', '/api/logout', { cookie, json: {} })).status).toBe(200);
    for (const answer of await fromEveryInstance('GET', '/api/auth/user', cookie)) {
      expect(answer.status, `instance ${answer.instance}`).toBe(401);
    }
  });

  it('counts failed sign-ins across both instances: the limit holds whichever one is asked', async () => {
    const attempt = () => call('POST', '/api/login', { json: { username: OWNER.username, password: 'not the password' } });
    const refused: Answer[] = [];
    for (let index = 0; index < LOGIN_LIMIT_PER_ADDRESS.limit; index += 1) refused.push(await attempt());
    expect(refused.map((answer) => answer.status)).toEqual(Array(LOGIN_LIMIT_PER_ADDRESS.limit).fill(401));
    // Each instance saw only half: a counter per process would still let both through.
    expect(new Set(refused.map((answer) => answer.instance)).size).toBe(2);
    const limited = [await attempt(), await attempt()];
    expect(limited.map((answer) => answer.status)).toEqual([429, 429]);
    expect(new Set(limited.map((answer) => answer.instance)).size).toBe(2);
    // The right password is refused too until the window ends, on either instance.
    const owner = await call('POST', '/api/login', { json: { username: OWNER.username, password: OWNER.password } });
    expect(owner.status).toBe(429);
  });
});
