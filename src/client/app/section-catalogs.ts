import type { SectionCatalog } from '#client/lib/i18n.ts';

/**
 * The catalogs of the screens a visitor of the portfolio never opens, each loaded with its screen
 * (`router.tsx`): a language's words for them cost the portfolio's first load nothing, and the
 * visitor's catalog of each language stays within its 3 KB (docs/decisions/0017).
 */

const PSEUDO_LOCALE = import.meta.env.VITE_PSEUDO_LOCALE === '1';

/** Sign-in, the second step and password recovery: the owner's way in. */
export const SIGN_IN_CATALOG: SectionCatalog = {
  en: () => import('#client/locales/en/sign-in.po'),
  de: () => import('#client/locales/de/sign-in.po'),
  fr: () => import('#client/locales/fr/sign-in.po'),
  es: () => import('#client/locales/es/sign-in.po'),
  ja: () => import('#client/locales/ja/sign-in.po'),
  ar: () => import('#client/locales/ar/sign-in.po'),
  ...(PSEUDO_LOCALE ? { 'en-XA': () => import('#client/locales/en-XA/sign-in.po') } : {}),
};

/** A client's gallery: its password, proofing, review, comments and downloads. */
export const GALLERY_CATALOG: SectionCatalog = {
  en: () => import('#client/locales/en/gallery.po'),
  de: () => import('#client/locales/de/gallery.po'),
  fr: () => import('#client/locales/fr/gallery.po'),
  es: () => import('#client/locales/es/gallery.po'),
  ja: () => import('#client/locales/ja/gallery.po'),
  ar: () => import('#client/locales/ar/gallery.po'),
  ...(PSEUDO_LOCALE ? { 'en-XA': () => import('#client/locales/en-XA/gallery.po') } : {}),
};
