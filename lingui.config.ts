import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The site's messages (docs/translating.md): written in English in the code through Lingui's
 * macros, extracted into one .po catalog per language (`npx lingui extract`), compiled at build
 * time by the Vite plugin and loaded per language (src/client/lib/i18n.ts).
 *
 * Two catalogs: `visitor`, what a visitor and a client holding a link read (its English is in the
 * first load), and `owner`, the admin's words, loaded with the admin's code (src/client/app/owner-code.ts),
 * so a visitor's first load never carries them, not even in English.
 */

/**
 * The code only a signed-in owner runs, whose texts are the owner catalog's. A file here must never
 * be reached by a visitor's code but through the owner's page (owner-code.ts), and a file reached
 * only that way belongs here: tests/unit/owner-catalog.test.ts follows the imports and says which.
 */
export const OWNER_CODE = [
  'src/client/app/admin/**',
  'src/client/app/routes/owner-portfolio.tsx',
  'src/client/components/{dialog-form-footer,drag-handle,license-picker,panel-card,shown-once}.tsx',
  'src/client/features/categories/components/**',
  'src/client/features/categories/api/{create-category,delete-category,reorder-categories,update-category}.ts',
  'src/client/features/galleries/api/{activity,invitations}.ts',
  'src/client/features/galleries/components/{gallery-links-dialog,link-*,notices-panel}.tsx',
  'src/client/features/jobs/**',
  'src/client/features/messages/api/{delete-message,get-messages,mark-message-read}.ts',
  'src/client/features/messages/components/{inbox-panel,message-item}.tsx',
  'src/client/features/music/components/release-audio-editor.tsx',
  'src/client/features/owner/api/{change-password,update-portfolio-settings,upload-banner}.ts',
  'src/client/features/owner/components/{banner-upload,change-password-dialog,portfolio-settings-panel}.tsx',
  'src/client/features/photos/api/{bulk-photos,delete-photo,edit-photos,get-place-photos,get-upload-formats,place-photo,reorder-photos,search-photos,update-photo,upload-photos}.ts',
  'src/client/features/photos/components/{admin-photo-tile,bulk-edit-dialog,edit-photo-dialog,place-grid-end,upload-photos-panel,video-badge}.tsx',
  'src/client/features/photos/lib/{photo-order,recent-uploads,sniff-image,upload-batch,upload-queue}.ts',
  'src/client/features/statistics/**',
  'src/client/features/watermarks/**',
  'src/client/features/webhooks/**',
  'src/client/lib/drag.ts',
  'src/client/lib/validation-text.ts',
];

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
