import { afterEach, describe, expect, it } from 'vitest';
import type { Gallery, GalleryLink, GalleryLinkPicks, GalleryLinkThreads, GalleryThread, GalleryThreads, NewGalleryLink } from '#contract/galleries.ts';
import { pickFilterText, pickNameOf } from '#contract/galleries.ts';
import { galleryFixture, tokenOf, type GallerySetup as Setup } from '#tests/fixtures/galleries.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { cookieHeader, createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PASSWORD = 'river-stone-42';
const clock = createTestClock();

/** An unlisted category of four photos, and one photo left in the bank. */
async function gallery(): Promise<Setup> {
  t = await createTestApp({ clock });
  const cookie = await t.signIn();
  const photos = await createPhotos(t, cookie, 5, ['DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg', 'DSC_0004.jpg', 'loose.jpg']);
  const categoryId = await unlistedCategoryOf(cookie, photos.slice(0, 4));
  return { cookie, categoryId, photos };
}

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);

/** A link's holder, from one address unless told. */
const holder = (link: NewGalleryLink, cookie?: string, remoteAddress = '203.0.113.7') => {
  const headers = cookie ? { cookie } : {};
  const base = `/api/galleries/${tokenOf(link)}`;
  return {
    gallery: () => t.app.inject({ method: 'GET', url: base, headers, remoteAddress }),
    threads: () => t.app.inject({ method: 'GET', url: `${base}/comments`, headers, remoteAddress }),
    comment: (photoId: number | string, text: unknown) =>
      t.app.inject({ method: 'POST', url: `${base}/photos/${photoId}/comments`, headers, remoteAddress, payload: { text } }),
    verdict: (photoId: number | string, verdict: unknown) =>
      t.app.inject({ method: 'PUT', url: `${base}/photos/${photoId}/verdict`, headers, remoteAddress, payload: { verdict } }),
    download: (photoId: number) => t.app.inject({ method: 'GET', url: `${base}/photos/${photoId}/download`, headers, remoteAddress }),
    zip: () => t.app.inject({ method: 'GET', url: `${base}/download`, headers, remoteAddress }),
  };
};
async function unlocked(link: NewGalleryLink): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response);
}

const COMMENTS_OFF = { code: 'galleries.comments_off', message: 'Comments are not on for this gallery' };
const LIMIT_REACHED = { code: 'galleries.download_limit_reached', message: 'No downloads are left for this gallery. Ask the photographer to reset them.' };

