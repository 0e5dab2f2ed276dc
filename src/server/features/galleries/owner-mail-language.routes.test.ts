import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '#contract/languages.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { readMail } from '#tests/setup/smtp.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';
import { sendNoticeDigest } from './activity.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const { owner, createLink, unlistedCategoryOf } = galleryFixture(() => t);
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

/**
 * A site whose default language is `language`, and every kind of the owner's mails but the
 * one-time links: a sign-in from a new browser, a visitor's message, a link's first open mailed
 * at once and another's kept for the digest, the digest sent. Answers the mails as read, by kind.
 */
async function ownerMailsIn(language: Language) {
  const clock = createTestClock(new Date('2026-06-01T06:00:00Z'));
  t = await createTestApp({ clock, smtp: true });
  const cookie = await t.signIn();
  const saved = await owner(cookie, 'PATCH', '/api/portfolio-settings', { defaultLanguage: language, languages: ['en', 'de', 'ar'] });
  expect(saved.statusCode, saved.body).toBe(200);
  const photos = await createPhotos(t, cookie, 1, ['DSC_0001.jpg']);
  const categoryId = await unlistedCategoryOf(cookie, photos);
  const setup = { cookie, categoryId, photos };
  const mailed = async (count: number) => {
    await t.runJobs();
    return (await t.smtp.waitForMails(count)).slice(count - 1).map(readMail)[0]!;
  };
  const before = t.smtp.received.length;

  // A sign-in from a browser the site does not know.
  await t.signIn();
  const security = await mailed(before + 1);

  const contact = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada Lovelace', email: 'ada@example.test', message: 'Hallo <b>there</b>' } });
  expect(contact.statusCode, contact.body).toBe(200);
  const contactMail = await mailed(before + 2);

  const mailedNow = await createLink(setup, { label: 'Eltern' });
  const opened = await t.app.inject({ method: 'GET', url: `/api/galleries/${tokenOf(mailedNow)}`, remoteAddress: '203.0.113.7' });
  expect(opened.statusCode, opened.body).toBe(200);
  const notice = await mailed(before + 3);

  const setting = await owner(cookie, 'PUT', '/api/notice-settings', { opened: 'digest' });
  expect(setting.statusCode, setting.body).toBe(200);
  const inDigest = await createLink(setup, { label: 'Freunde' });
  await t.app.inject({ method: 'GET', url: `/api/galleries/${tokenOf(inDigest)}`, remoteAddress: '203.0.113.8' });
  clock.advance(2 * 60 * 60 * 1000);
  expect(await sendNoticeDigest(t.ctx)).toBe(1);
  const digest = await mailed(before + 4);
  return { security, contact: contactMail, notice, digest };
}

