import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { OWNER_CODE } from './src/client/locales/owner-code.ts';

/**
 * The site's messages (docs/translating.md): written in English in the code through Lingui's
 * macros, extracted into one .po catalog per language (`npx lingui extract`), compiled at build
 * time by the Vite plugin and loaded per language (src/client/lib/i18n.ts).
 *
 * `visitor`: what a visitor of the portfolio reads, in every page's first load (English) or beside
 * it (a language's chunk). `sign-in` and `gallery`: the screens a visitor of the portfolio never
 * opens, each loaded with its screen (src/client/app/section-catalogs.ts), so neither weighs on
 * the portfolio's first load nor on a language's visitor chunk (3 KB gzip each). `owner`: the
 * admin's words, loaded with the owner's code (src/client/app/owner-code.ts), so a visitor's first
 * load never carries them, not even in English.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/**
 * Sign-in, its second step and password recovery: the owner's way in, its own catalog. What the
 * signed-in owner's screens share with it (Logout, the passkey's failures) stays in the visitor's,
 * which every page has loaded.
 */
const SIGN_IN_FILES = [
  '<rootDir>/src/client/app/routes/{login,forgot-password,reset-password}.tsx',
  '<rootDir>/src/client/features/auth/components/{auth-outcome,forgot-password-form,login-form,reset-password-form,second-step-form,sign-in-link-form}.tsx',
  '<rootDir>/src/client/features/auth/api/{login,forgot-password,reset-password,sign-in-link}.ts',
  '<rootDir>/src/client/features/auth/lib/error-texts.ts',
];
/**
 * What a client holding a gallery link reads: its own catalog. Its texts in the gallery's API hooks
 * and the downloads' component are in `gallery-texts.ts`.
 */
const GALLERY_FILES = [
  '<rootDir>/src/client/app/routes/gallery.tsx',
  '<rootDir>/src/client/features/galleries/components/{proofing,review}.tsx',
  '<rootDir>/src/client/features/galleries/lib/gallery-texts.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  // Keep in step with LANGUAGES in src/contract/languages.ts; en-XA is the pseudo-locale.
  locales: ['en', 'de', 'fr', 'es', 'ja', 'ar', 'en-XA'],
  // Every text is bracketed and a third longer: an untranslated one (plain English) and one cut
  // off (no closing bracket) both show in a screenshot. `VITE_PSEUDO_LOCALE=1 npm run build:client`.
  pseudoLocale: { locale: 'en-XA', prepend: '⟦', append: '⟧', extend: 0.3, extendCharacter: '·' },
  // A message a catalog lacks is shown in English rather than as its id; `npm run lint` fails on it.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}/visitor',
      include: ['<rootDir>/src/client'],
      exclude: [...TESTS, ...SIGN_IN_FILES, ...GALLERY_FILES, ...OWNER_CODE.map((files) => `<rootDir>/${files}`)],
    },
    {
      path: '<rootDir>/src/client/locales/{locale}/owner',
      include: OWNER_CODE.map((files) => `<rootDir>/${files}`),
      exclude: TESTS,
    },
    // Loaded with their screens (src/client/app/section-catalogs.ts): a visitor of the portfolio never fetches them.
    { path: '<rootDir>/src/client/locales/{locale}/sign-in', include: SIGN_IN_FILES, exclude: TESTS },
    { path: '<rootDir>/src/client/locales/{locale}/gallery', include: GALLERY_FILES, exclude: TESTS },
  ],
  format: formatter({ lineNumbers: false }),
  // Grouped by the file each message is in: a translator reads a screen's texts together.
  orderBy: 'origin',
});
