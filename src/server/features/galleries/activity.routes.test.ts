import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryLink, NewGalleryLink } from '#contract/galleries.ts';
import type { GalleryLinkActivity, Notices, NoticeSettings } from '#contract/gallery-activity.ts';
import { createAppContext } from '#server/app-context.ts';
import { createWorker } from '#server/background-work.ts';
import { galleryFixture, tokenOf, type GallerySetup as Setup } from '#tests/fixtures/galleries.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { sendNoticeDigest } from './activity.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const ADDRESS = '203.0.113.7';
const AGENT = 'AgentSmith/1.0 (Holder; like Gecko)';
const HALF_HOUR = 30 * 60 * 1000;

async function gallery(clock: ReturnType<typeof createTestClock>): Promise<Setup> {
  t = await createTestApp({ clock, smtp: true });
  const cookie = await t.signIn();
  const photos = await createPhotos(t, cookie, 4, ['DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg', 'DSC_0004.jpg']);
  const categoryId = await unlistedCategoryOf(cookie, photos.slice(0, 3));
  return { cookie, categoryId, photos };
}

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);
const FULL = { proofing: true, comments: true, downloads: 'display' };

/** A link's holder in one browser: its cookies kept between requests as a browser keeps them. */
function holder(link: NewGalleryLink, start: string = '') {
  const jar = new Map<string, string>();
  for (const pair of start.split('; ').filter(Boolean)) jar.set(pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1));
  const base = `/api/galleries/${tokenOf(link)}`;
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({ method, url, remoteAddress: ADDRESS, headers: { 'user-agent': AGENT, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
    for (const set of response.cookies) jar.set(set.name, set.value);
    return response;
  };
  return {
    jar,
    /** The visit cookie's lifetime passed: the browser drops it. */
    forgetVisit: () => {
      for (const name of [...jar.keys()]) if (name.includes('visit')) jar.delete(name);
    },
    open: () => send('GET', base),
    view: (photoId: number | string) => send('POST', `${base}/photos/${photoId}/viewed`),
    pick: (photoId: number) => send('PUT', `${base}/picks/${photoId}`),
    unpick: (photoId: number) => send('DELETE', `${base}/picks/${photoId}`),
    submit: () => send('POST', `${base}/picks/submit`),
    download: (photoId: number) => send('GET', `${base}/photos/${photoId}/download`),
    zip: () => send('GET', `${base}/download`),
    comment: (photoId: number, text: string) => send('POST', `${base}/photos/${photoId}/comments`, { text }),
    verdict: (photoId: number, verdict: string) => send('PUT', `${base}/photos/${photoId}/verdict`, { verdict }),
  };
}

/** A mail's subject as its reader sees it: the header unfolded, its encoded words (RFC 2047) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, ' ');
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
      Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

const activityOf = async (setup: Setup, link: NewGalleryLink) => {
  const answer = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/activity`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<GalleryLinkActivity>();
};
const noticesOf = async (setup: Setup) => (await owner(setup.cookie, 'GET', '/api/notices')).json<Notices>();
const setNotices = async (setup: Setup, settings: Partial<NoticeSettings>) => {
  const answer = await owner(setup.cookie, 'PUT', '/api/notice-settings', settings);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<NoticeSettings>();
};

describe('a link\'s activity', () => {
  it('records each kind of event from the link\'s own requests, counts visits by a 30-minute cookie and views once per photo and visit', async () => {
    const clock = createTestClock();
    const setup = await gallery(clock);
    const link = await createLink(setup, { label: 'Parents', ...FULL });
    const [first, second, third] = setup.photos;
    const me = holder(link);

    const opened = await me.open();
    expect(opened.statusCode, opened.body).toBe(200);
    const visitCookie = opened.cookies.find((cookie) => cookie.name === `atelier_gallery_visit_${link.id}`);
    expect(visitCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(visitCookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Date(visitCookie!.expires!).getTime()).toBe(clock().getTime() + HALF_HOUR);
    clock.advance(60_000);
    // A reload within the visit is the same visit.
    await me.open();
    for (const photo of [first!, first!, second!]) {
      const viewed = await me.view(photo.id);
      expect(viewed.statusCode, viewed.body).toBe(204);
      clock.advance(1000);
    }
    // A photo of another gallery, or none at all.
    expect((await me.view(setup.photos[3]!.id)).statusCode).toBe(404);
    expect((await me.view('abc')).statusCode).toBe(400);
    // A browser without a visit of this link's is not counted (no cookie, or one the link never gave).
    const stranger = holder(link, `atelier_gallery_visit_${link.id}=${'A'.repeat(22)}`);
    expect((await stranger.view(third!.id)).statusCode).toBe(204);

    expect((await me.pick(first!.id)).statusCode).toBe(200);
    expect((await me.pick(second!.id)).statusCode).toBe(200);
    expect((await me.pick(second!.id)).statusCode).toBe(200);
    expect((await me.unpick(second!.id)).statusCode).toBe(200);
    expect((await me.unpick(third!.id)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await me.submit()).statusCode).toBe(200);
    expect((await me.download(first!.id)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await me.zip()).statusCode).toBe(200);
    expect((await me.comment(second!.id, 'Brighter, please')).statusCode).toBe(201);
    expect((await me.verdict(second!.id, 'rejected')).statusCode).toBe(200);

    // 31 minutes later the cookie is gone: a second visit.
    clock.advance(HALF_HOUR + 60_000);
    me.forgetVisit();
    await me.open();
    expect((await me.view(first!.id)).statusCode).toBe(204);

    const { counts, events } = await activityOf(setup, link);
    expect(events.map((event) => [event.type, event.photoId, event.detail])).toEqual([
      ['viewed', first!.id, null],
      ['opened', null, null],
      ['verdict', second!.id, 'rejected'],
      ['commented', second!.id, null],
      ['downloaded', null, 'zip'],
      ['downloaded', first!.id, null],
      ['submitted', null, '1'],
      ['unpicked', second!.id, null],
      ['picked', second!.id, null],
      ['picked', first!.id, null],
      ['viewed', second!.id, null],
      ['viewed', first!.id, null],
      ['opened', null, null],
    ]);
    expect(events.find((event) => event.type === 'commented')!.photoTitle).toBe('DSC_0002');
    expect(counts).toMatchObject({ visits: 2, photosViewed: 2, downloads: 2, picks: 2, submits: 1, comments: 1 });
    expect(counts.firstOpenedAt).toBe(events.at(-1)!.at);
    expect(counts.lastOpenedAt).toBe(events[1]!.at);

    // The links list carries the same counts.
    const [listed] = (await owner(setup.cookie, 'GET', `/api/categories/${setup.categoryId}/links`)).json<GalleryLink[]>();
    expect(listed!.activity).toEqual(counts);

    // The rows hold no address and no user agent: only these columns, and none holds either.
    const rows = await t.database.db.selectFrom('galleryLinkEvents').selectAll().execute();
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'detail', 'id', 'linkId', 'once', 'photoId', 'type']);
    const stored = JSON.stringify(rows);
    for (const secret of [ADDRESS, 'AgentSmith', '203.0.113']) expect(stored).not.toContain(secret);
    const notices = JSON.stringify(await t.database.db.selectFrom('galleryNotices').selectAll().execute());
    for (const secret of [ADDRESS, 'AgentSmith']) expect(notices).not.toContain(secret);
  });

  it('does not count the signed-in owner\'s own visits, views, picks, downloads and comments', async () => {
    const clock = createTestClock();
    const setup = await gallery(clock);
    const link = await createLink(setup, { label: 'Preview', ...FULL });
    const me = holder(link, setup.cookie);
    const opened = await me.open();
    expect(opened.statusCode).toBe(200);
    expect(opened.cookies.map((cookie) => cookie.name)).not.toContain(`atelier_gallery_visit_${link.id}`);
    const photo = setup.photos[0]!.id;
    expect((await me.view(photo)).statusCode).toBe(204);
    expect((await me.pick(photo)).statusCode).toBe(200);
    expect((await me.download(photo)).statusCode).toBe(200);
    expect((await me.comment(photo, 'Note to self')).statusCode).toBe(201);
    expect((await me.verdict(photo, 'approved')).statusCode).toBe(200);
    expect((await me.submit()).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('galleryLinkEvents').selectAll().execute()).toEqual([]);
    expect(await noticesOf(setup)).toEqual({ notices: [], unread: 0 });
    await t.runJobs();
    expect(t.smtp.received).toEqual([]);
  });

  it('answers a timeline only to the owner, for a link of theirs', async () => {
    const clock = createTestClock();
    const setup = await gallery(clock);
    const link = await createLink(setup, { label: 'Parents' });
    expect((await t.app.inject({ method: 'GET', url: `/api/gallery-links/${link.id}/activity` })).statusCode).toBe(401);
    expect((await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id + 99}/activity`)).statusCode).toBe(404);
    expect(await activityOf(setup, link)).toEqual({ counts: expect.objectContaining({ visits: 0, firstOpenedAt: null }), events: [] });
  });
});

describe('notices to the owner', () => {
  it('mails at once on the first open, the first download, sent picks and a comment (by the owner\'s choice), each shown in the admin until read', async () => {
    const clock = createTestClock();
    const setup = await gallery(clock);
    expect((await owner(setup.cookie, 'GET', '/api/notice-settings')).json()).toEqual({ opened: 'now', submitted: 'now', downloaded: 'now', commented: 'digest' });
    expect(await setNotices(setup, { commented: 'now' })).toEqual({ opened: 'now', submitted: 'now', downloaded: 'now', commented: 'now' });
    expect((await owner(setup.cookie, 'PUT', '/api/notice-settings', { opened: 'weekly' })).statusCode).toBe(400);
    const link = await createLink(setup, { label: 'Parents', ...FULL });
    const [first, second] = setup.photos;
    const me = holder(link);
    await me.open();
    clock.advance(HALF_HOUR + 1000);
    me.forgetVisit();
    // A second visit, a second browser: no second notice of the first open.
    await me.open();
    await holder(link).open();
    await me.download(first!.id);
    await me.zip();
    await me.pick(first!.id);
    await me.submit();
    await me.comment(second!.id, 'Could this one be <b>brighter</b>?');
    await t.runJobs();

    const mails = await t.smtp.waitForMails(4);
    expect(mails).toHaveLength(4);
    for (const mail of mails) expect(mail.to).toEqual([OWNER.email]);
    const subjects = mails.map((mail) => subjectOf(mail.raw));
    expect(subjects).toEqual([
      'Parents opened the gallery "Smith wedding"',
      'Parents downloaded "DSC_0001" from "Smith wedding", the link\'s first download',
      'Parents picked 1 photo in Smith wedding',
      'Parents commented on "DSC_0002": Could this one be <b>brighter</b>?',
    ]);
    expect(mails[3]!.decoded).toContain('Could this one be &lt;b&gt;brighter&lt;/b&gt;?');

    const notices = await noticesOf(setup);
    expect(notices.unread).toBe(4);
    expect(notices.notices.map((notice) => [notice.kind, notice.read, notice.linkId, notice.categoryId])).toEqual([
      ['commented', false, link.id, setup.categoryId],
      ['submitted', false, link.id, setup.categoryId],
      ['downloaded', false, link.id, setup.categoryId],
      ['opened', false, link.id, setup.categoryId],
    ]);
    const read = await owner(setup.cookie, 'POST', '/api/notices/read', { ids: [notices.notices[3]!.id] });
    expect(read.json<Notices>().unread).toBe(3);
    expect(read.json<Notices>().notices[3]!.read).toBe(true);
    expect((await owner(setup.cookie, 'POST', '/api/notices/read', {})).json<Notices>().unread).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
  });

  it('sends one daily digest of the notices the owner chose for it: once across two instances and a restart', async () => {
    const clock = createTestClock(new Date('2026-06-01T06:00:00Z'));
    const setup = await gallery(clock);
    await setNotices(setup, { opened: 'digest', submitted: 'digest', downloaded: 'digest', commented: 'digest' });
    const link = await createLink(setup, { label: 'Parents', ...FULL });
    const me = holder(link);
    await me.open();
    await me.download(setup.photos[0]!.id);
    await me.pick(setup.photos[0]!.id);
    await me.submit();
    await me.comment(setup.photos[1]!.id, 'Lovely');
    await t.runJobs();
    expect(t.smtp.received).toEqual([]);
    // Before the digest's hour: nothing yet.
    expect(await sendNoticeDigest(t.ctx)).toBe(0);

    // Two instances on the same database, each with its worker, both due at once.
    const second = createAppContext({ config: t.config, database: t.database, clock, log: t.ctx.log });
    const secondWorker = createWorker(second);
    clock.advance(2 * 60 * 60 * 1000);
    await Promise.all([t.runJobs(), secondWorker.drain(), sendNoticeDigest(second), sendNoticeDigest(t.ctx)]);
    await t.runJobs();
    await secondWorker.drain();
    const [digest] = await t.smtp.waitForMails(1);
    expect(t.smtp.received).toHaveLength(1);
    expect(digest!.to).toEqual([OWNER.email]);
    expect(subjectOf(digest!.raw)).toMatch(/^Your galleries on .*: 4 notices$/);
    for (const text of ['Parents opened the gallery "Smith wedding"', 'Parents sent their picks in "Smith wedding": 1 photo', 'Parents commented on "DSC_0002": Lovely']) {
      expect(digest!.decoded).toContain(text);
    }

    // A restart later the same day: a new process, its worker due again, sends nothing more.
    const restarted = createAppContext({ config: t.config, database: t.database, clock, log: t.ctx.log });
    clock.advance(60 * 60 * 1000);
    await me.comment(setup.photos[2]!.id, 'And this one');
    await createWorker(restarted).drain();
    expect(await sendNoticeDigest(restarted)).toBe(0);
    await t.runJobs();
    expect(t.smtp.received).toHaveLength(1);

    // The next day's digest holds what came since.
    clock.advance(24 * 60 * 60 * 1000);
    await createWorker(restarted).drain();
    await t.runJobs();
    const mails = await t.smtp.waitForMails(2);
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1]!.raw)).toMatch(/^Your galleries on .*: 1 notice$/);
    expect(mails[1]!.decoded).toContain('Parents commented on "DSC_0003": And this one');
    expect(mails[1]!.decoded).not.toContain('Lovely');
    // Every notice stays in the admin.
    expect((await noticesOf(setup)).unread).toBe(5);
  });
});

