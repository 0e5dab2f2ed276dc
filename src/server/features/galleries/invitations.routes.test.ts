import { afterEach, describe, expect, it } from 'vitest';
import { fromBuffer } from 'yauzl';
import type { Gallery, GalleryInvitation, GalleryLink, GalleryPicks, GalleryThreads, InvitationTemplate } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { createAppContext } from '#server/app-context.ts';
import { createWorker } from '#server/background-work.ts';
import { enqueue, listJobs } from '#server/jobs/job-queue.ts';
import { expiryReminderJob, releaseMailJob } from '#server/features/galleries/link-mails.service.ts';
import { formWith, jpeg } from '#tests/fixtures/images.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { mailsInOutbox } from '#tests/api/support/outbox.ts';
import { REFUSED_DOMAIN } from '#tests/setup/smtp.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'river-stone-42';
const { owner, createLink, makeUnlisted } = galleryFixture(() => t);

/** An unlisted category "Smith wedding" of three photos, the owner signed in. */
async function setUp(options: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(options);
  const cookie = await t.signIn();
  const categoryId = await createCategory(t, 'Smith wedding');
  const files = await Promise.all(
    ['One', 'Two', 'Three'].map(async (name, index) => ({ name: `${name}.jpg`, data: await jpeg({ width: 200 + index * 10, height: 150 }), type: 'image/jpeg' })),
  );
  const upload = await t.app.inject({ method: 'POST', url: `/api/photos/upload?categoryId=${categoryId}`, headers: { cookie }, payload: formWith('photos', files) });
  expect(upload.statusCode, upload.body).toBe(201);
  await makeUnlisted(cookie, categoryId);
  // Their copies made, as the gallery serves them.
  await t.runJobs();
  const ids = upload.json<{ photos: Photo[] }>().photos.map((photo) => photo.id);
  const photos = (await owner(cookie, 'GET', '/api/photos')).json<Photo[]>().filter((photo) => ids.includes(photo.id));
  return { cookie, categoryId, photos };
}

const invite = (cookie: string, linkId: number, body: object) => owner(cookie, 'POST', `/api/gallery-links/${linkId}/invitations`, body);
const recipients = async (cookie: string, linkId: number) => (await owner(cookie, 'GET', `/api/gallery-links/${linkId}/invitations`)).json<GalleryInvitation[]>();
const mailsTo = (address: string) => t.smtp.received.filter((mail) => mail.to.includes(address));

