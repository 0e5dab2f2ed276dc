import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { api, pathTo, screens } from '#contract/routes.ts';
import { LANGUAGES, type Language } from '#contract/languages.ts';
import { activateLanguage } from '#client/lib/i18n.ts';
import { messages as visitorEnglish } from '#client/locales/en/visitor.po';
import { messages as signInEnglish } from '#client/locales/en/sign-in.po';
import { messages as galleryEnglish } from '#client/locales/en/gallery.po';
import { Gallery } from '#contract/galleries.ts';
import { axeViolations } from './axe.ts';
import { refuse, refuseWith, reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { GALLERY_TOKEN, galleryHandlers, openGallery } from './gallery-site.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';
import { SAME_IN, textsOnPage } from '#tests/fixtures/texts-on-page.ts';

let server: ContractServer | undefined;
afterEach(async () => {
  unmountApp();
  server?.restore();
  await activateLanguage('en');
});

type Translation = Exclude<Language, 'en'>;

/** What each language calls the sign-in screens' controls and messages the tests look for. */
const SIGN_IN_WORDS: Record<
  Translation,
  { login: string; usernameRequired: string; forgot: string; sendResetLink: string; emailRequired: string; resetPassword: string; tooShort: string; wrongPassword: string }
> = {
  de: {
    login: 'Anmelden',
    usernameRequired: 'Bitte geben Sie Ihren Benutzernamen ein.',
    forgot: 'Passwort vergessen?',
    sendResetLink: 'Link zum Zurücksetzen senden',
    emailRequired: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    resetPassword: 'Passwort zurücksetzen',
    tooShort: 'Das Passwort muss mindestens 6 Zeichen lang sein.',
    wrongPassword: 'Benutzername oder Passwort ist falsch',
  },
  fr: {
    login: 'Connexion',
    usernameRequired: 'Veuillez saisir votre nom d’utilisateur.',
    forgot: 'Mot de passe oublié ?',
    sendResetLink: 'Envoyer le lien',
    emailRequired: 'Veuillez saisir une adresse e-mail valide.',
    resetPassword: 'Réinitialiser le mot de passe',
    tooShort: 'Le mot de passe doit comporter au moins 6 caractères.',
    wrongPassword: 'Nom d’utilisateur ou mot de passe incorrect',
  },
  es: {
    login: 'Iniciar sesión',
    usernameRequired: 'Introduce tu nombre de usuario.',
    forgot: '¿Has olvidado la contraseña?',
    sendResetLink: 'Enviar enlace',
    emailRequired: 'Introduce un correo electrónico válido.',
    resetPassword: 'Restablecer contraseña',
    tooShort: 'La contraseña debe tener al menos 6 caracteres.',
    wrongPassword: 'Nombre de usuario o contraseña incorrectos',
  },
  ja: {
    login: 'ログイン',
    usernameRequired: 'ユーザー名を入力してください。',
    forgot: 'パスワードをお忘れですか？',
    sendResetLink: '再設定リンクを送信',
    emailRequired: '有効なメールアドレスを入力してください。',
    resetPassword: 'パスワードを再設定',
    tooShort: 'パスワードは6文字以上にしてください。',
    wrongPassword: 'ユーザー名またはパスワードが正しくありません',
  },
  ar: {
    login: 'تسجيل الدخول',
    usernameRequired: 'يرجى إدخال اسم المستخدم.',
    forgot: 'هل نسيت كلمة المرور؟',
    sendResetLink: 'إرسال رابط إعادة التعيين',
    emailRequired: 'يرجى إدخال بريد إلكتروني صالح.',
    resetPassword: 'إعادة تعيين كلمة المرور',
    tooShort: 'يجب ألا تقل كلمة المرور عن 6 أحرف.',
    wrongPassword: 'اسم المستخدم أو كلمة المرور غير صحيحة',
  },
};

/** The catalogs' English texts (the plain ones), which a translated screen must not show. */
const englishOf = (...catalogs: Record<string, unknown>[]) =>
  catalogs.flatMap((catalog) => Object.values(catalog)).filter((message): message is string => typeof message === 'string');
const SIGN_IN_ENGLISH = englishOf(visitorEnglish, signInEnglish);

/** The English texts the page shows, but for the words a language writes as English does. */
function englishLeft(language: Translation, english: string[]): string[] {
  const shown = new Set(textsOnPage());
  return english.filter((text) => shown.has(text) && !SAME_IN[language].includes(text));
}

const signedOut = () => ({
  ...siteHandlers(),
  [`GET ${api.currentUser}`]: () => refuse(401, 'Not signed in'),
  [`POST ${api.login}`]: () => refuseWith(401, 'auth.invalid_credentials'),
});

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id} on the page`);
  return element;
}

describe('sign-in and recovery in every language', () => {
  for (const language of LANGUAGES.filter((candidate): candidate is Translation => candidate !== 'en')) {
    it(`draws sign-in, its validation and its refusal, and recovery in ${language}, and axe finds nothing`, async () => {
      const words = SIGN_IN_WORDS[language];
      await activateLanguage(language);
      expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      server = serveContract(signedOut());
      await renderApp(screens.login);
      await expect.element(page.getByRole('heading', { name: words.login, exact: true })).toBeVisible();
      await page.getByRole('button', { name: words.login, exact: true }).click();
      await expect.element(page.getByText(words.usernameRequired)).toBeVisible();
      expect(englishLeft(language, SIGN_IN_ENGLISH)).toEqual([]);
      expect(await axeViolations()).toEqual([]);
      expect(server.sentTo(`POST ${api.login}`)).toEqual([]);

      // The server's refusal, by its code, in the page's language.
      await page.elementLocator(byId('login-username')).fill('owner');
      await page.elementLocator(byId('login-password')).fill('wrong');
      await page.getByRole('button', { name: words.login, exact: true }).click();
      await expect.element(page.getByText(words.wrongPassword)).toBeVisible();

      await page.getByRole('link', { name: words.forgot }).click();
      await expect.poll(() => window.location.pathname).toBe(screens.forgotPassword);
      await page.getByRole('button', { name: words.sendResetLink }).click();
      await expect.element(page.getByText(words.emailRequired)).toBeVisible();
      expect(englishLeft(language, SIGN_IN_ENGLISH)).toEqual([]);
      expect(await axeViolations()).toEqual([]);

      unmountApp();
      await renderApp(`${screens.resetPassword}?token=a-token`);
      await page.getByRole('button', { name: words.resetPassword }).click();
      await expect.element(page.getByText(words.tooShort)).toBeVisible();
      expect(englishLeft(language, SIGN_IN_ENGLISH)).toEqual([]);
      expect(await axeViolations()).toEqual([]);
    });
  }

  it('loads the sign-in catalog of the language the visitor switches to on the screen', async () => {
    server = serveContract(signedOut());
    await renderApp(screens.login);
    await expect.element(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
    await activateLanguage('ja');
    await expect.element(page.getByRole('heading', { name: SIGN_IN_WORDS.ja.login, exact: true })).toBeVisible();
    expect(englishLeft('ja', SIGN_IN_ENGLISH)).toEqual([]);
  });
});

/** What each language calls the gallery's controls and messages the tests look for. */
const GALLERY_WORDS: Record<Translation, { protected: string; open: string; passwordRequired: string; photos: string; pick: string; approved: string; gone: string }> = {
  de: { protected: 'Diese Galerie ist geschützt', open: 'Galerie öffnen', passwordRequired: 'Bitte geben Sie das Passwort ein.', photos: '3 Fotos', pick: 'P2 auswählen', approved: 'Freigegeben', gone: 'Galerie nicht gefunden' },
  fr: { protected: 'Cette galerie est protégée', open: 'Ouvrir la galerie', passwordRequired: 'Veuillez saisir le mot de passe.', photos: '3 photos', pick: 'Sélectionner P2', approved: 'Approuvée', gone: 'Galerie introuvable' },
  es: { protected: 'Esta galería está protegida', open: 'Abrir galería', passwordRequired: 'Introduce la contraseña.', photos: '3 fotos', pick: 'Elegir P2', approved: 'Aprobada', gone: 'Galería no encontrada' },
  ja: { protected: 'このギャラリーは保護されています', open: 'ギャラリーを開く', passwordRequired: 'パスワードを入力してください。', photos: '3枚の写真', pick: 'P2を選ぶ', approved: '承認済み', gone: 'ギャラリーが見つかりません' },
  ar: { protected: 'هذا المعرض محمي', open: 'فتح المعرض', passwordRequired: 'يرجى إدخال كلمة المرور.', photos: `${new Intl.NumberFormat('ar').format(3)} صور`, pick: 'اختيار P2', approved: 'مقبولة', gone: 'المعرض غير موجود' },
};
const GALLERY_ENGLISH = englishOf(visitorEnglish, galleryEnglish);

describe("a client's gallery in every language", () => {
  for (const language of LANGUAGES.filter((candidate): candidate is Translation => candidate !== 'en')) {
    it(`draws the password screen, the gallery with its picks, review and downloads, the viewer, and the ended link in ${language}`, async () => {
      const words = GALLERY_WORDS[language];
      await activateLanguage(language);
      server = serveContract(galleryHandlers(() => refuseWith(401, 'galleries.locked')));
      await renderApp(pathTo(screens.gallery, { token: GALLERY_TOKEN }));
      await expect.element(page.getByRole('heading', { name: words.protected })).toBeVisible();
      await page.getByRole('button', { name: words.open }).click();
      await expect.element(page.getByText(words.passwordRequired, { exact: true })).toBeVisible();
      expect(englishLeft(language, GALLERY_ENGLISH)).toEqual([]);
      expect(await axeViolations()).toEqual([]);

      unmountApp();
      server.restore();
      server = serveContract(galleryHandlers(() => reply(Gallery, openGallery)));
      await renderApp(pathTo(screens.gallery, { token: GALLERY_TOKEN }));
      await expect.element(page.getByRole('heading', { name: 'Wedding' })).toBeVisible();
      await expect.element(page.getByText(words.photos, { exact: true })).toBeVisible();
      await expect.element(page.getByRole('button', { name: words.pick })).toBeVisible();
      // The sneak peek's day, as the language writes dates.
      const day = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(openGallery.releaseAt));
      await expect.element(page.getByText(day, { exact: false })).toBeVisible();
      expect(englishLeft(language, GALLERY_ENGLISH)).toEqual([]);
      expect(await axeViolations()).toEqual([]);

      await page.getByRole('button', { name: 'P1', exact: true }).click();
      const viewer = page.getByRole('dialog', { name: 'P1' });
      // The photo the client approved: its verdict pressed, the photographer's comment under it.
      await expect.element(viewer.getByRole('button', { name: words.approved, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect.element(viewer.getByText('Lovely light.')).toBeVisible();
      expect(englishLeft(language, GALLERY_ENGLISH)).toEqual([]);

      unmountApp();
      server.restore();
      server = serveContract(galleryHandlers(() => refuseWith(404, 'galleries.not_found')));
      await renderApp(pathTo(screens.gallery, { token: GALLERY_TOKEN }));
      await expect.element(page.getByRole('heading', { name: words.gone })).toBeVisible();
      expect(englishLeft(language, GALLERY_ENGLISH)).toEqual([]);
      expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    });
  }
});
