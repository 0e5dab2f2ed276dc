import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PhotoSections } from '#contract/photo-pages.ts';
import { api, screens } from '#contract/routes.ts';
import { LANGUAGES, type Language } from '#contract/languages.ts';
import { activateLanguage } from '#client/lib/i18n.ts';
import { messages as english } from '#client/locales/en/visitor.po';
import { makePhoto } from '#tests/fixtures/contract.ts';
import { axeViolations } from './axe.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';
import { SAME_IN, textsOnPage } from '#tests/fixtures/texts-on-page.ts';

let server: ContractServer | undefined;
afterEach(async () => {
  unmountApp();
  server?.restore();
  await activateLanguage('en');
});

/** What each language calls the visitor's controls the tests press, as its catalog says. */
const WORDS: Record<Exclude<Language, 'en'>, { contact: string; send: string; nameRequired: string; emailRequired: string; language: string }> = {
  de: { contact: 'Kontakt', send: 'Nachricht senden', nameRequired: 'Bitte geben Sie Ihren Namen ein.', emailRequired: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', language: 'Sprache' },
  fr: { contact: 'Contact', send: 'Envoyer le message', nameRequired: 'Veuillez indiquer votre nom.', emailRequired: 'Veuillez saisir une adresse e-mail valide.', language: 'Langue' },
  es: { contact: 'Contacto', send: 'Enviar mensaje', nameRequired: 'Indica tu nombre.', emailRequired: 'Introduce un correo electrónico válido.', language: 'Idioma' },
  ja: { contact: 'お問い合わせ', send: 'メッセージを送信', nameRequired: 'お名前を入力してください。', emailRequired: '有効なメールアドレスを入力してください。', language: '言語' },
  ar: { contact: 'تواصل', send: 'إرسال الرسالة', nameRequired: 'يرجى إدخال اسمك.', emailRequired: 'يرجى إدخال بريد إلكتروني صالح.', language: 'اللغة' },
};

/** The catalog's English texts (the plain ones), which a translated screen must not show. */
const ENGLISH_TEXTS = Object.values(english).filter((message): message is string => typeof message === 'string');

/** The catalog's English texts the page shows, but for the words a language writes as English does. */
function englishLeft(language: Exclude<Language, 'en'>): string[] {
  const shown = new Set(textsOnPage());
  return ENGLISH_TEXTS.filter((text) => shown.has(text) && !SAME_IN[language].includes(text));
}

const photos = [makePhoto(1, null, 0), makePhoto(2, null, 1), makePhoto(3, null, 2)];
const handlers = () => ({
  ...siteHandlers({ owner: { portfolioTitle: 'Ada Atelier', aboutText: 'Street work.', showContactForm: true } }),
  [`GET ${api.photoSections}`]: () => reply(PhotoSections, { sections: [{ categoryId: null, total: photos.length, photos }] }),
});

describe("the visitor's screens in every language", () => {
  for (const language of LANGUAGES.filter((candidate) => candidate !== 'en')) {
    it(`draws the portfolio and the contact form in ${language}, with its own validation, and axe finds nothing`, async () => {
      const words = WORDS[language];
      await activateLanguage(language);
      expect(document.documentElement.lang).toBe(language);
      expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      server = serveContract(handlers());
      await renderApp(screens.home);
      await expect.element(page.getByRole('heading', { name: 'Ada Atelier' })).toBeVisible();
      // The switcher says where it is, in the page's language.
      await expect.element(page.getByRole('combobox', { name: words.language })).toHaveValue(language);

      expect(englishLeft(language)).toEqual([]);
      expect(await axeViolations()).toEqual([]);

      await page.getByRole('button', { name: words.contact }).click();
      const dialog = page.getByRole('dialog', { name: words.contact });
      await dialog.getByRole('button', { name: words.send }).click();
      await expect.element(dialog.getByText(words.nameRequired)).toBeVisible();
      await expect.element(dialog.getByText(words.emailRequired)).toBeVisible();
      expect(englishLeft(language)).toEqual([]);
      expect(await axeViolations()).toEqual([]);
      expect(server.sentTo(`POST ${api.contact}`)).toEqual([]);
    });
  }

  it('steps the viewer the way Arabic reads: the left arrow goes on, and the places are numbers as Arabic writes them', async () => {
    await activateLanguage('ar');
    server = serveContract(handlers());
    await renderApp(screens.home);
    await page.getByRole('button', { name: 'P1' }).click();
    const viewer = page.getByRole('dialog', { name: 'P1' });
    const arabic = (value: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(value);
    await expect.element(viewer.getByText(`${arabic(1)} / ${arabic(3)}`)).toBeVisible();
    await expect.element(viewer.getByLabelText(`الصورة ${arabic(1)} من ${arabic(3)}`)).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByRole('dialog', { name: 'P2' }).getByText(`${arabic(2)} / ${arabic(3)}`)).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('dialog', { name: 'P1' })).toBeVisible();
    expect(englishLeft('ar')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('switches in place when the visitor picks another language, and remembers it in a cookie', async () => {
    server = serveContract(handlers());
    await renderApp(`${screens.home}?lang=en`);
    await expect.element(page.getByRole('button', { name: 'Contact' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOptions('ja');
    await expect.element(page.getByRole('button', { name: WORDS.ja.contact })).toBeVisible();
    expect(document.documentElement.lang).toBe('ja');
    expect(document.cookie).toContain('atelier-lang=ja');
    // The address's ?lang= would win over the choice on the next visit: it is gone.
    expect(window.location.search).toBe('');
    await page.getByRole('combobox', { name: WORDS.ja.language }).selectOptions('ar');
    await expect.element(page.getByRole('button', { name: WORDS.ar.contact })).toBeVisible();
    expect(document.documentElement.dir).toBe('rtl');
    document.cookie = 'atelier-lang=; path=/; max-age=0';
  });
});

