import { escapeHtml, jsonForScript } from '#server/lib/html.ts';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#contract/page-data.ts';
import { ENTRY_SCRIPT_ELEMENT_ID, LATER_SCRIPTS_ELEMENT_ID, SCREEN_SCRIPTS_ELEMENT_ID } from '#contract/page-data-element.ts';
import { files } from '#contract/routes.ts';
import type { HeadingFont, ThemeDefault } from '#contract/portfolio.ts';
import { directionOf, LANGUAGE_QUERY, OG_LOCALES, type Language } from '#contract/languages.ts';

export interface PageImage {
  /** Absolute. */
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/** An image the page will show at once, fetched before the script has even run. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute. */
  canonicalUrl?: string;
  siteName: string;
  type: 'website' | 'article';
  image?: PageImage;
  /** Screens with nothing to find (sign-in, 404) stay out of search results. */
  noIndex?: boolean;
  preloads?: ImagePreload[];
  /** Scripts of the screen beyond the entry (`route-chunks.ts`), fetched beside it. */
  modulePreloads?: string[];
  /** Scripts of a screen the server drew, beyond the entry: the client fetches them once the page is shown. */
  screenScripts?: string[];
  /** Scripts the page may run later (`route-chunks.ts`): the client fetches them once it is idle, and runs none. */
  prefetches?: string[];
  /** Schema.org structured data (`structured-data.ts`), for search engines; no script runs it. */
  jsonLd?: Record<string, unknown>;
  /** The page's language and the site's others: og:locale and its alternates, and the hreflang links. */
  languages?: PageLanguages;
}

export interface PageLanguages {
  current: Language;
  /** Every language the site offers, `current` among them. */
  offered: readonly Language[];
  /** Asked for by `?lang=` in the address: the canonical address says it too, so each language's page is its own. */
  inAddress: boolean;
}

/** The address with `?lang=` set to the language (a page's canonical address has no query of its own). */
export function withLanguage(url: string, language: Language): string {
  const address = new URL(url);
  address.searchParams.set(LANGUAGE_QUERY, language);
  return address.toString();
}

/**
 * A page in several languages says so: og:locale and its alternates for link previews, and for
 * an indexed page one hreflang link per language (its address with `?lang=`) and `x-default`,
 * the address without it, whose language the reader's browser decides.
 */
function languageTags(page: PageMeta): string[] {
  const languages = page.languages;
  if (!languages) return [];
  const tags = [
    meta('property', 'og:locale', OG_LOCALES[languages.current]),
    ...languages.offered
      .filter((language) => language !== languages.current)
      .map((language) => meta('property', 'og:locale:alternate', OG_LOCALES[language])),
  ];
  const base = page.canonicalUrl;
  if (base && !page.noIndex && languages.offered.length > 1) {
    tags.push(
      ...languages.offered.map(
        (language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(withLanguage(base, language))}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(base)}" />`,
    );
  }
  return tags;
}

/** Link previews cut long texts anyway; a sentence or two is what they show. */
const DESCRIPTION_MAX = 200;

