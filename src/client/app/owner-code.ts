import { addSectionCatalog, type SectionCatalog } from '#client/lib/i18n.ts';

/**
 * The code only a signed-in owner runs: their portfolio page (the Admin tab, "View as visitor",
 * the drag layer and the admin area behind it) and the top bar's Logout. A visitor's first load
 * leaves it out, and a signed-in owner's first screen waits for it under the router's spinner.
 * That spinner is up anyway while the page asks who is signed in (the server answers that question
 * in the page only for a request without a session), so the router fetches this code beside the
 * question, and the login screen while the owner types.
 */
/**
 * The owner's words (lingui.config.ts): a chunk per language, English included, fetched beside the
 * owner's code, so a visitor's first load carries none of them. The page waits for both.
 */
const OWNER_CATALOG: SectionCatalog = {
  en: () => import('#client/locales/en/owner.po'),
  de: () => import('#client/locales/de/owner.po'),
  fr: () => import('#client/locales/fr/owner.po'),
  es: () => import('#client/locales/es/owner.po'),
  ja: () => import('#client/locales/ja/owner.po'),
  ar: () => import('#client/locales/ar/owner.po'),
  // Only a pseudo-locale build has it (lib/i18n.ts).
  ...(import.meta.env.VITE_PSEUDO_LOCALE === '1' ? { 'en-XA': () => import('#client/locales/en-XA/owner.po') } : {}),
};

export const loadOwnerPortfolioPage = () =>
  Promise.all([import('#client/app/routes/owner-portfolio.tsx'), addSectionCatalog(OWNER_CATALOG)]).then(([page]) => page);

export function prefetchOwnerCode(): void {
  // A failure here is met again, and shown, where the code is used.
  loadOwnerPortfolioPage().catch(() => {});
  // The top bar's (app/top-bar.tsx), named here by its path: the bar importing this module would
  // close an import circle through the owner's page.
  import('#client/features/auth/components/logout-button.tsx').catch(() => {});
}
