import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactMessageList } from '#contract/contact.ts';
import { pickFilterText, pickNameOf, type GalleryLink, type GalleryLinkPicks, type GalleryPicks, type NewGalleryLink } from '#contract/galleries.ts';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import { galleryFixture, tokenOf, type GallerySetup as Setup } from '#tests/fixtures/galleries.ts';
import { createPhotos, deletePhotoForGood } from '#tests/fixtures/photos.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PASSWORD = 'river-stone-42';
const clock = createTestClock();

/** An unlisted category of six photos, and one photo left in the bank. */
async function gallery(options: Parameters<typeof createTestApp>[0] = {}): Promise<Setup> {
  t = await createTestApp({ clock, ...options });
  const cookie = await t.signIn();
  const photos = await createPhotos(t, cookie, 7, ['DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg', 'DSC_0004.jpg', 'DSC_0005.jpg', 'DSC_0006.jpg', 'loose.jpg']);
  const categoryId = await unlistedCategoryOf(cookie, photos.slice(0, 6));
  return { cookie, categoryId, photos };
}

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);

const holder = (link: NewGalleryLink, cookie?: string) => {
  const headers = cookie ? { cookie } : {};
  const base = `/api/galleries/${tokenOf(link)}/picks`;
  return {
    list: () => t.app.inject({ method: 'GET', url: base, headers }),
    pick: (photoId: number | string) => t.app.inject({ method: 'PUT', url: `${base}/${photoId}`, headers }),
    unpick: (photoId: number | string) => t.app.inject({ method: 'DELETE', url: `${base}/${photoId}`, headers }),
    submit: () => t.app.inject({ method: 'POST', url: `${base}/submit`, headers }),
  };
};
async function unlocked(link: NewGalleryLink): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response);
}
const linksOf = async (setup: Setup) => (await owner(setup.cookie, 'GET', `/api/categories/${setup.categoryId}/links`)).json<GalleryLink[]>();

