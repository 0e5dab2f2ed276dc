import { isLanguage, type Language } from '#contract/languages.ts';
import type { SiteLanguages } from '#server/features/owner/owner.service.ts';

/**
 * The language a page is built in. A `?lang=` in the address wins (a link sent in its reader's
 * language), then the visitor's remembered choice (the switcher's cookie), then the browser's
 * Accept-Language by its q-values, then the site's default; only languages the owner offers.
 */

/** What a request says of its reader's language. */
export interface LanguageAsked {
  query: unknown;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

export interface PageLanguage {
  language: Language;
  /** Chosen by the address's `?lang=`: the page's canonical address names it too, and the cookie remembers it. */
  fromQuery: boolean;
}

interface LanguageRange {
  /** Lower case: `de-ch`, `*`. */
  range: string;
  quality: number;
  /** Its place in the header, which breaks a tie of quality. */
  order: number;
}

/**
 * The ranges of an Accept-Language header, the most wanted first; a range with q=0 is refused, and
 * what does not parse is left out (the header is the browser's, or anyone's).
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  for (const [order, part] of header.split(',').slice(0, 50).entries()) {
    const [rawRange, ...parameters] = part.trim().split(';');
    const range = rawRange?.trim().toLowerCase() ?? '';
    if (!/^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/.test(range)) continue;
    let quality = 1;
    for (const parameter of parameters) {
      // A q-value past 1 is held to 1; one that is not a number leaves the default.
      const match = /^\s*q\s*=\s*(\d+(?:\.\d+)?)\s*$/i.exec(parameter);
      if (match?.[1] !== undefined) quality = Math.min(1, Number(match[1]));
    }
    if (quality > 0) ranges.push({ range, quality, order });
  }
  return ranges.sort((a, b) => b.quality - a.quality || a.order - b.order).map(({ range }) => range);
}

/** The first offered language a range asks for: `de-CH` takes `de`; `*` takes the default. */
function matchRange(range: string, site: SiteLanguages): Language | undefined {
  if (range === '*') return site.defaultLanguage;
  const primary = range.split('-')[0];
  return site.languages.find((language) => language === primary);
}

function offered(value: unknown, site: SiteLanguages): Language | undefined {
  return isLanguage(value) && site.languages.includes(value) ? value : undefined;
}

export function negotiateLanguage(asked: LanguageAsked, site: SiteLanguages): PageLanguage {
  const fromQuery = offered(asked.query, site);
  if (fromQuery) return { language: fromQuery, fromQuery: true };
  const remembered = offered(asked.cookie, site);
  if (remembered) return { language: remembered, fromQuery: false };
  for (const range of parseAcceptLanguage(asked.acceptLanguage)) {
    const language = matchRange(range, site);
    if (language) return { language, fromQuery: false };
  }
  return { language: site.defaultLanguage, fromQuery: false };
}
