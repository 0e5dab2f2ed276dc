/**
 * The screens of the site, the one matcher of a path to its screen (the server's pages and the
 * client's router), and the API calls a visitor's first screen makes. A visitor's first load
 * carries this module alone; routes.ts adds every other path of the API (owner, galleries, files).
 */

/** The screens a visitor or the owner can open; tried in this order (fixed paths before `/:username`). */
export const screens = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  clearCache: '/clear-cache',
  home: '/',
  photo: '/photo/:id',
  userHome: '/:username',
  userPhoto: '/:username/photo/:id',
  /** A client's gallery, opened from the owner's link. */
  gallery: '/g/:token',
} as const;

/** The calls of a visitor's first screen: who is signed in, the owner's header, the sections, a photo, the counts, a client's gallery. */
export const visitorApi = {
  currentUser: '/api/auth/user',
  portfolioOwner: '/api/portfolio-owner',
  photo: '/api/photos/:id',
  categories: '/api/categories',
  photos: '/api/photos',
  /** One section a page at a time, and every section's count with its first photos. */
  photoPage: '/api/photos/page',
  photoSections: '/api/photos/sections',
  events: '/api/events',
  /** What a gallery link's holder sees (its page embeds the answer: the key it is seeded under). */
  gallery: '/api/galleries/:token',
} as const;

/** The `:name` segments of a pattern, as the object `pathTo` needs. */
export type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** A pattern with its `:name` segments filled, each value URL-encoded: `pathTo(api.photo, { id: 3 })`. */
export function pathTo<Pattern extends string>(pattern: Pattern, ...[params]: keyof PathParams<Pattern> extends never ? [] : [PathParams<Pattern>]): string {
  if (!params) return pattern;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}

export type ScreenName = keyof typeof screens;

/**
 * The `:name` values of `pattern` in `path`, or null when it does not match: letters' case aside
 * (`/LOGIN` is the sign-in screen), one trailing slash allowed, no empty segment, a value never
 * empty and kept as the address has it (undecoded). The one matcher of the server's pages and the
 * client's router, so both always show the same screen for a path.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  if (path.includes('//')) return null;
  const expected = pattern.split('/');
  const actual = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return null;
      params[segment.slice(1)] = value;
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The first screen whose pattern matches `path`, with its `:name` values; null for none (a 404). */
export function matchScreen(path: string): { screen: ScreenName; params: Record<string, string> } | null {
  for (const [screen, pattern] of Object.entries(screens) as Array<[ScreenName, string]>) {
    const params = matchPath(pattern, path);
    if (params) return { screen, params };
  }
  return null;
}
