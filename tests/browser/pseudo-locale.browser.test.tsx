import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { adminQuery } from '#contract/admin-sections.ts';
import { Gallery, GALLERY_INVITATION_STATES, GalleryLink, INVITATION_PLACEHOLDERS, GalleryInvitation, GalleryLinkPicks, GalleryLinkThreads, InvitationTemplate } from '#contract/galleries.ts';
import { GALLERY_EVENT_TYPES, GalleryLinkActivity, noActivity } from '#contract/gallery-activity.ts';
import { LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE } from '#contract/languages.ts';
import { PhotoSections } from '#contract/photo-pages.ts';
import { PhotoSearchPage } from '#contract/photo-search.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { LICENSE_LABELS } from '#contract/rights.ts';
import { TOKEN_SCOPES } from '#contract/tokens.ts';
import { CategoryWatermark } from '#contract/watermarks.ts';
import { WEBHOOK_EVENTS } from '#contract/webhooks.ts';
import { BASIC_FORMATS } from '#client/features/photos/lib/sniff-image.ts';
import { i18n } from '#client/lib/i18n.ts';
import { messages as galleryPseudo } from '#client/locales/en-XA/gallery.po';
import { messages as ownerPseudo } from '#client/locales/en-XA/owner.po';
import { messages as signInPseudo } from '#client/locales/en-XA/sign-in.po';
import { messages as visitorPseudo } from '#client/locales/en-XA/visitor.po';
import { makeCategory, makeOwner, makePhoto } from '#tests/fixtures/contract.ts';
import { refuse, refuseWith, reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { GALLERY_TOKEN, galleryHandlers, openGallery } from './gallery-site.ts';
import { OWNER_SITE, ownerSiteHandlers } from './owner-site.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

/**
 * No English left on any screen: the real client drawn in the pseudo-locale (lingui.config.ts),
 * where every text through the catalogs reads ⟦Ŝéñð Ṁéššåĝé···⟧, so a text the code never passed
 * through Lingui is the plain English left beside the brackets. Each main screen, the visitor's and
 * the owner's, is walked: every text node and every text a screen reader reads (aria-label, alt,
 * title, placeholder) must be bracketed, or be what the test's own data put there (titles, names),
 * a number, or Intl's words for a date or a size.
 *
 * The pseudo-locale's catalogs are compiled here by the Lingui Vite plugin from their .po files, as
 * a `VITE_PSEUDO_LOCALE=1` build would load them, and made the active locale.
 */

const PSEUDO = 'en-XA';

beforeAll(async () => {
  // The owner's drag layer, loaded before the tests: a chunk arriving after a test would draw into a page already gone.
  await import('#client/app/admin/sortable-portfolio-view.tsx');
  i18n.load(PSEUDO, { ...visitorPseudo, ...signInPseudo, ...galleryPseudo, ...ownerPseudo });
  i18n.activate(PSEUDO);
});
afterAll(() => i18n.activate(SOURCE_LANGUAGE));

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

/** A text of the code as the pseudo-locale shows it: how a test finds a heading or a button. */
const pseudo = (descriptor: MessageDescriptor) => i18n._(descriptor);

/**
 * Names, the same in every language: the product, the social services, a typeface, a protocol, file
 * formats, the API's token scopes and webhook events, the languages' own names and codes (the switcher shows the code),
 * the Creative Commons licences' names (CC BY 4.0: a licence's title, as its deed names it in every language).
 */
const NAMES = [
  'Atelier',
  'Twitter',
  'Substack',
  'Linktree',
  'IBM Plex Mono',
  'HTTP',
  ...BASIC_FORMATS,
  ...TOKEN_SCOPES,
  ...WEBHOOK_EVENTS,
  ...Object.values(LANGUAGE_NAMES),
  ...LANGUAGES,
  ...Object.values(LICENSE_LABELS).filter((label) => label.startsWith('CC BY')),
];
/** A key to press, said to a screen reader beside the button it presses. */
const KEYS = ['(P)'];
/** The invitation template's placeholders, written as the owner types them: the same in every language. */
const PLACEHOLDERS = INVITATION_PLACEHOLDERS.map((name) => `{${name}}`);

/** The words Intl writes for dates and sizes (month and day names, AM and PM, units): not the catalogs' to translate. */
const INTL_WORDS = (() => {
  const words = new Set<string>(['AM', 'PM', 'byte', 'bytes', 'kB', 'MB', 'GB']);
  for (let month = 0; month < 12; month += 1) {
    for (const style of ['long', 'short'] as const) words.add(new Intl.DateTimeFormat('en', { month: style }).format(new Date(2026, month, 1)));
  }
  for (let day = 1; day <= 7; day += 1) {
    for (const style of ['long', 'short'] as const) words.add(new Intl.DateTimeFormat('en', { weekday: style }).format(new Date(2026, 10, day)));
  }
  return [...words];
})();

/** Between two text nodes read as one text: a character of Unicode's private use, which no page shows. */
const NODE_END = '\uE000';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every bracketed span blanked: `⟦…⟧`, nested ones first. Text-node boundaries (NODE_END) are kept. */
function withoutBrackets(text: string): string {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, (span) => span.replace(/[^\uE000]/gu, ' '));
  }
  return rest;
}