describe('invitations by mail', () => {
  it('sends the link through SMTP, records a refusal with the answer, resends, and puts the password in only when ticked', async () => {
    const s = await setUp({ smtp: true });
    const link = await createLink(s, { mailable: true, label: 'Parents', password: PASSWORD, expiresAt: '2030-06-12T21:59:59.000Z' });
    const refused = `nobody@${REFUSED_DOMAIN}`;
    const sent = await invite(s.cookie, link.id, { emails: ['Anna@Example.com', refused], message: 'So glad we could do this!' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<GalleryInvitation[]>().map((row) => [row.email, row.state])).toEqual([
      ['anna@example.com', 'sending'],
      [refused, 'sending'],
    ]);
    await t.runJobs();

    const [anna, nobody] = await recipients(s.cookie, link.id);
    expect(anna).toMatchObject({ state: 'sent', error: null, sends: 1 });
    expect(anna?.sentAt).not.toBeNull();
    expect(nobody?.state).toBe('failed');
    expect(nobody?.error).toMatch(/^550 .*User unknown/);
    const [mail] = mailsTo('anna@example.com');
    expect(mail?.decoded).toContain('Subject: Your photos: Smith wedding');
    expect(mail?.decoded).toContain('Hello Parents,');
    expect(mail?.decoded).toContain('So glad we could do this!');
    expect(mail?.decoded).toContain(`${t.config.publicUrl}${link.path}`);
    expect(mail?.decoded).toContain('12 June 2030');
    expect(mail?.decoded).not.toContain(PASSWORD);
    expect(t.smtp.received.some((received) => received.to.includes(refused))).toBe(false);

    // A password to send must be the link's; the site keeps only its hash.
    const wrong = await owner(s.cookie, 'POST', `/api/gallery-links/${link.id}/invitations/${anna!.id}/resend`, { includePassword: true, password: 'guess' });
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([400, 'galleries.invitation_wrong_password']);
    const resent = await owner(s.cookie, 'POST', `/api/gallery-links/${link.id}/invitations/${anna!.id}/resend`, { includePassword: true, password: PASSWORD });
    expect(resent.statusCode, resent.body).toBe(200);
    await t.runJobs();
    const again = mailsTo('anna@example.com');
    expect(again).toHaveLength(2);
    expect(again[1]?.decoded).toContain(`The gallery's password: ${PASSWORD}`);
    expect((await recipients(s.cookie, link.id))[0]).toMatchObject({ state: 'sent', sends: 2 });

    // `{ email }` alone works, and the list of links counts the recipients.
    expect((await invite(s.cookie, link.id, { email: 'ben@example.com' })).statusCode).toBe(201);
    const links = (await owner(s.cookie, 'GET', `/api/categories/${s.categoryId}/links`)).json<GalleryLink[]>();
    expect(links[0]).toMatchObject({ mailable: true, invitationCount: 3 });
  });

  it('writes the mail to the outbox without SMTP, in the words of the owner\'s invitation', async () => {
    const s = await setUp();
    const template = await owner(s.cookie, 'PUT', '/api/gallery-invitation-template', {
      subject: '{client}: {gallery} from {site}',
      text: 'Dear {client},\n\n{message}\n\nHere: {link} (until {expiry})',
    });
    expect(template.json<InvitationTemplate>()).toMatchObject({ isDefault: false });
    const noLink = await owner(s.cookie, 'PUT', '/api/gallery-invitation-template', { subject: 'x', text: 'no address' });
    expect(noLink.statusCode).toBe(400);
    const link = await createLink(s, { mailable: true, label: 'The Smiths' });
    expect((await invite(s.cookie, link.id, { email: 'smiths@example.com' })).statusCode).toBe(201);
    await t.runJobs();
    expect((await recipients(s.cookie, link.id))[0]).toMatchObject({ state: 'outbox', error: null });
    const [mail] = mailsInOutbox(t.dataDir);
    expect(mail).toContain('Subject: The Smiths: Smith wedding from Atelier');
    expect(mail).toContain(`Here: ${t.config.publicUrl}${link.path} (until further notice)`);
    // A password is only sent when ticked, and a link without one has none to send.
    const none = await invite(s.cookie, link.id, { email: 'smiths@example.com', includePassword: true, password: 'anything' });
    expect(none.json<{ code: string }>().code).toBe('galleries.invitation_no_password');
  });

  it('refuses a link that keeps no address to mail, and counts every mail against the hour', async () => {
    const s = await setUp();
    // A link made without "Send it by mail" keeps only the hash of its token: there is no address to send.
    const link = await createLink(s, { label: 'Hash only' });
    expect(link.mailable).toBe(false);
    const rows = await t.database.db.selectFrom('galleryLinks').select('token').where('id', '=', link.id).execute();
    expect(rows).toEqual([{ token: null }]);
    const old = await invite(s.cookie, link.id, { email: 'a@example.com' });
    expect([old.statusCode, old.json<{ code: string }>().code]).toEqual([409, 'galleries.link_not_mailable']);

    const fresh = await createLink(s, { mailable: true, label: 'Many' });
    const batch = (from: number) => Array.from({ length: 20 }, (_, index) => `guest${from + index}@example.com`);
    expect((await invite(s.cookie, fresh.id, { emails: batch(0) })).statusCode).toBe(201);
    expect((await invite(s.cookie, fresh.id, { emails: batch(20) })).statusCode).toBe(201);
    expect((await invite(s.cookie, fresh.id, { emails: batch(40).slice(0, 10) })).statusCode).toBe(201);
    const over = await invite(s.cookie, fresh.id, { email: 'one-more@example.com' });
    expect(over.statusCode).toBe(429);
    expect((await recipients(s.cookie, fresh.id)).map((row) => row.email)).not.toContain('one-more@example.com');
  });
});

describe('reminders', () => {
  it('reminds the invited once before the expiry, across two instances and a restart, and moves with the expiry', async () => {
    const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
    const s = await setUp({ smtp: true, clock });
    const link = await createLink(s, { mailable: true, label: 'Parents', expiresAt: new Date(clock().getTime() + 10 * DAY).toISOString() });
    expect(link.expiryReminderDays).toBe(3);
    expect((await invite(s.cookie, link.id, { emails: ['anna@example.com', 'ben@example.com'] })).statusCode).toBe(201);
    await t.runJobs();
    expect(t.smtp.received).toHaveLength(2);

    // Not yet: six days on, the reminder still waits.
    clock.advance(6 * DAY);
    await t.runJobs();
    expect(t.smtp.received).toHaveLength(2);

    // Seven days on, a second instance on the same database runs its worker beside this one, and a
    // duplicate of the job (another instance's plan) runs too: each recipient gets one reminder.
    clock.advance(DAY + 60_000);
    const other = createAppContext({ config: t.config, database: t.database, clock, log: { info() {}, warn() {}, error() {} } });
    const otherWorker = createWorker(other);
    await enqueue(t.ctx, expiryReminderJob, { linkId: link.id });
    await Promise.all([otherWorker.drain(), t.runJobs()]);
    await t.runJobs();
    const reminders = () => t.smtp.received.filter((mail) => mail.decoded.includes('Subject: Reminder: Smith wedding is open until'));
    expect(reminders().map((mail) => mail.to[0]).sort()).toEqual(['anna@example.com', 'ben@example.com']);

    // A restart: a new worker, the reminder's job asked for again; nobody is reminded twice.
    const restarted = createWorker(createAppContext({ config: t.config, database: t.database, clock, log: { info() {}, warn() {}, error() {} } }));
    await enqueue(t.ctx, expiryReminderJob, { linkId: link.id });
    await restarted.drain();
    await t.runJobs();
    expect(reminders()).toHaveLength(2);

    // A later expiry plans a reminder of its own, at its own time, once (the owner signs in again: a week passed).
    s.cookie = await t.signIn();
    const extended = await owner(s.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { expiresAt: new Date(clock().getTime() + 20 * DAY).toISOString() });
    expect(extended.statusCode).toBe(200);
    const planned = (await listJobs(t.database.db)).filter((job) => job.name === 'galleries.expiry-reminder' && job.state === 'queued');
    expect(planned.map((job) => job.runAt)).toEqual([new Date(clock().getTime() + 17 * DAY).toISOString()]);
    clock.advance(17 * DAY + 60_000);
    await t.runJobs();
    await t.runJobs();
    expect(reminders()).toHaveLength(4);

    // Off on the link: nothing is planned.
    await owner(s.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { expiryReminderDays: null, expiresAt: new Date(clock().getTime() + 30 * DAY).toISOString() });
    expect((await listJobs(t.database.db)).filter((job) => job.name === 'galleries.expiry-reminder' && job.state === 'queued')).toEqual([]);
  });

  it('reminds of picks started and not sent after the link\'s days, once', async () => {
    const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
    const s = await setUp({ smtp: true, clock });
    const link = await createLink(s, { mailable: true, label: 'Parents', proofing: true, picksReminderDays: 2 });
    await invite(s.cookie, link.id, { email: 'anna@example.com' });
    await t.runJobs();
    const picked = await t.app.inject({ method: 'PUT', url: `/api/galleries/${tokenOf(link)}/picks/${s.photos[0]!.id}` });
    expect(picked.statusCode).toBe(200);
    clock.advance(DAY);
    await t.runJobs();
    const picksReminders = () => t.smtp.received.filter((mail) => mail.decoded.includes('Subject: Your picks in Smith wedding are not sent yet'));
    expect(picksReminders()).toHaveLength(0);
    clock.advance(DAY + 60_000);
    await t.runJobs();
    await t.runJobs();
    expect(picksReminders()).toHaveLength(1);
    clock.advance(5 * DAY);
    await t.runJobs();
    expect(picksReminders()).toHaveLength(1);
  });
});

describe('two-stage delivery', () => {
  it('shows only the sneak peek until the release date on every path, then the whole gallery, and mails the invited when it opens', async () => {
    const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));
    const s = await setUp({ smtp: true, clock });
    const [peek, hidden] = s.photos as [Photo, Photo, Photo];
    const releaseAt = new Date(clock().getTime() + 5 * DAY).toISOString();
    const link = await createLink(s, { mailable: true, label: 'Parents', proofing: true, comments: true, downloads: 'display', releaseAt, previewPhotoIds: [peek.id] });
    expect(link).toMatchObject({ releaseAt, previewPhotoIds: [peek.id] });
    const foreign = await owner(s.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { previewPhotoIds: [999_999] });
    expect(foreign.json<{ code: string }>().code).toBe('galleries.preview_photo_not_found');
    await invite(s.cookie, link.id, { email: 'anna@example.com' });
    await t.runJobs();

    const token = tokenOf(link);
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const every = async () => {
      const gallery = (await get(`/api/galleries/${token}`)).json<Gallery>();
      const zip = await get(`/api/galleries/${token}/download`);
      const entries = await new Promise<number>((resolve, reject) => fromBuffer(zip.rawPayload, (error, opened) => (error ? reject(error) : resolve(opened.entryCount))));
      return {
        listed: gallery.photos.map((photo) => photo.id),
        releaseAt: gallery.releaseAt,
        file: (await get(`/g/${token}/files/${hidden.thumbnail}`)).statusCode,
        download: (await get(`/api/galleries/${token}/photos/${hidden.id}/download`)).statusCode,
        entries,
        pick: (await t.app.inject({ method: 'PUT', url: `/api/galleries/${token}/picks/${hidden.id}` })).statusCode,
        comment: (await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/photos/${hidden.id}/comments`, payload: { text: 'Brighter?' } })).statusCode,
        verdict: (await t.app.inject({ method: 'PUT', url: `/api/galleries/${token}/photos/${hidden.id}/verdict`, payload: { verdict: 'approved' } })).statusCode,
        threads: (await get(`/api/galleries/${token}/comments`)).json<GalleryThreads>().threads.map((thread) => thread.photoId),
      };
    };
    // The sneak peek's own photo works on every path.
    expect((await get(`/g/${token}/files/${peek.thumbnail}`)).statusCode).toBe(200);
    expect((await get(`/api/galleries/${token}/photos/${peek.id}/download`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/galleries/${token}/picks/${peek.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/photos/${peek.id}/comments`, payload: { text: 'Love it' } })).statusCode).toBe(201);
    // A thread of a photo later taken out of the sneak peek is not shown.
    await t.database.db.insertInto('galleryComments').values({ linkId: link.id, photoId: hidden.id, author: 'owner', text: 'Soon', createdAt: clock().toISOString() }).execute();
    // A pick of a photo the owner later takes out of the sneak peek is not shown either.
    await t.database.db.insertInto('galleryPicks').values({ linkId: link.id, photoId: hidden.id, pickedAt: clock().toISOString() }).execute();
    expect((await get(`/api/galleries/${token}/picks`)).json<GalleryPicks>().photoIds).toEqual([peek.id]);
    await t.database.db.deleteFrom('galleryPicks').where('photoId', '=', hidden.id).execute();

    expect(await every()).toEqual({ listed: [peek.id], releaseAt, file: 404, download: 404, entries: 1, pick: 404, comment: 404, verdict: 404, threads: [peek.id] });
    const openingMails = () => t.smtp.received.filter((mail) => mail.decoded.includes('Subject: The whole gallery is open: Smith wedding'));
    expect(openingMails()).toHaveLength(0);

    clock.advance(5 * DAY + 60_000);
    const after = await every();
    expect(after).toMatchObject({ releaseAt: null, file: 200, download: 200, entries: 3, pick: 200, comment: 201, verdict: 200 });
    expect(after.threads).toContain(hidden.id);
    expect([...after.listed].sort()).toEqual(s.photos.map((photo) => photo.id).sort());
    await t.runJobs();
    await t.runJobs();
    expect(openingMails().map((mail) => mail.to)).toEqual([['anna@example.com']]);
    expect(openingMails()[0]?.decoded).toContain(`${t.config.publicUrl}${link.path}`);
    await enqueue(t.ctx, releaseMailJob, { linkId: link.id });
    await t.runJobs();
    expect(openingMails()).toHaveLength(1);
  });
});

