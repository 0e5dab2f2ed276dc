/** The client's screens, as the server tells them apart for head tags and data. */
export type PageRoute =
  | { kind: 'portfolio' }
  | { kind: 'photo'; id: number | null }
  | { kind: 'screen'; name: 'login' | 'forgot-password' | 'reset-password' | 'clear-cache' };

const SCREENS = new Set(['login', 'forgot-password', 'reset-password', 'clear-cache']);

/** A photo id from the path: digits only, else a photo that cannot exist. */
function photoId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The screen a path shows, or null when no screen has it (a 404). */
export function matchPageRoute(pathname: string): PageRoute | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === '/') return { kind: 'portfolio' };
  const segments = trimmed.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return null;
  const [first, second, third] = segments;
  if (segments.length === 1 && first !== undefined) {
    return SCREENS.has(first) ? { kind: 'screen', name: first as 'login' } : { kind: 'portfolio' };
  }
  if (segments.length === 2 && first === 'photo' && second !== undefined) return { kind: 'photo', id: photoId(second) };
  if (segments.length === 3 && second === 'photo' && third !== undefined) return { kind: 'photo', id: photoId(third) };
  return null;
}

export function isClientRoute(pathname: string): boolean {
  return matchPageRoute(pathname) !== null;
}