describe('comments and verdicts per photo', () => {
  it('are off by default: a link without them refuses every call with a code, until the owner turns them on', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Friends' });
    expect(link).toMatchObject({ comments: false, downloadLimit: null, downloadsUsed: 0 });
    const photo = setup.photos[0]!.id;
    const me = holder(link);
    for (const answer of [await me.threads(), await me.comment(photo, 'Lovely'), await me.verdict(photo, 'approved')]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual(COMMENTS_OFF);
    }
    const answer = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/photos/${photo}/comments`, { text: 'Thanks' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual(COMMENTS_OFF);
    expect(await t.database.db.selectFrom('galleryComments').selectAll().execute()).toEqual([]);
    expect((await me.gallery()).json<Gallery>()).toMatchObject({ comments: false, downloadLimit: null, downloadsLeft: null });

    const on = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { comments: true });
    expect(on.json<GalleryLink>().comments).toBe(true);
    expect((await me.gallery()).json<Gallery>().comments).toBe(true);
    expect((await me.comment(photo, 'Lovely')).statusCode).toBe(201);
    const bad = await owner(setup.cookie, 'POST', `/api/categories/${setup.categoryId}/links`, { label: 'Bad', comments: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Comments must be on or off');
  });

  it('keeps a client thread and verdict per photo for the holder of the password, and the owner answers in it', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', password: PASSWORD, comments: true });
    const [first, second, third] = setup.photos;
    const loose = setup.photos[4]!;

    // No cookie: the gallery's own 401 on every route.
    for (const answer of [await holder(link).threads(), await holder(link).comment(first!.id, 'Hi'), await holder(link).verdict(first!.id, 'approved')]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'galleries.locked' });
    }
    const me = holder(link, await unlocked(link));
    expect((await me.threads()).json<GalleryThreads>()).toEqual({ threads: [] });

    const posted = await me.comment(second!.id, '  Could this one be a little brighter?\nThanks!  ');
    expect(posted.statusCode, posted.body).toBe(201);
    const thread = posted.json<GalleryThread>();
    // Trimmed at the ends, its line kept.
    expect(thread).toMatchObject({ photoId: second!.id, verdict: 'none', comments: [{ author: 'client', text: 'Could this one be a little brighter?\nThanks!' }] });
    expect((await me.verdict(second!.id, 'rejected')).json<GalleryThread>()).toMatchObject({ photoId: second!.id, verdict: 'rejected' });
    expect((await me.verdict(first!.id, 'approved')).json<GalleryThread>()).toEqual({ photoId: first!.id, verdict: 'approved', comments: [] });
    // Twice is once; "none" takes it back.
    expect((await me.verdict(first!.id, 'approved')).json<GalleryThread>().verdict).toBe('approved');
    expect((await me.verdict(third!.id, 'approved')).statusCode).toBe(200);
    expect((await me.verdict(third!.id, 'none')).json<GalleryThread>().verdict).toBe('none');
    const wrong = await me.verdict(first!.id, 'maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain('Verdict must be approved, rejected or none');

    // In gallery order; a photo with nothing on it is not listed.
    expect((await me.threads()).json<GalleryThreads>().threads.map((each) => [each.photoId, each.verdict, each.comments.length])).toEqual([
      [first!.id, 'approved', 0],
      [second!.id, 'rejected', 1],
    ]);

    // Outside the gallery, or no photo.
    const outside = await me.comment(loose.id, 'Hm');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'galleries.photo_not_found' });
    expect((await me.verdict(loose.id, 'approved')).statusCode).toBe(404);
    expect((await me.comment('abc', 'Hm')).statusCode).toBe(400);

    // The owner sees the threads per link and per photo, with the file names, and answers.
    const view = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/comments`);
    expect(view.statusCode).toBe(200);
    expect(view.json<GalleryLinkThreads>().threads.map((each) => [each.photo.id, each.fileName, each.verdict, each.comments.map((c) => c.text)])).toEqual([
      [first!.id, 'DSC_0001.jpg', 'approved', []],
      [second!.id, 'DSC_0002.jpg', 'rejected', ['Could this one be a little brighter?\nThanks!']],
    ]);
    clock.advance(1000);
    const answered = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/photos/${second!.id}/comments`, { text: 'Yes, I will send a new one.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<GalleryThread>().comments.map((c) => [c.author, c.text])).toEqual([
      ['client', 'Could this one be a little brighter?\nThanks!'],
      ['owner', 'Yes, I will send a new one.'],
    ]);
    // The holder reads the answer in the same thread.
    const mine = (await me.threads()).json<GalleryThreads>().threads.find((each) => each.photoId === second!.id)!;
    expect(mine.comments.map((c) => c.author)).toEqual(['client', 'owner']);
    // Another link's threads are its own.
    const other = await createLink(setup, { label: 'Couple', comments: true });
    expect((await holder(other).threads()).json<GalleryThreads>()).toEqual({ threads: [] });
    // Not the owner: 401; no such link or photo: 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/gallery-links/${link.id}/comments` })).statusCode).toBe(401);
    expect((await owner(setup.cookie, 'GET', '/api/gallery-links/9999/comments')).statusCode).toBe(404);
    expect((await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/photos/${loose.id}/comments`, { text: 'x' })).statusCode).toBe(404);
  });

  it('keeps hostile text as text, and refuses 100 KB, a blank and control characters at the contract', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', comments: true });
    const photo = setup.photos[0]!.id;
    const me = holder(link);
    const hostile = ['<img src=x onerror="alert(1)">', '<script>alert(document.cookie)</script>', '=HYPERLINK("http://evil.test")', '"; DROP TABLE gallery_comments; --', 'Ünïcödé 😀 \u202e reversed'];
    for (const text of hostile) {
      const answer = await me.comment(photo, text);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.headers['content-type']).toContain('application/json');
    }
    // Stored and given back exactly as written: no HTML is made of it, and none is stripped.
    expect((await me.threads()).json<GalleryThreads>().threads[0]!.comments.map((c) => c.text)).toEqual(hostile);

    const refusals: Array<[unknown, string]> = [
      ['x'.repeat(100 * 1024), 'Comment must be at most 2000 characters'],
      ['x'.repeat(2001), 'Comment must be at most 2000 characters'],
      ['   ', 'Comment is required'],
      ['bell \u0007', 'Comment must not contain control characters'],
      ['nul \u0000 here', 'Comment must not contain control characters'],
      ['escape \u001b[31m red', 'Comment must not contain control characters'],
      ['c1 \u0085', 'Comment must not contain control characters'],
      ['half \ud800 pair', 'Comment must not contain control characters'],
      [42, 'Comment must be text'],
    ];
    for (const [text, message] of refusals) {
      const answer = await me.comment(photo, text);
      expect(answer.statusCode, String(text).slice(0, 40)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'request.invalid' });
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    expect((await me.comment(photo, 'x'.repeat(2000))).statusCode).toBe(201);
    expect((await me.comment(photo, 'tab\tand\r\nlines')).statusCode).toBe(201);
    // The owner's answer goes through the same contract.
    expect((await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/photos/${photo}/comments`, { text: 'no \u0007' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('galleryComments').select('id').execute()).toHaveLength(hostile.length + 2);
  });

  it('counts comments per address, as other public writes are', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', comments: true });
    const photo = setup.photos[0]!.id;
    for (let index = 0; index < 60; index += 1) expect((await holder(link).comment(photo, `Note ${index}`)).statusCode).toBe(201);
    const refused = await holder(link).comment(photo, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'limits.too_many_attempts' });
    // Another address still may.
    expect((await holder(link, undefined, '198.51.100.9').comment(photo, 'From elsewhere')).statusCode).toBe(201);
  });

  it('exports verdicts in the CSV and the picks, limited to the approved or the commented photos', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', proofing: true, comments: true });
    const [first, second, third, fourth] = setup.photos;
    const token = tokenOf(link);
    const me = holder(link);
    await t.app.inject({ method: 'PUT', url: `/api/galleries/${token}/picks/${first!.id}` });
    await t.app.inject({ method: 'PUT', url: `/api/galleries/${token}/picks/${second!.id}` });
    await me.verdict(first!.id, 'approved');
    await me.verdict(second!.id, 'rejected');
    await me.verdict(third!.id, 'approved');
    await me.comment(second!.id, 'Too dark, "really"');
    await me.comment(fourth!.id, 'Crop tighter?');
    await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/photos/${fourth!.id}/comments`, { text: 'Will do' });

    const picksOf = async (only?: string) => {
      const answer = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks${only ? `?only=${only}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<GalleryLinkPicks>().picks;
    };
    expect((await picksOf()).map((pick) => [pick.photo.id, pick.verdict, pick.commentCount])).toEqual([
      [first!.id, 'approved', 0],
      [second!.id, 'rejected', 1],
    ]);
    const approved = await picksOf('approved');
    expect(approved.map((pick) => [pick.photo.id, pick.verdict, pick.pickedAt === null])).toEqual([
      [first!.id, 'approved', false],
      [third!.id, 'approved', true],
    ]);
    // "Copy file names" of the approved photos only.
    expect(pickFilterText(approved.map(pickNameOf))).toBe('DSC_0001, DSC_0003');
    expect((await picksOf('commented')).map((pick) => [pick.photo.id, pick.commentCount])).toEqual([
      [second!.id, 1],
      [fourth!.id, 2],
    ]);
    expect((await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks?only=everything`)).statusCode).toBe(400);

    const csvOf = async (only?: string) => {
      const answer = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks/csv${only ? `?only=${only}` : ''}`);
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    const all = await csvOf();
    const pickedAt = Object.fromEntries((await picksOf()).map((pick) => [pick.photo.id, pick.pickedAt]));
    expect(all.body).toBe(
      '\uFEFF' +
        [
          'Title,File name,Photo id,Picked at,Verdict,Comments',
          `DSC_0001,DSC_0001.jpg,${first!.id},${pickedAt[first!.id]},approved,0`,
          `DSC_0002,DSC_0002.jpg,${second!.id},${pickedAt[second!.id]},rejected,1`,
        ].join('\r\n') +
        '\r\n',
    );
    const approvedCsv = await csvOf('approved');
    expect(approvedCsv.headers['content-disposition']).toContain('filename="approved-parents.csv"');
    expect(approvedCsv.body.split('\r\n').slice(1, -1)).toEqual([
      `DSC_0001,DSC_0001.jpg,${first!.id},${pickedAt[first!.id]},approved,0`,
      `DSC_0003,DSC_0003.jpg,${third!.id},,approved,0`,
    ]);
    expect((await csvOf('commented')).body.split('\r\n').slice(1, -1)).toEqual([
      `DSC_0002,DSC_0002.jpg,${second!.id},${pickedAt[second!.id]},rejected,1`,
      `DSC_0004,DSC_0004.jpg,${fourth!.id},,,2`,
    ]);
  });
});