/** What is left once the test's data, names, keys and Intl's words are taken out. */
function withoutKnown(text: string, data: readonly string[]): string {
  let rest = text;
  // Whole words only ("en" is no part of "Often"), the longest first ("Smith wedding" before "Smith").
  for (const known of [...data, ...NAMES, ...KEYS, ...PLACEHOLDERS, ...INTL_WORDS].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(`(?<!\\p{L})${escape(known)}(?!\\p{L})`, 'gu'), ' ');
  }
  return rest;
}

/** What a text says outside the pseudo-locale's brackets, once the test's data, names and Intl's words are taken out. */
const leftOf = (text: string, data: readonly string[]) => withoutKnown(withoutBrackets(text), data);

/** Out of sight and out of reach of assistive technology (the contact form's honeypot): read by no one. */
const readByNoone = (element: Element) => element.closest('[aria-hidden="true"]') !== null && element.closest('.sr-only') !== null;

const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'aria-valuetext', 'alt', 'title', 'placeholder'];

/**
 * Every text on the page (text nodes, and the attributes a screen reader reads) with a letter left
 * outside the brackets and the data: English the code wrote without Lingui. Each with where it is.
 *
 * The pseudo-locale brackets each run of a message's words, so a message with an element inside
 * (`Downloads<0> for {label}</0>`) opens its bracket in one text node and closes it in the next:
 * the page's text nodes are read as one text, in order, and the brackets taken out of it whole.
 */
function unwrappedTexts(data: readonly string[]): string[] {
  const found: string[] = [];
  const where = (element: Element) =>
    `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> in ${element.closest('[role="dialog"], section, main, header, nav, form, li')?.tagName.toLowerCase() ?? 'body'}`;
  const report = (text: string, left: string, element: Element, what: string) => {
    if (/\p{L}/u.test(left)) found.push(`${JSON.stringify(text.trim())} (${what} of ${where(element)})`);
  };
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || ['SCRIPT', 'STYLE'].includes(element.tagName) || readByNoone(element)) continue;
    nodes.push(node as Text);
  }
  const lefts = withoutBrackets(nodes.map((node) => node.data.replaceAll(NODE_END, '')).join(NODE_END)).split(NODE_END);
  nodes.forEach((node, index) => report(node.data, withoutKnown(lefts[index] ?? '', data), node.parentElement!, 'text'));
  for (const element of document.body.querySelectorAll(READ_ATTRIBUTES.map((name) => `[${name}]`).join(', '))) {
    if (readByNoone(element)) continue;
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value?.trim()) report(value, leftOf(value, data), element, name);
    }
  }
  return found;
}

describe('the pseudo-locale', () => {
  it('wraps every text of the code it shows, so one left in English is seen', () => {
    // The catalogs are the pseudo-locale's: a text through them is bracketed.
    expect(pseudo(msg`Contact`)).toMatch(/^⟦.+⟧$/);
    expect(leftOf(pseudo(msg`Contact`), [])).not.toMatch(/\p{L}/u);
    expect(leftOf('Contact', [])).toMatch(/\p{L}/u);
  });
});