describe("the owner's mails in the site's default language, through SMTP", () => {
  it('German: the security notice, the contact notice, a gallery notice and the digest', async () => {
    const mails = await ownerMailsIn('de');
    for (const mail of Object.values(mails)) expect(htmlTag(mail.html)).toBe('<html lang="de" dir="ltr">');

    expect(mails.security.subject).toBe('Neue Anmeldung bei Atelier');
    expect(mails.security.text).toMatch(/^Jemand hat sich von einem neuen Browser aus bei Ihrem Konto auf Atelier angemeldet: .*, am 1\. Juni 2026 um 06:00 UTC\.$/m);
    expect(mails.security.text).toContain('Falls Sie das nicht waren, melden Sie sich an, ändern Sie Ihr Passwort');

    expect(mails.contact.subject).toBe('Neue Nachricht von Ada Lovelace über Atelier');
    // The visitor's words are sent as written.
    expect(mails.contact.text).toContain('Ada Lovelace <ada@example.test> schrieb:\n\nHallo <b>there</b>');
    expect(mails.contact.html).toContain('<p><strong>Ada Lovelace</strong> &lt;ada@example.test&gt; schrieb:</p><p>Hallo &lt;b&gt;there&lt;/b&gt;</p>');
    expect(mails.contact.text).toContain('Antworten Sie auf diese E-Mail, um der Person zu antworten.');

    expect(mails.notice.subject).toBe('Eltern hat die Galerie „Smith wedding“ geöffnet');
    expect(mails.notice.text).toContain('Die Aktivität des Links finden Sie in Atelier bei den Links der Galerie.');

    expect(mails.digest.subject).toBe('Ihre Galerien auf Atelier: 1 Mitteilung');
    expect(mails.digest.text).toContain('Seit der letzten Zusammenfassung:\n\n- 1. Juni 2026 um 06:00 UTC: Freunde hat die Galerie „Smith wedding“ geöffnet');
    // The admin keeps each notice in the words it was mailed in.
    const notices = (await owner((await t.signIn()), 'GET', '/api/notices')).json<{ notices: Array<{ text: string }> }>();
    expect(notices.notices.map((row) => row.text)).toEqual(['Freunde hat die Galerie „Smith wedding“ geöffnet', 'Eltern hat die Galerie „Smith wedding“ geöffnet']);
  });

  it('Arabic, right to left: the security notice, the contact notice, a gallery notice and the digest', async () => {
    const mails = await ownerMailsIn('ar');
    for (const mail of Object.values(mails)) expect(htmlTag(mail.html)).toBe('<html lang="ar" dir="rtl">');

    expect(mails.security.subject).toBe('تسجيل دخول جديد إلى Atelier');
    expect(mails.security.text).toContain('سُجّل الدخول إلى حسابك في Atelier من متصفح جديد: ');
    expect(mails.security.text).toContain(`في ${new Date('2026-06-01T06:00:00Z').toLocaleString('ar', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC.`);

    expect(mails.contact.subject).toBe('رسالة جديدة من Ada Lovelace عبر Atelier');
    expect(mails.contact.text).toContain('كتب Ada Lovelace <ada@example.test>:\n\nHallo <b>there</b>');
    expect(mails.contact.html).toContain('ردّ على هذه الرسالة لتجيب المرسل.');

    expect(mails.notice.subject).toBe('فتح Eltern المعرض «Smith wedding»');
    expect(mails.notice.text).toContain('تجد نشاط الرابط في روابط المعرض في Atelier.');

    // One notice: Arabic's own form for one, the count a word.
    expect(mails.digest.subject).toBe('معارضك في Atelier: إشعار واحد');
    expect(mails.digest.text).toContain('منذ الملخص الأخير:');
    expect(mails.digest.text).toContain(': فتح Freunde المعرض «Smith wedding»');
  });

  it('English stays the spec\'s words', async () => {
    const mails = await ownerMailsIn('en');
    for (const mail of Object.values(mails)) expect(htmlTag(mail.html)).toBe('<html lang="en" dir="ltr">');
    expect(mails.security.subject).toBe('New sign-in to Atelier');
    expect(mails.security.text).toMatch(/^Your Atelier account was signed in to from a new browser: .*, at 2026-06-01 06:00 UTC\.$/m);
    expect(mails.contact.subject).toBe('New message from Ada Lovelace via Atelier');
    expect(mails.contact.text).toContain('Ada Lovelace <ada@example.test> wrote:\n\nHallo <b>there</b>\n\nReply to this mail to answer them.');
    expect(mails.notice.subject).toBe('Eltern opened the gallery "Smith wedding"');
    expect(mails.notice.text).toContain("The link's activity is in the gallery's links in Atelier.");
    expect(mails.digest.subject).toBe('Your galleries on Atelier: 1 notice');
    expect(mails.digest.text).toContain('Since the last digest:\n\n- 2026-06-01 06:00 UTC: Freunde opened the gallery "Smith wedding"');
  });
});

describe("the owner's inbox message of sent picks, in the site's default language", () => {
  it('German when the site speaks German by default; English keeps the spec\'s words', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const photos = await createPhotos(t, cookie, 2, ['DSC_0001.jpg', 'DSC_0002.jpg']);
    const categoryId = await unlistedCategoryOf(cookie, photos);
    const sendPicks = async (label: string) => {
      const link = await createLink({ cookie, categoryId }, { label, proofing: true });
      const picks = `/api/galleries/${tokenOf(link)}/picks`;
      for (const photo of photos) expect((await t.app.inject({ method: 'PUT', url: `${picks}/${photo.id}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `${picks}/submit` })).statusCode).toBe(200);
      const inbox = (await owner(cookie, 'GET', '/api/messages')).json<{ messages: Array<{ name: string; message: string }> }>();
      return inbox.messages.find((message) => message.name === label)?.message;
    };

    expect(await sendPicks('Parents')).toBe('Picked 2 photos in the gallery "Smith wedding":\n\n- DSC_0001\n- DSC_0002\n\nFile-name filter: DSC_0001, DSC_0002');
    const saved = await owner(cookie, 'PATCH', '/api/portfolio-settings', { defaultLanguage: 'de', languages: ['en', 'de'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await sendPicks('Eltern')).toBe(
      '2 Fotos in der Galerie „Smith wedding“ ausgewählt:\n\n- DSC_0001\n- DSC_0002\n\nFilter nach Dateinamen: DSC_0001, DSC_0002',
    );
  });
});
