import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsReport } from '#contract/statistics.ts';
import { existingTables } from '#server/features/backup/backup.repository.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/** The shape of Vite's built index.html, enough for the server to build pages. */
const TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Atelier</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>
`;

const VISITORS = 1000;
/** The address and user agent of one visitor, searched for in every table afterwards. */
const PROBE_ADDRESS = '203.0.113.77';
const PROBE_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) StatsProbe/7.3 Firefox/140.0';

const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
const agentOf = (index: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/${100 + (index % 40)}.0 visitor-${index}`;

let t: TestApp;
let clientDir: string;
let cookie: string;
const clock = createTestClock(new Date('2026-06-01T08:00:00Z'));
let photoId: number;
let releaseId: number;

const visit = (url: string, address: string, userAgent: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address, 'user-agent': userAgent, ...headers } });

const beacon = (payload: object, address: string, userAgent: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/events', payload, headers: { 'x-forwarded-for': address, 'user-agent': userAgent, ...headers } });

const report = async (days = 30): Promise<StatisticsReport> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/statistics?days=${days}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsReport>();
};

/** Every string in every row of every table of the database. */
async function everyText(): Promise<string[]> {
  const texts: string[] = [];
  for (const table of await existingTables(t.database.db, t.dialect)) {
    const rows = await t.database.db.selectFrom(table as never).selectAll().execute();
    for (const row of rows as Array<Record<string, unknown>>) {
      for (const value of Object.values(row)) if (typeof value === 'string') texts.push(value);
    }
  }
  // The migrator's own tables too: nothing may hide anywhere.
  return texts;
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  t = await createTestApp({ clock, clientDir, env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://portfolio.example' } });
  cookie = await t.signIn();
  const [photo, release] = await createPhotos(t, cookie, 2);
  photoId = photo!.id;
  releaseId = release!.id;
  const categoryId = await createCategory(t, 'Landscapes');
  await t.database.db.updateTable('photos').set({ categoryId }).where('id', '=', photoId).execute();
  const edited = await t.app.inject({
    method: 'PUT',
    url: `/api/photos/${releaseId}`,
    headers: { cookie },
    payload: { title: 'Night EP', hyperlink: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('statistics', () => {
  it(`counts ${VISITORS} distinct visitors exactly, and not the owner, bots, DNT or GPC`, async () => {
    for (let index = 0; index < VISITORS; index++) {
      const [address, agent] = [addressOf(index), agentOf(index)];
      const referer: Record<string, string> = index % 4 === 0 ? { referer: 'https://www.instagram.com/p/abc?igshid=1' } : {};
      expect((await visit('/', address, agent, referer)).statusCode).toBe(200);
      if (index % 5 === 0) expect((await visit(`/photo/${photoId}`, address, agent)).statusCode).toBe(200);
      if (index % 2 === 0) expect((await beacon({ kind: 'viewer', photoId }, address, agent)).statusCode).toBe(202);
      if (index % 10 === 0) {
        expect((await beacon({ kind: 'release', photoId: releaseId }, address, agent)).statusCode).toBe(202);
        expect((await beacon({ kind: 'stream', photoId: releaseId, service: 'Spotify' }, address, agent)).statusCode).toBe(202);
      }
      if (index % 20 === 0) expect((await beacon({ kind: 'view', path: '/' }, address, agent)).statusCode).toBe(202);
    }
    const before = await report();

    // The owner, bots, and visitors who asked not to be tracked add nothing.
    const outsiders: Array<[string, Record<string, string>]> = [
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', {}],
      ['curl/8.5.0', {}],
      ['Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 dnt', { dnt: '1' }],
      ['Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 gpc', { 'sec-gpc': '1' }],
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 prefetch', { 'sec-purpose': 'prefetch' }],
      ['Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 owner', { cookie }],
    ];
    for (const [agent, headers] of outsiders) {
      expect((await visit('/', '198.51.100.9', agent, { referer: 'https://elsewhere.example/', ...headers })).statusCode).toBe(200);
      expect((await visit(`/photo/${photoId}`, '198.51.100.9', agent, headers)).statusCode).toBe(200);
      for (const event of [{ kind: 'viewer', photoId }, { kind: 'stream', photoId: releaseId, service: 'Spotify' }, { kind: 'view', path: '/' }]) {
        expect((await beacon(event, '198.51.100.9', agent, headers)).statusCode).toBe(202);
      }
    }
    const after = await report();
    expect(after).toEqual(before);

    const today = after.series.at(-1)!;
    expect(after.series).toHaveLength(30);
    expect(today).toEqual({ date: '2026-06-01', visitors: VISITORS, views: VISITORS + VISITORS / 5 + VISITORS / 20 });
    expect(after.totals).toEqual({ visitors: VISITORS, views: 1250, viewerOpens: 500, streamClicks: 100 });
    expect(after.topPages).toEqual([
      { name: '/', count: 1050 },
      { name: `/photo/${photoId}`, count: 200 },
    ]);
    expect(after.topPhotos).toEqual([{ id: photoId, title: expect.any(String), count: 700 }]);
    expect(after.topCategories).toEqual([{ name: 'Landscapes', count: 700 }]);
    expect(after.topReleases).toEqual([{ id: releaseId, title: 'Night EP', count: 100 }]);
    expect(after.topReferrers).toEqual([{ name: 'instagram.com', count: 250 }]);
    expect(after.topServices).toEqual([{ name: 'Spotify', count: 100 }]);
    expect(after.streamClicks).toEqual([{ id: releaseId, title: 'Night EP', service: 'Spotify', count: 100 }]);
  });

  it('stores neither the address nor the user agent anywhere, and forgets the day’s salt and hashes the next day', async () => {
    expect((await visit('/', PROBE_ADDRESS, PROBE_AGENT, { referer: 'https://news.example/' })).statusCode).toBe(200);
    expect((await beacon({ kind: 'viewer', photoId }, PROBE_ADDRESS, PROBE_AGENT)).statusCode).toBe(202);
    const counted = await report();
    expect(counted.series.at(-1)!.visitors).toBe(VISITORS + 1);
    const texts = await everyText();
    expect(texts.length).toBeGreaterThan(0);
    for (const secret of [PROBE_ADDRESS, PROBE_AGENT, 'StatsProbe', addressOf(7), agentOf(7)]) {
      expect(texts.filter((text) => text.includes(secret)), secret).toEqual([]);
    }
    const [firstSalt] = await t.database.db.selectFrom('statisticsSalts').selectAll().execute();
    expect(firstSalt?.day).toBe('2026-06-01');

    // The next day: yesterday's hashes become a count, its salt is deleted, a new salt is made.
    clock.advance(24 * 60 * 60 * 1000);
    expect((await visit('/', PROBE_ADDRESS, PROBE_AGENT)).statusCode).toBe(200);
    const nextDay = await report();
    expect(nextDay.series.slice(-2)).toEqual([
      { date: '2026-06-01', visitors: VISITORS + 1, views: 1251 },
      { date: '2026-06-02', visitors: 1, views: 1 },
    ]);
    const salts = await t.database.db.selectFrom('statisticsSalts').selectAll().execute();
    expect(salts.map((salt) => salt.day)).toEqual(['2026-06-02']);
    expect(salts[0]!.salt).not.toBe(firstSalt!.salt);
    const hashes = await t.database.db.selectFrom('statisticsVisitors').select('day').execute();
    expect(new Set(hashes.map((row) => row.day))).toEqual(new Set(['2026-06-02']));
    expect(nextDay.totals.visitors).toBe(VISITORS + 2);
  });

  it('refuses a bad event and a bad range with a message', async () => {
    const bad = await beacon({ kind: 'stream', photoId: releaseId, service: '<script>' }, '192.0.2.1', agentOf(1));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const range = await t.app.inject({ method: 'GET', url: '/api/statistics?days=7', headers: { cookie } });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toEqual(expect.any(String));
  });
});

describe('STATISTICS=off', () => {
  it('counts nothing', async () => {
    const off = await createTestApp({ clientDir, env: { STATISTICS: 'off' } });
    try {
      const ownerCookie = await off.signIn();
      expect((await off.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': agentOf(1) } })).statusCode).toBe(200);
      const response = await off.app.inject({ method: 'GET', url: '/api/statistics', headers: { cookie: ownerCookie } });
      expect(response.json<StatisticsReport>().totals).toEqual({ visitors: 0, views: 0, viewerOpens: 0, streamClicks: 0 });
      const rows = await off.database.db.selectFrom('statisticsDaily').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