describe('a link with proofing', () => {
  it('is off by default, set on create and edit with a cap, and refuses a cap that is not a positive whole number', async () => {
    const setup = await gallery();
    const plain = await createLink(setup, { label: 'Friends' });
    expect(plain).toMatchObject({ proofing: false, pickCap: null, pickCount: 0, picksSubmittedAt: null });
    expect((await holder(plain).list()).statusCode).toBe(404);
    expect((await holder(plain).list()).json()).toEqual({ code: 'galleries.proofing_off', message: 'Picking photos is not on for this gallery' });
    expect((await holder(plain).pick(setup.photos[0]!.id)).statusCode).toBe(404);
    expect((await holder(plain).submit()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/galleries/${tokenOf(plain)}` })).json()).toMatchObject({ proofing: false });

    const edited = await owner(setup.cookie, 'PATCH', `/api/gallery-links/${plain.id}`, { proofing: true, pickCap: 3 });
    expect(edited.json<GalleryLink>()).toMatchObject({ proofing: true, pickCap: 3 });
    expect((await t.app.inject({ method: 'GET', url: `/api/galleries/${tokenOf(plain)}` })).json()).toMatchObject({ proofing: true });
    expect((await owner(setup.cookie, 'PATCH', `/api/gallery-links/${plain.id}`, { pickCap: null })).json<GalleryLink>().pickCap).toBeNull();

    for (const [pickCap, message] of [
      [0, 'Pick limit must be at least 1'],
      [-2, 'Pick limit must be at least 1'],
      [2.5, 'Pick limit must be a whole number'],
      ['20', 'Pick limit must be a whole number'],
    ] as const) {
      const refused = await owner(setup.cookie, 'POST', `/api/categories/${setup.categoryId}/links`, { label: 'Bad', proofing: true, pickCap });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
    }
    const notBoolean = await owner(setup.cookie, 'POST', `/api/categories/${setup.categoryId}/links`, { label: 'Bad', proofing: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json<{ message: string }>().message).toContain('Proofing must be on or off');
  });

  it('keeps picks per link, idempotent, for the holder of its password only; a photo outside the gallery is refused', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', password: PASSWORD, proofing: true });
    const other = await createLink(setup, { label: 'Couple', proofing: true });
    const [first, second, third] = setup.photos;
    const loose = setup.photos[6]!;

    // No cookie: the gallery's own 401, on every route.
    const stranger = holder(link);
    for (const answer of [await stranger.list(), await stranger.pick(first!.id), await stranger.unpick(first!.id), await stranger.submit()]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: 'galleries.locked', message: 'This gallery needs its password' });
    }
    const access = await unlocked(link);
    const forged = access.replace(/=[^;]*/, '=forged');
    expect((await holder(link, forged).list()).statusCode).toBe(401);

    const me = holder(link, access);
    expect((await me.list()).json<GalleryPicks>()).toEqual({ photoIds: [], pickCap: null, submittedAt: null });
    expect((await me.pick(second!.id)).json<GalleryPicks>().photoIds).toEqual([second!.id]);
    // Twice is once.
    expect((await me.pick(second!.id)).json<GalleryPicks>().photoIds).toEqual([second!.id]);
    clock.advance(1000);
    // In gallery order, whatever the order they were picked in.
    expect((await me.pick(first!.id)).json<GalleryPicks>().photoIds).toEqual([first!.id, second!.id]);
    expect((await me.unpick(third!.id)).json<GalleryPicks>().photoIds).toEqual([first!.id, second!.id]);
    expect((await me.unpick(second!.id)).json<GalleryPicks>().photoIds).toEqual([first!.id]);
    expect((await me.unpick(second!.id)).statusCode).toBe(200);

    // Outside the gallery, or no photo at all.
    const outside = await me.pick(loose.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ code: 'galleries.photo_not_found', message: 'Photo not found in this gallery' });
    expect((await me.pick(999_999)).statusCode).toBe(404);
    const bad = await me.pick('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'No such photo' });

    // A second device (the same password) sees the same picks; the other link has its own.
    const secondDevice = holder(link, await unlocked(link));
    expect((await secondDevice.list()).json<GalleryPicks>().photoIds).toEqual([first!.id]);
    expect((await holder(other).list()).json<GalleryPicks>().photoIds).toEqual([]);
    expect((await linksOf(setup)).map((each) => [each.label, each.pickCount])).toEqual([
      ['Parents', 1],
      ['Couple', 0],
    ]);
  });

  it('answers 404 once the link expires or is revoked', async () => {
    const setup = await gallery();
    const expiring = await createLink(setup, { label: 'Until noon', proofing: true, expiresAt: new Date(clock().getTime() + 60_000).toISOString() });
    const revoked = await createLink(setup, { label: 'Revoked', proofing: true });
    expect((await holder(expiring).pick(setup.photos[0]!.id)).statusCode).toBe(200);
    expect((await holder(revoked).pick(setup.photos[0]!.id)).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await owner(setup.cookie, 'DELETE', `/api/gallery-links/${revoked.id}`)).statusCode).toBe(200);
    for (const link of [expiring, revoked]) {
      const me = holder(link);
      for (const answer of [await me.list(), await me.pick(setup.photos[1]!.id), await me.unpick(setup.photos[0]!.id), await me.submit()]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ code: 'galleries.not_found', message: 'Gallery not found' });
      }
    }
    // The revoked link's picks wait with it for an Undo, and go with it once the window has passed.
    const picksOf = () => t.database.db.selectFrom('galleryPicks').select('photoId').where('linkId', '=', revoked.id).execute();
    expect(await picksOf()).toEqual([{ photoId: setup.photos[0]!.id }]);
    clock.advance(UNDO_WINDOW_MS + 1);
    await t.runJobs();
    expect(await picksOf()).toEqual([]);
  });

  it('enforces the cap with a clear message, and counts picks sent at once one after the other', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', proofing: true, pickCap: 2 });
    const me = holder(link);
    const ids = setup.photos.slice(0, 6).map((photo) => photo.id);
    const answers = await Promise.all(ids.map((id) => me.pick(id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ code: 'galleries.pick_cap', message: 'You can pick at most 2 photos', params: { cap: 2 } });
    const kept = (await me.list()).json<GalleryPicks>();
    expect(kept.photoIds).toHaveLength(2);
    expect(kept.pickCap).toBe(2);
    expect(await t.database.db.selectFrom('galleryPicks').select('photoId').where('linkId', '=', link.id).execute()).toHaveLength(2);

    // A pick already made is no new one, even at the cap; one removed frees a place.
    expect((await me.pick(kept.photoIds[0]!)).statusCode).toBe(200);
    const free = ids.find((id) => !kept.photoIds.includes(id))!;
    expect((await me.pick(free)).statusCode).toBe(409);
    expect((await me.unpick(kept.photoIds[0]!)).statusCode).toBe(200);
    expect((await me.pick(free)).statusCode).toBe(200);

    // Removes and adds mixed, many at once, never leave more than the cap.
    const mixed = await Promise.all([...ids.map((id) => me.pick(id)), ...ids.slice(0, 3).map((id) => me.unpick(id)), ...ids.map((id) => me.pick(id))]);
    expect(mixed.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    for (const answer of mixed) expect(answer.json<GalleryPicks>().photoIds?.length ?? 0).toBeLessThanOrEqual(2);
    expect((await me.list()).json<GalleryPicks>().photoIds.length).toBeLessThanOrEqual(2);

    // One cap.
    const one = await createLink(setup, { label: 'One', proofing: true, pickCap: 1 });
    expect((await holder(one).pick(ids[0]!)).statusCode).toBe(200);
    expect((await holder(one).pick(ids[1]!)).json()).toEqual({ code: 'galleries.pick_cap_one', message: 'You can pick at most 1 photo', params: { cap: 1 } });
  });

  it('drops the pick of a photo that leaves the gallery or is deleted, freeing its place under the cap', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', proofing: true, pickCap: 2 });
    const me = holder(link);
    const [first, second, third] = setup.photos;
    await me.pick(first!.id);
    await me.pick(second!.id);
    expect((await me.pick(third!.id)).statusCode).toBe(409);

    const moved = await owner(setup.cookie, 'POST', '/api/photos/move', { ids: [first!.id], categoryId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me.list()).json<GalleryPicks>().photoIds).toEqual([second!.id]);
    expect((await me.pick(third!.id)).statusCode).toBe(200);

    await deletePhotoForGood(t, setup.cookie, second!.id);
    expect((await me.list()).json<GalleryPicks>().photoIds).toEqual([third!.id]);
    expect((await linksOf(setup))[0]!.pickCount).toBe(1);
    const ownerView = (await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks`)).json<GalleryLinkPicks>();
    expect(ownerView.picks.map((pick) => pick.photo.id)).toEqual([third!.id]);
  });

  it('sends the picks: locked for the holder, in the inbox from the label, mailed to the owner, reopened by the owner', async () => {
    const setup = await gallery({ smtp: true });
    const link = await createLink(setup, { label: 'Smith wedding, parents', password: PASSWORD, proofing: true, pickCap: 5 });
    const me = holder(link, await unlocked(link));
    const empty = await me.submit();
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ code: 'galleries.no_picks', message: 'Pick at least one photo before sending' });

    const [first, , third] = setup.photos;
    await me.pick(third!.id);
    clock.advance(1000);
    await me.pick(first!.id);
    const sent = await me.submit();
    expect(sent.statusCode, sent.body).toBe(200);
    const submittedAt = sent.json<GalleryPicks>().submittedAt;
    expect(submittedAt).toBe(clock().toISOString());

    // Locked: every change, and a second send, is refused with the reason.
    const locked = 'Your picks were sent and are locked. Ask the photographer to reopen them.';
    for (const answer of [await me.pick(setup.photos[1]!.id), await me.unpick(first!.id), await me.submit()]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ code: 'galleries.picks_submitted', message: locked });
    }
    expect((await me.list()).json<GalleryPicks>()).toEqual({ photoIds: [first!.id, third!.id], pickCap: 5, submittedAt });

    // The inbox: a message from the link's label naming the photos, in gallery order.
    const inbox = (await owner(setup.cookie, 'GET', '/api/messages')).json<ContactMessageList>();
    expect(inbox.unread).toBe(1);
    expect(inbox.messages[0]).toMatchObject({ name: 'Smith wedding, parents', email: '' });
    expect(inbox.messages[0]!.message).toBe(
      'Picked 2 photos in the gallery "Smith wedding":\n\n- DSC_0001\n- DSC_0003\n\nFile-name filter: DSC_0001, DSC_0003',
    );
    // The mail, through a real SMTP server.
    const [mail] = await t.smtp.waitForMails(1);
    expect(mail!.to).toEqual([OWNER.email]);
    expect(mail!.decoded).toMatch(/^Subject: Smith wedding, parents picked 2 photos in Smith wedding/m);
    expect(mail!.decoded).toContain('- DSC_0001');
    expect(mail!.decoded).toContain('<li>DSC_0003</li>');

    // The owner sees it on the link, and reopens it.
    expect((await linksOf(setup))[0]).toMatchObject({ pickCount: 2, picksSubmittedAt: submittedAt });
    const reopened = await owner(setup.cookie, 'POST', `/api/gallery-links/${link.id}/picks/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<GalleryLinkPicks>().submittedAt).toBeNull();
    expect((await me.pick(setup.photos[1]!.id)).statusCode).toBe(200);
    expect((await me.submit()).statusCode).toBe(200);
    await t.smtp.waitForMails(2);
  });

  it('writes the picks mail to the outbox when no SMTP server is set, as every mail', async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Parents', proofing: true });
    const me = holder(link);
    await me.pick(setup.photos[1]!.id);
    expect((await me.submit()).statusCode).toBe(200);
    await t.runJobs();
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Parents picked 1 photo in Smith wedding/m);
    expect(mails[0]).toMatch(new RegExp(`^To: ${OWNER.email}`, 'm'));
  });

  it("gives the owner a link's picks in gallery order with the names they were uploaded under, whatever their titles now, and as CSV safe to open in a spreadsheet", async () => {
    const setup = await gallery();
    const link = await createLink(setup, { label: 'Smith wedding, parents', proofing: true });
    const [first, second, third] = setup.photos;
    // A title is one line (the contract refuses control characters), but may hold commas and quotes.
    const tricky = 'Dance, "first" one';
    expect((await owner(setup.cookie, 'PUT', `/api/photos/${first!.id}`, { title: tricky })).statusCode).toBe(200);
    await owner(setup.cookie, 'PUT', `/api/photos/${second!.id}`, { title: '=HYPERLINK("http://evil.test")' });
    const me = holder(link);
    await me.pick(third!.id);
    clock.advance(1000);
    await me.pick(second!.id);
    clock.advance(1000);
    await me.pick(first!.id);

    const view = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks`);
    expect(view.statusCode).toBe(200);
    const picks = view.json<GalleryLinkPicks>();
    expect(picks.picks.map((pick) => [pick.photo.id, pick.photo.title, pick.fileName])).toEqual([
      [first!.id, tricky, 'DSC_0001.jpg'],
      [second!.id, '=HYPERLINK("http://evil.test")', 'DSC_0002.jpg'],
      [third!.id, 'DSC_0003', 'DSC_0003.jpg'],
    ]);
    expect(picks.submittedAt).toBeNull();
    // "Copy file names": the camera's names, less the extension (the filter then finds the raw file too).
    expect(pickFilterText(picks.picks.map(pickNameOf))).toBe('DSC_0001, DSC_0002, DSC_0003');

    const csv = await owner(setup.cookie, 'GET', `/api/gallery-links/${link.id}/picks/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="picks-smith-wedding-parents.csv"; filename*=UTF-8''picks-smith-wedding-parents.csv`);
    const at = (id: number) => picks.picks.find((pick) => pick.photo.id === id)!;
    expect(csv.body).toBe(
      '\uFEFF' +
        [
          'Title,File name,Photo id,Picked at,Verdict,Comments',
          `"Dance, ""first"" one",DSC_0001.jpg,${first!.id},${at(first!.id).pickedAt},,0`,
          `"'=HYPERLINK(""http://evil.test"")",DSC_0002.jpg,${second!.id},${at(second!.id).pickedAt},,0`,
          `DSC_0003,DSC_0003.jpg,${third!.id},${at(third!.id).pickedAt},,0`,
        ].join('\r\n') +
        '\r\n',
    );

    // Not the owner's: 401; another's link id: 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/gallery-links/${link.id}/picks/csv` })).statusCode).toBe(401);
    expect((await owner(setup.cookie, 'GET', '/api/gallery-links/9999/picks')).statusCode).toBe(404);
    expect((await owner(setup.cookie, 'POST', '/api/gallery-links/9999/picks/reopen')).statusCode).toBe(404);
  });
});
