import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryLink } from '#contract/galleries.ts';
import { makeBuiltClient } from '#tests/fixtures/built-client.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { readMail } from '#tests/setup/smtp.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let clientDir: string;
beforeAll(() => {
  clientDir = makeBuiltClient();
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
afterEach(async () => {
  await t?.close();
});

const { owner, createLink, makeUnlisted } = galleryFixture(() => t);

/** A site offering English, German and Arabic, German its default; an unlisted category "Smith wedding". */
async function setUp() {
  t = await createTestApp({ smtp: true, clientDir });
  const cookie = await t.signIn();
  const saved = await owner(cookie, 'PATCH', '/api/portfolio-settings', { defaultLanguage: 'de', languages: ['en', 'de', 'ar'] });
  expect(saved.statusCode, saved.body).toBe(200);
  const categoryId = await createCategory(t, 'Smith wedding');
  await makeUnlisted(cookie, categoryId);
  return { cookie, categoryId };
}

const listLinks = async (cookie: string, categoryId: number) => (await owner(cookie, 'GET', `/api/categories/${categoryId}/links`)).json<GalleryLink[]>();
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe("a link's language", () => {
  it('is carried by its address, kept with the link and changed by the owner; the page opens in it', async () => {
    const s = await setUp();
    const link = await createLink(s, { label: 'Eltern', language: 'de' });
    expect(link.language).toBe('de');
    expect(link.path).toBe(`/g/${tokenOf(link)}?lang=de`);
    const page = await t.app.inject({ method: 'GET', url: link.path, headers: { 'accept-language': 'ar' } });
    expect(htmlTag(page.body)).toContain('lang="de"');

    // No language: the address is the bare one, the site's default applies.
    const plain = await createLink(s, { label: 'Friends' });
    expect([plain.language, plain.path]).toEqual([null, `/g/${tokenOf(plain)}`]);

    const changed = await owner(s.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { language: 'ar' });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await owner(s.cookie, 'PATCH', `/api/gallery-links/${link.id}`, { language: 'xx' });
    expect(refused.statusCode).toBe(400);
    expect((await listLinks(s.cookie, s.categoryId)).map((row) => [row.label, row.language])).toEqual([
      ['Eltern', 'ar'],
      ['Friends', null],
    ]);
  });
});

describe('mails in their recipient\'s language, through SMTP', () => {
  it("sends a client's invitation in the link's language: German, and Arabic right to left, each with its address's ?lang=", async () => {
    const s = await setUp();
    const german = await createLink(s, { label: 'Eltern', language: 'de', mailable: true, password: 'river-stone-42', expiresAt: '2030-06-12T21:59:59.000Z' });
    const arabic = await createLink(s, { label: 'ليلى', language: 'ar', mailable: true, expiresAt: '2030-06-12T21:59:59.000Z' });
    for (const [link, email] of [
      [german, 'eltern@example.com'],
      [arabic, 'layla@example.com'],
    ] as const) {
      const sent = await owner(s.cookie, 'POST', `/api/gallery-links/${link.id}/invitations`, { emails: [email], ...(link === german ? { includePassword: true, password: 'river-stone-42' } : {}) });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await t.runJobs();
    await t.smtp.waitForMails(2);
    const mailTo = (address: string) => {
      const mail = t.smtp.received.find((received) => received.to.includes(address));
      if (!mail) throw new Error(`no mail to ${address}`);
      return readMail(mail);
    };

    const de = mailTo('eltern@example.com');
    expect(de.subject).toBe('Ihre Fotos: Smith wedding');
    expect(de.text).toContain('Hallo Eltern,');
    expect(de.text).toContain('Ihre Galerie „Smith wedding“ ist für Sie bereit:');
    expect(de.text).toContain(`${t.config.publicUrl}/g/${tokenOf(german)}?lang=de`);
    expect(de.text).toContain('Der Link ist bis zum 12. Juni 2030 geöffnet.');
    expect(de.text).toContain('Das Passwort der Galerie: river-stone-42');
    expect(htmlTag(de.html)).toBe('<html lang="de" dir="ltr">');

    const ar = mailTo('layla@example.com');
    expect(ar.subject).toBe('صورك: Smith wedding');
    expect(ar.text).toContain('مرحبًا ليلى،');
    expect(ar.text).toContain(`يبقى الرابط مفتوحًا حتى ${new Date('2030-06-12T21:59:59.000Z').toLocaleDateString('ar', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`);
    expect(ar.text).toContain(`?lang=ar`);
    expect(htmlTag(ar.html)).toBe('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('معرضك «Smith wedding» جاهز لك:');
  });

  it("sends the owner's password reset in the site's default language, and keeps the spec's English where English is the default", async () => {
    await setUp();
    const sentBefore = t.smtp.received.length;
    const asked = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
    expect(asked.statusCode, asked.body).toBe(200);
    const de = readMail((await t.smtp.waitForMails(sentBefore + 1))[sentBefore]!);
    expect(de.subject).toBe('Passwort für Atelier zurücksetzen');
    expect(de.text).toContain('Jemand hat angefordert, das Passwort Ihres Kontos bei Atelier zurückzusetzen.');
    expect(de.html).toContain('>Neues Passwort wählen</a>');
    expect(htmlTag(de.html)).toBe('<html lang="de" dir="ltr">');

    const cookie = await t.signIn();
    await owner(cookie, 'PATCH', '/api/portfolio-settings', { defaultLanguage: 'en' });
    // Signing in from a new browser mailed its own notice: the sign-in link's mail is the one after it.
    await t.smtp.waitForMails(sentBefore + 2);
    await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email } });
    const en = readMail((await t.smtp.waitForMails(sentBefore + 3))[sentBefore + 2]!);
    expect(en.subject).toBe('Sign in to Atelier');
    expect(en.text).toContain('Someone asked for a link to sign in to your Atelier account.');
    expect(htmlTag(en.html)).toBe('<html lang="en" dir="ltr">');
  });
});
