/**
 * The languages the site speaks, and how a page names the one it is in. Plain data, free of
 * schemas: the client's first load reads it (the switcher, `<html lang dir>`) and carries no
 * schema library.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language the code's own texts are written in: every other one is a translation of it. */
export const SOURCE_LANGUAGE = 'en' satisfies Language;

/** A visitor's own choice, set by the switcher or by a `?lang=` link; remembered in the browser, not in an account. */
export const LANGUAGE_COOKIE = 'atelier-lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** `?lang=de` on any page's address: a link sent in its reader's language. */
export const LANGUAGE_QUERY = 'lang';

/** Each language in its own words, as a switcher lists it: a reader finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
};

/** Open Graph's `og:locale` of each (language_TERRITORY, as link previews read it). */
export const OG_LOCALES: Record<Language, string> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  ja: 'ja_JP',
  ar: 'ar_AR',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The reading direction, as written on `<html dir>`. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The languages of a list the site knows, once each, in the site's order (a stored list is read through it). */
export function knownLanguages(values: Iterable<string>): Language[] {
  const wanted = new Set(values);
  return LANGUAGES.filter((language) => wanted.has(language));
}
