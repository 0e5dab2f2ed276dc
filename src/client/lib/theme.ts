import type { HeadingFont, ThemeDefault } from '#contract/portfolio.ts';
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS } from '#contract/theme-cookie.ts';
import { onServer, serverPage } from './server-render.ts';

/**
 * The page's theme lives on `<html data-theme>`, written by the server before the first paint
 * (src/server/web); the client only changes it when the visitor toggles or the owner's default
 * changes, and remembers a visitor's choice in a cookie the server reads on the next visit.
 */

const root = () => document.documentElement;
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The visitor's own choice, if they made one. */
export function rememberedTheme(): 'light' | 'dark' | null {
  const match = new RegExp(`(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)`).exec(document.cookie);
  return (match?.[1] as 'light' | 'dark' | undefined) ?? null;
}

/** Whether the page is dark now: chosen dark, or following a system that is dark. */
export function isDarkNow(): boolean {
  const theme = root().dataset.theme;
  return theme === 'dark' || (theme === 'system' && systemDark().matches);
}

/**
 * Whether the page was drawn dark as the server wrote it: the theme chosen dark. A system theme's
 * darkness is the browser's to tell, so the server's render, and the first render in the browser
 * that takes it over, draw it light; an effect then reads the system (`isDarkNow`).
 */
export function isDarkAsDrawn(): boolean {
  return (onServer ? serverPage().theme : root().dataset.theme) === 'dark';
}

/**
 * Calls back whenever the page turns dark or light, whatever the cause, and with `atOnce` right
 * away too (a component first drawn as the server drew it); returns the unsubscribe.
 */
export function onThemeChange(callback: () => void, { atOnce = false }: { atOnce?: boolean } = {}): () => void {
  const media = systemDark();
  const observer = new MutationObserver(callback);
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
  media.addEventListener('change', callback);
  if (atOnce) callback();
  return () => {
    observer.disconnect();
    media.removeEventListener('change', callback);
  };
}

/** The visitor's toggle: shows the theme at once and remembers it for a year. */
export function chooseTheme(theme: 'light' | 'dark'): void {
  root().dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** The owner's look as it is now (after a save in the settings), unless the visitor chose a theme. */
export function applyOwnerLook(look: { themeDefault: ThemeDefault; headingFont: HeadingFont }): void {
  if (!rememberedTheme() && root().dataset.theme !== look.themeDefault) root().dataset.theme = look.themeDefault;
  if (root().dataset.headingFont !== look.headingFont) root().dataset.headingFont = look.headingFont;
}
