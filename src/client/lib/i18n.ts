import { i18n, type Messages } from '@lingui/core';
import {
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_QUERY,
  SOURCE_LANGUAGE,
  type Language,
} from '#contract/languages.ts';
import { messages as english } from '#client/locales/en/visitor.po';

/**
 * The client's language. The server chooses it (the address's `?lang=`, the visitor's cookie,
 * the browser's Accept-Language, the owner's default) and writes it on `<html lang dir>`; the
 * client reads it there, loads that language's catalog before the first render and switches in
 * place when the visitor picks another. English, the language of the code, is in the first load;
 * every other catalog is a chunk of its own, which the server names in the page's head.
 */

type Translation = Exclude<Language, typeof SOURCE_LANGUAGE>;

const CATALOGS: Record<Translation, () => Promise<{ messages: Messages }>> = {
  de: () => import('#client/locales/de/visitor.po'),
  fr: () => import('#client/locales/fr/visitor.po'),
  es: () => import('#client/locales/es/visitor.po'),
  ja: () => import('#client/locales/ja/visitor.po'),
  ar: () => import('#client/locales/ar/visitor.po'),
};

/**
 * The pseudo-locale build (`VITE_PSEUDO_LOCALE=1 npm run build:client`): every text through the
 * catalogs bracketed and lengthened, whatever the page's language, so a text left untranslated
 * (plain English) or cut off (no closing bracket) shows in a screenshot. Left out of any other build.
 */
const PSEUDO_LOCALE = import.meta.env.VITE_PSEUDO_LOCALE === '1';
const PSEUDO = 'en-XA';

i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: english });

export { i18n };

/**
 * The language the server wrote on `<html lang>`; English when it wrote none the site knows.
 * Vite's dev server sends index.html as it is, so there the switcher's cookie stands in for it.
 */
export function pageLanguage(): Language {
  if (import.meta.env.DEV) {
    const remembered = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([\\w-]+)`).exec(document.cookie)?.[1];
    if (isLanguage(remembered)) return remembered;
  }
  const language = document.documentElement.lang;
  return isLanguage(language) ? language : SOURCE_LANGUAGE;
}

const loaded = new Set<string>([SOURCE_LANGUAGE]);

/**
 * The catalog of a part of the site a visitor may never open (sign-in, a client's gallery, the
 * owner's screens): loaded with that part's code, English too, so the portfolio's first load carries none of its words.
 * Keyed by locale; the pseudo-locale's only in a pseudo-locale build.
 */
export type SectionCatalog = Partial<Record<Language | typeof PSEUDO, () => Promise<{ messages: Messages }>>>;

const sections = new Set<SectionCatalog>();
const sectionsLoaded = new Map<SectionCatalog, Set<string>>();

async function loadSection(section: SectionCatalog, locale: string): Promise<void> {
  const done = sectionsLoaded.get(section) ?? new Set<string>();
  sectionsLoaded.set(section, done);
  // A language's texts the section lacks fall back to English, which is loaded with it.
  for (const wanted of new Set([SOURCE_LANGUAGE, locale])) {
    const catalog = section[wanted as keyof SectionCatalog];
    if (done.has(wanted) || !catalog) continue;
    i18n.load(wanted, (await catalog()).messages);
    done.add(wanted);
  }
}

/**
 * Loads a part's catalog in the language shown now, and in every language the visitor switches to
 * later: a lazy screen waits for it (`router.tsx`), so it never draws English first.
 */
export async function addSectionCatalog(section: SectionCatalog): Promise<void> {
  sections.add(section);
  await loadSection(section, i18n.locale);
}

async function load(locale: Translation | typeof PSEUDO): Promise<void> {
  if (loaded.has(locale)) return;
  // Only a pseudo-locale build has the pseudo-locale's catalog: any other leaves it out.
  const catalog = locale !== PSEUDO ? CATALOGS[locale] : PSEUDO_LOCALE ? () => import('#client/locales/en-XA/visitor.po') : undefined;
  if (!catalog) return;
  i18n.load(locale, (await catalog()).messages);
  loaded.add(locale);
}

/**
 * Loads the language's catalog if need be and switches every text to it, with `<html lang dir>`
 * (dates, numbers and plurals follow `i18n.locale`).
 */
export async function activateLanguage(language: Language): Promise<void> {
  const locale = PSEUDO_LOCALE ? PSEUDO : language;
  await Promise.all([locale !== SOURCE_LANGUAGE ? load(locale) : undefined, ...[...sections].map((section) => loadSection(section, locale))]);
  i18n.activate(locale, PSEUDO_LOCALE ? [SOURCE_LANGUAGE] : [language]);
  const root = document.documentElement;
  if (root.lang !== language) root.lang = language;
  const direction = directionOf(language);
  if (root.dir !== direction) root.dir = direction;
}

/** The language every text is shown in now: the locale Intl formats dates and numbers for. */
export function currentLanguage(): Language {
  const language = i18n.locale;
  return isLanguage(language) ? language : pageLanguage();
}

/**
 * The visitor's switcher: remembers the choice for a year (a cookie the server reads, not an
 * account's setting) and drops a `?lang=` from the address, which would otherwise win on the next visit.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  const address = new URL(window.location.href);
  if (address.searchParams.has(LANGUAGE_QUERY)) {
    address.searchParams.delete(LANGUAGE_QUERY);
    window.history.replaceState(window.history.state, '', address);
  }
  await activateLanguage(language);
}

/**
 * The languages whose numbers Intl writes in the digits 0-9 (their default numbering system,
 * `latn`): a whole number without grouping is its own digits there. The unit test checks each
 * against Intl.
 */
const ASCII_DIGITS: ReadonlySet<string> = new Set<Language>(['en', 'de', 'fr', 'es', 'ja']);

/**
 * A photo's place or a count as the page's language writes its digits (Arabic-Indic in Arabic,
 * where the browser's locale data says so), without grouping: "3 / 1200" stays as English wrote it. Intl only where the digits differ: a
 * page's first Intl.NumberFormat loads the language's number data, 40-100 ms of a desktop's main
 * thread (four times that on a phone), which the photo page's "3 / 24" paid on every first visit.
 */
export function formatPlace(value: number): string {
  if (ASCII_DIGITS.has(i18n.locale) && Number.isSafeInteger(value)) return String(value);
  return i18n.number(value, { useGrouping: false });
}

/** The page's reading direction now, as `<html dir>` says (the viewer's keys and swipes follow it). */
export function readingDirection(): 'ltr' | 'rtl' {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}