export function excerpt(text: string | null | undefined, max = DESCRIPTION_MAX): string | undefined {
  const flat = text?.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

function meta(attribute: 'name' | 'property', key: string, content: string | number | undefined): string {
  if (content === undefined || content === '') return '';
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;
}

/** `<title>`, description, canonical link, Open Graph and Twitter card tags; every value escaped. */
export function renderHeadTags(page: PageMeta): string {
  const { image } = page;
  const canonicalUrl =
    page.canonicalUrl && page.languages?.inAddress ? withLanguage(page.canonicalUrl, page.languages.current) : page.canonicalUrl;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.noIndex ? meta('name', 'robots', 'noindex') : '',
    canonicalUrl ? `<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />` : '',
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:type', page.type),
    meta('property', 'og:url', canonicalUrl),
    ...languageTags(page),
    meta('property', 'og:image', image?.url),
    meta('property', 'og:image:width', image?.width),
    meta('property', 'og:image:height', image?.height),
    meta('property', 'og:image:alt', image?.alt),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image?.url),
    meta('name', 'twitter:image:alt', image?.alt),
    ...(page.preloads ?? []).map(
      (preload) =>
        `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(preload.href)}"` +
        (preload.srcset ? ` imagesrcset="${escapeHtml(preload.srcset)}"` : '') +
        (preload.sizes ? ` imagesizes="${escapeHtml(preload.sizes)}"` : '') +
        ' />',
    ),
    // `crossorigin` as on the entry's own script tag, so the preloaded module is the one used.
    ...(page.modulePreloads ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    // Inert in templates: fetched once the page is shown (the drawn screen's scripts) or once
    // the client has it running (the dialogs'), never beside the first screen's own files.
    page.screenScripts?.length
      ? `<template id="${SCREEN_SCRIPTS_ELEMENT_ID}">${page.screenScripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`).join('')}</template>`
      : '',
    page.prefetches?.length
      ? `<template id="${LATER_SCRIPTS_ELEMENT_ID}">${page.prefetches.map((href) => `<link rel="prefetch" as="script" crossorigin href="${escapeHtml(href)}" />`).join('')}</template>`
      : '',
    // Every page names the feed of new photos and releases, for feed readers.
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(page.siteName)}" href="${files.feed}" />`,
    // jsonForScript leaves no `<` in it, so no value can end the element early.
    page.jsonLd ? `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The built index.html, split once at start around the places each request fills: the head tags
 * (where the template's own `<title>` was) and the page data (before `</body>`).
 */
export interface PageTemplate {
  beforeHead: string;
  /**
   * The build's stylesheets and entry script, which the template had after its title: a page puts
   * them before its own tags, its image preloads and its screen's scripts, as the stylesheet holds
   * the first paint back (a photo page's dozen script preloads ahead of it delayed it on a slow
   * connection). A page the server alone draws keeps the stylesheets only.
   */
  stylesheets: string[];
  entryScripts: string[];
  betweenHeadAndData: string;
  afterData: string;
  /** Where in `betweenHeadAndData` the server-rendered screen goes: just inside `<div id="root">`; -1 when it has none. */
  rootContent: number;
}

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;
const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*><\/script>/gi;

export function parseTemplate(html: string): PageTemplate {
  const titleMatch = /<title>[\s\S]*?<\/title>/i.exec(html);
  let head: number;
  let rest: string;
  let beforeHead: string;
  if (titleMatch) {
    head = titleMatch.index;
    beforeHead = html.slice(0, head);
    rest = html.slice(head + titleMatch[0].length);
  } else {
    head = html.search(/<\/head>/i);
    if (head < 0) throw new Error('index.html has no </head>');
    beforeHead = html.slice(0, head);
    rest = html.slice(head);
  }
  const headEnd = rest.search(/<\/head>/i);
  const headRest = headEnd < 0 ? '' : rest.slice(0, headEnd);
  const stylesheets = headRest.match(STYLESHEET) ?? [];
  const entryScripts = headRest.match(ENTRY_SCRIPT) ?? [];
  if (headEnd >= 0) rest = headRest.replace(STYLESHEET, '').replace(ENTRY_SCRIPT, '').replace(/\n\s*(?=\n)/g, '') + rest.slice(headEnd);
  const bodyEnd = rest.search(/<\/body>/i);
  if (bodyEnd < 0) throw new Error('index.html has no </body>');
  // Each page writes its own language and direction on <html>.
  beforeHead = beforeHead.replace(/<html\b[^>]*>/i, (tag) => tag.replace(/\s(?:lang|dir)="[^"]*"/gi, ''));
  const betweenHeadAndData = rest.slice(0, bodyEnd);
  const root = /<div id="root">/i.exec(betweenHeadAndData);
  return {
    beforeHead,
    stylesheets,
    entryScripts,
    betweenHeadAndData,
    afterData: rest.slice(bodyEnd),
    rootContent: root ? root.index + root[0].length : -1,
  };
}

/**
 * What the server writes on `<html>` so the first paint already has the right language, reading
 * direction, theme and typeface.
 */
export interface PageLook {
  language: Language;
  theme: ThemeDefault;
  headingFont: HeadingFont;
}

/**
 * The template's start, with the page's language, direction, theme and heading font on `<html>`,
 * then `files`.
 */
function htmlWithLook(template: PageTemplate, look: PageLook, files: string[]): string {
  const lookAttributes =
    ` lang="${escapeHtml(look.language)}" dir="${directionOf(look.language)}"` +
    ` data-theme="${escapeHtml(look.theme)}" data-heading-font="${escapeHtml(look.headingFont)}"`;
  return template.beforeHead.replace(/<html\b/i, (tag) => tag + lookAttributes) + files.map((file) => `${file}\n    `).join('');
}

/**
 * `screen`: the first screen's HTML, rendered on the server (`screen-render.ts`), for inside
 * `<div id="root">`. A page with one names `bootScript` (src/client/boot.ts) where the entry was,
 * and keeps the entry's tag in a template the boot brings in once the page is shown.
 */
export function renderPage(template: PageTemplate, page: PageMeta, data: PageData, look: PageLook, screen = '', bootScript: string | null = null): string {
  const scripts =
    screen && bootScript
      ? [
          `<script type="module" crossorigin src="${escapeHtml(bootScript)}"></script>`,
          `<template id="${ENTRY_SCRIPT_ELEMENT_ID}">${template.entryScripts.join('')}</template>`,
        ]
      : template.entryScripts;
  return (
    htmlWithLook(template, look, [...template.stylesheets, ...scripts]) +
    renderHeadTags(page) +
    (screen && template.rootContent >= 0
      ? template.betweenHeadAndData.slice(0, template.rootContent) + screen + template.betweenHeadAndData.slice(template.rootContent)
      : template.betweenHeadAndData) +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>\n  ` +
    template.afterData
  );
}

/**
 * A page the server alone draws, for a browser that runs no script (the answer to a contact form
 * posted without it): the template's head and stylesheets around the screen, without the entry
 * script or data, so nothing hydrates or redraws it.
 */
export function renderServerOnlyPage(template: PageTemplate, page: PageMeta, look: PageLook, screen: string): string {
  return (
    htmlWithLook(template, look, template.stylesheets) +
    renderHeadTags(page) +
    `\n  </head>\n  <body>\n    <div id="root">${screen}</div>\n  </body>\n</html>\n`
  );
}
