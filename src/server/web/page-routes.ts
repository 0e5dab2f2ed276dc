import { matchScreen, type ScreenName } from '#contract/routes.ts';

/** The client's screens, as the server tells them apart for head tags and data. */
export type PageRoute =
  | { kind: 'portfolio' }
  | { kind: 'photo'; id: number | null }
  | { kind: 'screen'; name: FixedScreen }
  /** A client's gallery, opened from one of the owner's links. */
  | { kind: 'gallery'; token: string };

type FixedScreen = 'login' | 'forgot-password' | 'reset-password' | 'clear-cache';

/** What the server makes of each screen of the contract. */
const ROUTE_OF: Record<ScreenName, (params: Record<string, string>) => PageRoute> = {
  login: () => ({ kind: 'screen', name: 'login' }),
  forgotPassword: () => ({ kind: 'screen', name: 'forgot-password' }),
  resetPassword: () => ({ kind: 'screen', name: 'reset-password' }),
  clearCache: () => ({ kind: 'screen', name: 'clear-cache' }),
  home: () => ({ kind: 'portfolio' }),
  userHome: () => ({ kind: 'portfolio' }),
  photo: (params) => ({ kind: 'photo', id: photoId(params.id ?? '') }),
  userPhoto: (params) => ({ kind: 'photo', id: photoId(params.id ?? '') }),
  gallery: (params) => ({ kind: 'gallery', token: params.token ?? '' }),
};

/** A photo id from the path: digits only, else a photo that cannot exist. */
function photoId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The screen a path shows (the client's router matches the same way), or null when none has it (a 404). */
export function matchPageRoute(pathname: string): PageRoute | null {
  const match = matchScreen(pathname);
  return match ? ROUTE_OF[match.screen](match.params) : null;
}

export function isClientRoute(pathname: string): boolean {
  return matchPageRoute(pathname) !== null;
}
