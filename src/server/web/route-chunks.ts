import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import type { PageRoute } from './page-routes.ts';

/**
 * The scripts a page's screen needs beyond the entry, for `<link rel="modulepreload">` in its head.
 * The client loads every screen but the portfolio lazily, which keeps them out of a visitor's first
 * load; a page that opens on one of them (a shared photo link above all) names the screen's chunks
 * in its head, so the browser fetches them beside the entry instead of after it has run.
 */

/** What the build's `.vite/manifest.json` says of each chunk (the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The source of each lazily loaded screen, as the manifest names it (src/client/app/router.tsx). */
const SCREEN_SOURCES = {
  photo: 'src/client/app/routes/photo-detail.tsx',
  gallery: 'src/client/app/routes/gallery.tsx',
  notFound: 'src/client/app/routes/not-found.tsx',
  login: 'src/client/app/routes/login.tsx',
  'forgot-password': 'src/client/app/routes/forgot-password.tsx',
  'reset-password': 'src/client/app/routes/reset-password.tsx',
  'clear-cache': 'src/client/app/routes/clear-cache.tsx',
} as const;

type ScreenKey = keyof typeof SCREEN_SOURCES;

export type RouteChunks = (route: PageRoute | null) => string[];
/** The scripts a page fetches once it has loaded, for `<link rel="prefetch">` in its head. */
export type PrefetchChunks = (route: PageRoute | null) => string[];
/** The script of a language's visitor catalog (none for English, which the entry carries). */
export type CatalogChunks = (language: Language, route?: PageRoute | null) => string[];

/** Where each language's visitor catalog is compiled from (lingui.config.ts, src/client/lib/i18n.ts). */
const catalogSource = (language: Language) => `src/client/locales/${language}/visitor.po`;

/** The screens with a catalog of their own, loaded with them (src/client/app/section-catalogs.ts). */
const SECTION_OF: Partial<Record<ScreenKey, string>> = {
  login: 'sign-in',
  'forgot-password': 'sign-in',
  'reset-password': 'sign-in',
  gallery: 'gallery',
};
const sectionSource = (section: string, language: Language) => `src/client/locales/${language}/${section}.po`;

function screenOf(route: PageRoute | null): ScreenKey | null {
  if (route === null) return 'notFound';
  if (route.kind === 'photo') return 'photo';
  if (route.kind === 'gallery') return 'gallery';
  if (route.kind === 'screen') return route.name;
  return null;
}

/** The files of `keys` and of every chunk they import statically, each once. */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** Paths of the chunks each screen needs and the entry does not bring, from a parsed manifest. */
export function routeChunksFrom(manifest: Manifest): RouteChunks {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = closure(manifest, entryKeys);
  const byScreen = new Map<ScreenKey, string[]>();
  for (const [screen, source] of Object.entries(SCREEN_SOURCES) as [ScreenKey, string][]) {
    const files = [...closure(manifest, [source])].filter((file) => !loaded.has(file) && file.endsWith('.js'));
    byScreen.set(screen, files.map((file) => `/${file}`));
  }
  return (route) => {
    const screen = screenOf(route);
    return screen ? (byScreen.get(screen) ?? []) : [];
  };
}

/**
 * The catalogs a page loads before its first screen: the visitor's in another language than
 * English, and the screen's own (sign-in, a gallery) in English and the page's language. Named in
 * its head, the browser fetches them beside the entry instead of after the entry has run.
 */
export function catalogChunksFrom(manifest: Manifest): CatalogChunks {
  const byLanguage = new Map<Language, string[]>();
  for (const language of LANGUAGES) {
    const chunk = language === SOURCE_LANGUAGE ? undefined : manifest[catalogSource(language)];
    byLanguage.set(language, chunk ? [`/${chunk.file}`] : []);
  }
  const fileOf = (source: string) => {
    const chunk = manifest[source];
    return chunk ? [`/${chunk.file}`] : [];
  };
  return (language, route = undefined) => {
    const screen = route === undefined ? null : screenOf(route);
    const section = screen ? SECTION_OF[screen] : undefined;
    const own = section ? [...new Set<Language>([SOURCE_LANGUAGE, language])].flatMap((wanted) => fileOf(sectionSource(section, wanted))) : [];
    return [...(byLanguage.get(language) ?? []), ...own];
  };
}

/**
 * What the portfolio and a photo's page open without leaving the page: the viewer, a release's
 * player, the About text (src/client/app/portfolio/lazy-dialogs.tsx) and the toaster. Their
 * scripts are fetched once the page has loaded, at the browser's lowest priority, and run only
 * when the visitor reaches for them: run at idle instead, they were four long tasks of a phone
 * at 4× CPU while the visitor looked at the page. The contact form waits for its button's hover.
 */
const OPENED_IN_PAGE = [
  'src/client/features/photos/components/photo-dialog.tsx',
  'src/client/features/music/components/release-dialog.tsx',
  'src/client/features/owner/components/about-dialog.tsx',
  'src/client/components/ui/toaster.tsx',
];

/** Paths of the chunks `OPENED_IN_PAGE` needs beyond the entry and the page's own screen. */
export function prefetchChunksFrom(manifest: Manifest, routeChunks: RouteChunks): PrefetchChunks {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = closure(manifest, entryKeys);
  const files = [...closure(manifest, OPENED_IN_PAGE)].filter((file) => !loaded.has(file) && file.endsWith('.js')).map((file) => `/${file}`);
  return (route) => {
    if (route?.kind !== 'portfolio' && route?.kind !== 'photo') return [];
    const preloaded = new Set(routeChunks(route));
    return files.filter((file) => !preloaded.has(file));
  };
}

/** From the built client's manifest; no preloads when there is none (a client built without it). */
/** The source of the boot a page the server drew runs first (src/client/boot.ts, vite.config.ts). */
const BOOT_SOURCE = 'src/client/boot.ts';

export interface ClientChunks {
  routeChunks: RouteChunks;
  catalogChunks: CatalogChunks;
  prefetchChunks: PrefetchChunks;
  /** The boot's script, or null in a client built without it (the entry is then named as it is). */
  bootScript: string | null;
}

export const NO_CHUNKS: ClientChunks = { routeChunks: () => [], catalogChunks: () => [], prefetchChunks: () => [], bootScript: null };

export function readChunks(clientDir: string): ClientChunks {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return NO_CHUNKS;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const routeChunks = routeChunksFrom(manifest);
  const boot = manifest[BOOT_SOURCE];
  return {
    routeChunks,
    catalogChunks: catalogChunksFrom(manifest),
    prefetchChunks: prefetchChunksFrom(manifest, routeChunks),
    bootScript: boot ? `/${boot.file}` : null,
  };
}
