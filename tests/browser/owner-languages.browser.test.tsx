import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { adminQuery, type AdminSection } from '#contract/admin-sections.ts';
import { LANGUAGES, type Language } from '#contract/languages.ts';
import { screens } from '#contract/routes.ts';
import { activateLanguage } from '#client/lib/i18n.ts';
import { messages as ownerEnglish } from '#client/locales/en/owner.po';
import { messages as visitorEnglish } from '#client/locales/en/visitor.po';
import { SAME_IN, textsOnPage } from '#tests/fixtures/texts-on-page.ts';
import { axeViolations } from './axe.ts';
import { serveContract, type ContractServer } from './contract-fetch.ts';
import { ownerSiteHandlers } from './owner-site.ts';
import { renderApp, unmountApp } from './render-app.tsx';

/**
 * The owner's admin in every language: each main section drawn through the real app (the owner's
 * page loads its catalog in the page's language), with no text of the English catalogs left on it,
 * right to left in Arabic, and nothing axe finds.
 */

// The owner's drag layer, loaded before the tests: a chunk that arrived after a test had ended
// would draw into a page already taken away.
beforeAll(() => import('#client/app/admin/sortable-portfolio-view.tsx'));

let server: ContractServer | undefined;
afterEach(async () => {
  unmountApp();
  server?.restore();
  await activateLanguage('en');
});

/** The admin's words a language writes as English does (names of things, a shared word). */
const OWNER_SAME_IN: Record<Exclude<Language, 'en'>, string[]> = {
  de: ['Admin', 'Portfolio', 'Name', 'Passkeys', 'Passkey', 'Webhooks', 'Links', 'Logo', 'Text', 'Position', 'Copyright', 'URL', 'Proofing'],
  fr: ['Portfolio', 'Photos', 'Messages', 'Message', 'Description', 'Licence', 'Copyright', 'Webhooks', 'URL', 'Catégories', 'Logo', 'Position', 'Pages', 'Photo', 'Contact', 'Notification', 'Notifications (F8)', 'Visiteurs'],
  es: ['Portafolio', 'Error', 'Webhooks', 'URL', 'Copyright'],
  ja: ['URL'],
  ar: [],
};

/** Every plain English text of both catalogs, which a translated admin must not show. */
const ENGLISH_TEXTS = [...Object.values(visitorEnglish), ...Object.values(ownerEnglish)].filter(
  (message): message is string => typeof message === 'string',
);

function englishLeft(language: Exclude<Language, 'en'>): string[] {
  const shown = new Set(textsOnPage());
  const same = new Set([...SAME_IN[language], ...OWNER_SAME_IN[language]]);
  return [...new Set(ENGLISH_TEXTS.filter((text) => shown.has(text) && !same.has(text)))];
}

/** What each section shows once drawn, by its heading in each language. */
const HEADINGS: Record<Exclude<Language, 'en'>, Record<AdminSection, string>> = {
  de: { photos: 'Fotos hochladen', settings: 'Portfolio-Einstellungen', messages: 'Nachrichten', account: 'Sicherheit', statistics: 'Statistik' },
  fr: { photos: 'Importer des photos', settings: 'Réglages du portfolio', messages: 'Messages', account: 'Sécurité', statistics: 'Statistiques' },
  es: { photos: 'Subir fotos', settings: 'Ajustes del portafolio', messages: 'Mensajes', account: 'Seguridad', statistics: 'Estadísticas' },
  ja: { photos: '写真をアップロード', settings: 'ポートフォリオの設定', messages: 'メッセージ', account: 'セキュリティ', statistics: '統計' },
  ar: { photos: 'رفع الصور', settings: 'إعدادات معرض الأعمال', messages: 'الرسائل', account: 'الأمان', statistics: 'الإحصاءات' },
};

/**
 * Each switch whose thumb is not inside its track, or not at the side its state says: the start
 * of the line when off, its end when on (the left in a right-to-left page).
 */
function thumbsAstray(direction: 'ltr' | 'rtl'): string[] {
  const switches = [...document.querySelectorAll<HTMLElement>('[role="switch"]')];
  expect(switches.filter((control) => control.getAttribute('aria-checked') === 'true').length).toBeGreaterThan(0);
  expect(switches.filter((control) => control.getAttribute('aria-checked') === 'false').length).toBeGreaterThan(0);
  return switches.flatMap((control) => {
    const track = control.getBoundingClientRect();
    const thumb = control.firstElementChild!.getBoundingClientRect();
    const on = control.getAttribute('aria-checked') === 'true';
    const atRight = on === (direction === 'ltr');
    const inside = thumb.left >= track.left - 0.5 && thumb.right <= track.right + 0.5;
    const side = atRight ? track.right - thumb.right : thumb.left - track.left;
    return inside && side <= 3 ? [] : [`${control.id} ${on ? 'on' : 'off'}: thumb at ${thumb.left}–${thumb.right} in ${track.left}–${track.right}`];
  });
}

describe("the owner's admin in every language", () => {
  for (const language of LANGUAGES.filter((candidate): candidate is Exclude<Language, 'en'> => candidate !== 'en')) {
    it(`draws every section in ${language}, with no English left, and axe finds nothing`, async () => {
      await activateLanguage(language);
      server = serveContract(ownerSiteHandlers());
      for (const section of ['photos', 'settings', 'messages', 'account', 'statistics'] as const) {
        await renderApp(`${screens.home}${adminQuery(section)}`);
        await expect.element(page.getByRole('heading', { name: HEADINGS[language][section], exact: true }).first()).toBeVisible();
        if (section === 'photos') await expect.element(page.getByRole('heading', { name: 'Landscapes' })).toBeVisible();
        if (section === 'account') await expect.element(page.getByText('Firefox on Linux')).toBeVisible();
        expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(englishLeft(language), section).toEqual([]);
        expect(await axeViolations(), `${section} in ${language}`).toEqual([]);
        if (section === 'settings') expect(thumbsAstray(language === 'ar' ? 'rtl' : 'ltr'), language).toEqual([]);
      }
    });
  }
});
