import { screens } from '#contract/routes.ts';

/** The client's screens, as the server tells them apart for head tags and data. */
export type PageRoute =
  | { kind: 'portfolio' }
  | { kind: 'photo'; id: number | null }
  | { kind: 'screen'; name: ScreenName }
  /** A client's gallery, opened from one of the owner's links (issue 16). */
  | { kind: 'gallery'; token: string };

type ScreenName = 'login' | 'forgot-password' | 'reset-password' | 'clear-cache';

const segmentsOf = (path: string) => (path === '/' ? [] : path.slice(1).split('/'));

/**
 * Each screen pattern of the contract, tried in its order, split into its segments once (every
 * page request is matched, counted ones twice), with what the server makes of it.
 */
const PATTERNS: Array<{ expected: string[]; route: (params: Record<string, string>) => PageRoute }> = [
  ...[screens.login, screens.forgotPassword, screens.resetPassword, screens.clearCache].map((pattern) => ({
    expected: segmentsOf(pattern),
    route: () => ({ kind: 'screen' as const, name: pattern.slice(1) as ScreenName }),
  })),
  ...[screens.home, screens.userHome].map((pattern) => ({ expected: segmentsOf(pattern), route: () => ({ kind: 'portfolio' as const }) })),
  ...[screens.photo, screens.userPhoto].map((pattern) => ({
    expected: segmentsOf(pattern),
    route: (params: Record<string, string>) => ({ kind: 'photo' as const, id: photoId(params.id ?? '') }),
  })),
  { expected: segmentsOf(screens.gallery), route: (params) => ({ kind: 'gallery' as const, token: params.token ?? '' }) },
];

/** The `:name` values of a pattern's segments in `segments`, or null when it does not match. */
function matchPattern(expected: string[], segments: string[]): Record<string, string> | null {
  if (expected.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** A photo id from the path: digits only, else a photo that cannot exist. */
function photoId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The screen a path shows, or null when no screen has it (a 404). */
export function matchPageRoute(pathname: string): PageRoute | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = segmentsOf(trimmed);
  if (segments.some((segment) => segment === '')) return null;
  for (const { expected, route } of PATTERNS) {
    const params = matchPattern(expected, segments);
    if (params) return route(params);
  }
  return null;
}

export function isClientRoute(pathname: string): boolean {
  return matchPageRoute(pathname) !== null;
}