describe('a link with a download limit', () => {
  it('counts a photo or a ZIP as one, tells what is left, refuses with a code when none is, and the owner resets it', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', downloads: 'display', downloadLimit: 2 });
    expect(link).toMatchObject({ downloadLimit: 2, downloadsUsed: 0 });
    const me = holder(link);
    const [first, second] = setup.photos;
    expect((await me.gallery()).json<Gallery>()).toMatchObject({ downloadLimit: 2, downloadsLeft: 2 });
    expect((await me.download(first!.id)).statusCode).toBe(200);
    expect((await me.gallery()).json<Gallery>().downloadsLeft).toBe(1);
    const zip = await me.zip();
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect((await me.gallery()).json<Gallery>().downloadsLeft).toBe(0);
    for (const refused of [await me.download(second!.id), await me.zip()]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(LIMIT_REACHED);
    }
    const links = async () => (await owner(setup.cookie, 'GET', `/api/categories/${setup.categoryId}/links`)).json<GalleryLink[]>();
    expect((await links())[0]).toMatchObject({ downloadLimit: 2, downloadsUsed: 2 });

    // The owner resets the count: the whole limit again.
    expect((await t.app.inject({ method: 'POST', url: `/api/gallery-links/${link.id}/downloads/reset` })).statusCode).toBe(401);
    const reset = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/downloads/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<GalleryLink>()).toMatchObject({ downloadLimit: 2, downloadsUsed: 0 });
    expect((await me.gallery()).json<Gallery>().downloadsLeft).toBe(2);
    expect((await me.download(second!.id)).statusCode).toBe(200);
    expect((await owner(setup.cookie, 'POST', '/api/gallery-links/9999/downloads/reset')).statusCode).toBe(404);

    // No limit: counted, never refused.
    const lifted = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { downloadLimit: null });
    expect(lifted.json<GalleryLink>()).toMatchObject({ downloadLimit: null, downloadsUsed: 1 });
    for (let index = 0; index < 3; index += 1) expect((await me.download(first!.id)).statusCode).toBe(200);
    expect((await me.gallery()).json<Gallery>()).toMatchObject({ downloadLimit: null, downloadsLeft: null });
  });

  it('at 1 gives one download; at 0 gives none; refuses a limit that is not a whole number from 0', async () => {
    const setup = await gallery();
    const [first] = setup.photos;
    const one = await createLink(setup, { label: 'One', downloads: 'display', downloadLimit: 1 });
    expect((await holder(one).download(first!.id)).statusCode).toBe(200);
    expect((await holder(one).download(first!.id)).json()).toEqual(LIMIT_REACHED);
    const none = await createLink(setup, { label: 'None', downloads: 'display', downloadLimit: 0 });
    expect((await holder(none).gallery()).json<Gallery>().downloadsLeft).toBe(0);
    expect((await holder(none).download(first!.id)).json()).toEqual(LIMIT_REACHED);
    expect((await holder(none).zip()).statusCode).toBe(403);
    for (const [downloadLimit, message] of [
      [-1, 'Download limit must be at least 0'],
      [1.5, 'Download limit must be a whole number'],
      ['3', 'Download limit must be a whole number'],
    ] as const) {
      const refused = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${one.id}`, { downloadLimit });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
    }
  });

  it('counts the last download atomically: of many at once, exactly one passes', async () => {
    const setup = await gallery();
    const [first, second, third] = setup.photos;
    const link = await createLink(setup, { label: 'Parents', downloads: 'display', downloadLimit: 3 });
    const me = holder(link);
    expect((await me.download(first!.id)).statusCode).toBe(200);
    expect((await me.download(second!.id)).statusCode).toBe(200);
    // One left: eight at once (photos and ZIPs from several addresses), one passes.
    const answers = await Promise.all([
      ...[first, second, third, first, second, third].map((photo, index) => holder(link, undefined, `203.0.113.${20 + index}`).download(photo!.id)),
      holder(link, undefined, '198.51.100.1').zip(),
      holder(link, undefined, '198.51.100.2').zip(),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 403).map((answer) => answer.json<unknown>())).toEqual(Array(7).fill(LIMIT_REACHED));
    const row = await t.database.db.selectFrom('galleryLinks').select(['downloadsUsed', 'downloadLimit']).where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ downloadsUsed: 3, downloadLimit: 3 });
  });
});