describe('no English left on any screen, in the pseudo-locale', () => {
  it("the visitor's portfolio, its About and contact form, and the viewer", async () => {
    const category = { ...makeCategory(3, 0), name: 'Harbour' };
    const photos = [
      { ...makePhoto(1, 3, 0), title: 'Dawn' },
      { ...makePhoto(2, 3, 1), title: 'Dusk' },
    ];
    const owner = { portfolioTitle: 'Ada Atelier', portfolioSubtitle: 'Photographs', aboutText: 'Street work.', twitterUrl: 'https://twitter.com/ada' };
    const data = [owner.portfolioTitle, owner.portfolioSubtitle, owner.aboutText, category.name, ...photos.map((photo) => photo.title)];
    server = serveContract({
      ...siteHandlers({ owner, categories: [category] }),
      [`GET ${api.photoSections}`]: () => reply(PhotoSections, { sections: [{ categoryId: category.id, total: photos.length, photos }] }),
    });
    await renderApp(screens.home);
    await expect.element(page.getByRole('heading', { name: 'Ada Atelier' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Dusk' })).toBeVisible();
    expect(unwrappedTexts(data), 'portfolio').toEqual([]);

    await page.getByRole('button', { name: pseudo(msg`About`) }).click();
    const about = page.getByRole('dialog', { name: pseudo(msg`About`) });
    await expect.element(about.getByText(owner.aboutText)).toBeVisible();
    expect(unwrappedTexts(data), 'About').toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(about).not.toBeInTheDocument();

    await page.getByRole('button', { name: pseudo(msg`Contact`) }).click();
    const contact = page.getByRole('dialog', { name: pseudo(msg`Contact`) });
    await contact.getByRole('button', { name: pseudo(msg`Send Message`) }).click();
    await expect.element(contact.getByText(pseudo(msg`Name is required`))).toBeVisible();
    expect(unwrappedTexts(data), 'contact form').toEqual([]);
    expect(server.sentTo(`POST ${api.contact}`)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(contact).not.toBeInTheDocument();

    await page.getByRole('button', { name: 'Dawn' }).click();
    const viewer = page.getByRole('dialog', { name: 'Dawn' });
    await expect.element(viewer).toBeVisible();
    expect(unwrappedTexts(data), 'viewer').toEqual([]);
  });

  it('sign-in, with its validation', async () => {
    server = serveContract({ ...siteHandlers(), [`GET ${api.currentUser}`]: () => refuse(401, 'Not signed in') });
    await renderApp(screens.login);
    await expect.element(page.getByRole('heading', { name: pseudo(msg`Login`), exact: true })).toBeVisible();
    await page.getByRole('button', { name: pseudo(msg`Login`), exact: true }).click();
    await expect.element(page.getByText(pseudo(msg`Username is required`))).toBeVisible();
    expect(unwrappedTexts([]), 'sign-in').toEqual([]);
  });

  it("each section of the owner's admin, a gallery's links and failed background work", async () => {
    const { category, bankPhoto, placedPhoto, message, browser, link } = OWNER_SITE;
    const data = [makeOwner().username, category.name, bankPhoto.title, placedPhoto.title, message.name, message.email, message.message, browser.device, browser.address, link.label, link.tokenEnd];
    const failedJob = { id: 7, kind: 'mail.send', description: 'Sending a mail', error: 'connect ECONNREFUSED 127.0.0.1:587', attempts: 8, failedAt: '2026-11-20T09:30:00.000Z' };
    server = serveContract(ownerSiteHandlers({ failedJobs: [failedJob] }));
    const sections = {
      photos: msg`Upload Photos`,
      settings: msg`Portfolio Settings`,
      messages: msg`Messages`,
      account: msg`Security`,
      statistics: msg`Statistics`,
    } as const;
    for (const [section, heading] of Object.entries(sections)) {
      await renderApp(`${screens.home}${adminQuery(section as keyof typeof sections)}`);
      await expect.element(page.getByRole('heading', { name: pseudo(heading), exact: true }).first()).toBeVisible();
      // Why the job failed is the server's (a system's message); what it was, the client's to say.
      await expect.element(page.getByText(failedJob.error)).toBeVisible();
      if (section === 'photos') await expect.element(page.getByRole('heading', { name: category.name })).toBeVisible();
      if (section === 'messages') await expect.element(page.getByText(message.name).first()).toBeVisible();
      if (section === 'account') {
        // Its parts draw as their answers come: the signed-in browsers, the tokens' and the webhooks' forms.
        await expect.element(page.getByText(browser.device)).toBeVisible();
        await expect.element(page.getByText(TOKEN_SCOPES.at(-1)!, { exact: true })).toBeVisible();
        await expect.element(page.getByText(WEBHOOK_EVENTS.at(-1)!, { exact: true })).toBeVisible();
      }
      expect(unwrappedTexts([...data, failedJob.error]), section).toEqual([]);

      if (section === 'photos') {
        await page.getByRole('button', { name: pseudo(msg`Links`) }).first().click();
        const links = page.getByRole('dialog');
        await expect.element(links.getByText(link.label).first()).toBeVisible();
        expect(unwrappedTexts([...data, failedJob.error]), 'gallery links').toEqual([]);
      }
    }
  });

  it("the owner's dialogs: a photo's edit, the bulk edit, the watermarks, a category's rights, a gallery link's panels", async () => {
    const { category, bankPhoto, placedPhoto, link } = OWNER_SITE;
    const now = '2026-11-20T09:30:00.000Z';
    const comment = 'Warmer, please.';
    const invitee = 'ada@example.test';
    const data = [makeOwner().username, category.name, bankPhoto.title, placedPhoto.title, link.label, link.tokenEnd, comment, invitee, 'ridge.jpg', 'ridge'];
    const pick = { photo: placedPhoto, pickedAt: now, fileName: 'ridge.jpg', verdict: 'approved' as const, commentCount: 1 };
    server = serveContract({
      ...ownerSiteHandlers(),
      // The link mailed, with a sneak peek to come: the invitations' panel shows its recipients and its peek.
      [`GET ${api.categoryLinks}`]: () =>
        reply(GalleryLink.array(), [{ ...link, mailable: true, invitationCount: 4, releaseAt: '2099-01-01T00:00:00.000Z', previewPhotoIds: [placedPhoto.id] }]),
      [`GET ${api.photoSearch}`]: () => reply(PhotoSearchPage, { photos: [bankPhoto], total: 1, next: null }),
      [`GET ${api.categoryWatermark}`]: () => reply(CategoryWatermark, { mode: 'site' }),
      [`GET ${api.galleryLinkPicks}`]: () => reply(GalleryLinkPicks, { picks: [pick], pickCap: 10, submittedAt: now }),
      [`GET ${api.galleryLinkComments}`]: () =>
        reply(GalleryLinkThreads, {
          threads: [{ photoId: placedPhoto.id, photo: placedPhoto, fileName: 'ridge.jpg', verdict: 'approved', comments: [{ id: 1, author: 'client', text: comment, createdAt: now }] }],
        }),
      [`GET ${api.galleryLinkActivity}`]: () =>
        reply(GalleryLinkActivity, {
          counts: { ...noActivity, firstOpenedAt: now, lastOpenedAt: now, visits: 2, photosViewed: 1, downloads: 1, lastDownloadAt: now, picks: 1, submits: 1, comments: 1 },
          events: GALLERY_EVENT_TYPES.map((type, index) => ({ id: index + 1, type, at: now, photoId: placedPhoto.id, photoTitle: placedPhoto.title, detail: null })),
        }),
      [`GET ${api.galleryLinkInvitations}`]: () =>
        reply(
          GalleryInvitation.array(),
          GALLERY_INVITATION_STATES.map((state, index) => ({
            id: index + 1,
            email: invitee,
            message: null,
            state,
            error: null,
            invitedAt: now,
            sentAt: state === 'sent' ? now : null,
            sends: 1,
            remindedAt: null,
          })),
        ),
      [`GET ${api.galleryInvitationTemplate}`]: () => reply(InvitationTemplate, { subject: '', text: '', isDefault: true }),
    });
    const closeDialog = async () => {
      await userEvent.keyboard('{Escape}');
      await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    };

    await renderApp(`${screens.home}${adminQuery('photos')}`);
    const card = page.getByRole('region', { name: category.name, exact: true });
    // A card's grid asks for its photos once it nears the screen.
    await expect.element(card).toBeInTheDocument();
    card.element().scrollIntoView({ block: 'center' });
    await expect.element(card.getByRole('img', { name: placedPhoto.title })).toBeVisible();

    // A photo's own edit dialog, from its tile.
    const title = placedPhoto.title;
    await card.getByRole('listitem').filter({ has: page.getByRole('img', { name: title }) }).hover();
    await card.getByRole('button', { name: pseudo(msg`Edit ${title}`) }).click();
    await expect.element(page.getByRole('dialog').getByRole('img', { name: title })).toBeVisible();
    expect(unwrappedTexts(data), 'photo edit').toEqual([]);
    await closeDialog();

    // Find photos, a photo selected, the bulk edit with every change ticked.
    const find = page.getByRole('region', { name: pseudo(msg`Find photos`), exact: true });
    await find.getByLabelText(pseudo(msg`Title or file name`)).fill(bankPhoto.title);
    await find.getByRole('button', { name: pseudo(msg`Select`), exact: true }).click();
    const selectLabel = (title: string) => pseudo(msg`Select ${title}`);
    await find.getByRole('checkbox', { name: selectLabel(bankPhoto.title) }).click();
    await find.getByRole('button', { name: pseudo(msg`Edit…`) }).click();
    const bulk = page.getByRole('dialog');
    await expect.element(bulk).toBeVisible();
    for (const box of bulk.getByRole('checkbox').elements()) (box as HTMLElement).click();
    expect(unwrappedTexts(data), 'bulk edit').toEqual([]);
    await closeDialog();

    // A category's credit and licence, and its own watermark, with a text watermark's fields.
    const name = category.name;
    await card.getByRole('button', { name: pseudo(msg`Credit & licence`) }).click();
    await expect.element(page.getByRole('dialog', { name: pseudo(msg`Credit and licence of ${name}`) })).toBeVisible();
    expect(unwrappedTexts(data), 'rights').toEqual([]);
    await closeDialog();

    await card.getByRole('button', { name: pseudo(msg`Watermark`) }).click();
    const watermark = page.getByRole('dialog', { name: pseudo(msg`Watermark of ${name}`) });
    await watermark.getByRole('combobox').first().selectOptions('text');
    await expect.element(watermark.getByLabelText(pseudo(msg`Text`), { exact: true })).toBeVisible();
    expect(unwrappedTexts(data), 'category watermark').toEqual([]);
    await closeDialog();

    // The gallery link's every panel open: proofing and picks, review and downloads, activity, invitations.
    await card.getByRole('button', { name: pseudo(msg`Links`) }).click();
    const links = page.getByRole('dialog');
    await expect.element(links.getByText(link.label).first()).toBeVisible();
    // An open panel can hold one of its own (the invitation's mail): opened in a second round.
    for (let round = 0; round < 3; round += 1) {
      const closed = links.getByRole('button').elements().filter((button) => button.getAttribute('aria-expanded') === 'false');
      for (const button of closed) (button as HTMLElement).click();
      await expect.poll(() => closed.every((button) => button.getAttribute('aria-expanded') === 'true')).toBe(true);
    }
    await expect.element(links.getByText(comment)).toBeVisible();
    await expect.element(links.getByText(invitee).first()).toBeVisible();
    expect(unwrappedTexts(data), 'gallery link panels').toEqual([]);
    await closeDialog();

    // The site's watermark in the settings, with a text watermark's fields.
    await renderApp(`${screens.home}${adminQuery('settings')}`);
    const siteWatermark = page.getByRole('form', { name: pseudo(msg`Site watermark`) });
    await siteWatermark.getByRole('combobox').first().selectOptions('text');
    await expect.element(siteWatermark.getByLabelText(pseudo(msg`Text`), { exact: true })).toBeVisible();
    expect(unwrappedTexts(data), 'site watermark').toEqual([]);
  });

  it("a client's gallery: its password, the gallery with picks, review and downloads, and its viewer", async () => {
    const data = [openGallery.label, openGallery.category.name, ...openGallery.photos.map((photo) => photo.title), 'Lovely light.'];
    server = serveContract(galleryHandlers(() => refuseWith(401, 'galleries.locked')));
    await renderApp(pathTo(screens.gallery, { token: GALLERY_TOKEN }));
    await expect.element(page.getByRole('heading', { name: pseudo(msg`This gallery is protected`) })).toBeVisible();
    await page.getByRole('button', { name: pseudo(msg`Open gallery`) }).click();
    await expect.element(page.getByText(pseudo(msg`Password is required`), { exact: true })).toBeVisible();
    expect(unwrappedTexts(data), 'gallery password').toEqual([]);

    unmountApp();
    server.restore();
    server = serveContract(galleryHandlers(() => reply(Gallery, openGallery)));
    await renderApp(pathTo(screens.gallery, { token: GALLERY_TOKEN }));
    await expect.element(page.getByRole('heading', { name: openGallery.category.name })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'P2', exact: true })).toBeVisible();
    expect(unwrappedTexts(data), 'gallery').toEqual([]);

    await page.getByRole('button', { name: 'P1', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'P1' });
    await expect.element(viewer.getByText('Lovely light.')).toBeVisible();
    expect(unwrappedTexts(data), 'gallery viewer').toEqual([]);
  });
});
