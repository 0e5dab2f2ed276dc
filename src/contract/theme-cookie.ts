/**
 * The visitor's own theme choice (light or dark), kept in a cookie so the server paints it before
 * the first frame. A module of its own, free of schemas: the client's first load reads it and
 * carries no schema library.
 */
export const THEME_COOKIE = 'atelier-theme';
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The theme a page is drawn in, as written on <html data-theme>: a visitor's choice or the owner's default. */
export function pageTheme<Default extends string>(cookieValue: string | undefined, ownerDefault: Default): 'light' | 'dark' | Default {
  return cookieValue === 'light' || cookieValue === 'dark' ? cookieValue : ownerDefault;
}
