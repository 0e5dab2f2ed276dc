import { screens } from '#contract/screens.ts';

/* Kept apart from the login call: the session-end handler is in every page's first load, which
   carries no schema library. */

/**
 * Where to go after signing in: the `next` of the login URL when it is a path of this site
 * (never another origin: `//host` or `/\\host`), else the portfolio.
 */
export function returnPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return screens.home;
  return next;
}

/** The login screen, set to bring the owner back to `path` afterwards. */
export function loginPathReturningTo(path: string, { expired = false } = {}): string {
  const params = new URLSearchParams({ next: path });
  if (expired) params.set('expired', '1');
  return `${screens.login}?${params.toString()}`;
}
