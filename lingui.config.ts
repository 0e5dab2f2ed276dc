import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { OWNER_CODE } from './src/client/locales/owner-code.ts';

/**
 * The site's messages (docs/translating.md): written in English in the code through Lingui's
 * macros, extracted into one .po catalog per language (`npx lingui extract`), compiled at build
 * time by the Vite plugin and loaded per language (src/client/lib/i18n.ts).
 *
 * Two catalogs: `visitor`, what a visitor and a client holding a link read (its English is in the
 * first load), and `owner`, the admin's words, loaded with the admin's code (src/client/app/owner-code.ts),
 * so a visitor's first load never carries them, not even in English.
 */

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

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
      exclude: [...TESTS, ...OWNER_CODE.map((files) => `<rootDir>/${files}`)],
    },
    {
      path: '<rootDir>/src/client/locales/{locale}/owner',
      include: OWNER_CODE.map((files) => `<rootDir>/${files}`),
      exclude: TESTS,
    },
  ],
  format: formatter({ lineNumbers: false }),
  // Grouped by the file each message is in: a translator reads a screen's texts together.
  orderBy: 'origin',
});
