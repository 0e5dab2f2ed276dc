/**
 * Every URL of the site, defined once. The server registers these patterns, the client's router
 * matches the screen patterns and builds its links and calls with `pathTo`, and tests use both.
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

/** The JSON API. A pattern's `:name` segments are filled by `pathTo`. */
export const api = {
  login: '/api/login',
  logout: '/api/logout',
  currentUser: '/api/auth/user',
  changePassword: '/api/change-password',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  signInLink: '/api/sign-in-link',
  useSignInLink: '/api/sign-in-link/use',
  secondStep: '/api/login/second-step',
  passkeySignInOptions: '/api/login/passkey/options',
  passkeySignIn: '/api/login/passkey',
  security: '/api/security',
  securityConfirm: '/api/security/confirm',
  passkeyRegisterOptions: '/api/security/passkeys/options',
  passkeys: '/api/security/passkeys',
  passkey: '/api/security/passkeys/:id',
  passkeyKeep: '/api/security/passkeys/:id/keep',
  totpSetup: '/api/security/totp/setup',
  totpConfirm: '/api/security/totp/confirm',
  totp: '/api/security/totp',
  recoveryCodes: '/api/security/recovery-codes',
  sessions: '/api/sessions',
  session: '/api/sessions/:id',
  sessionsSignOutOthers: '/api/sessions/sign-out-others',
  portfolioSettings: '/api/portfolio-settings',
  uploadBanner: '/api/upload-banner',
  contact: '/api/contact',
  messages: '/api/messages',
  message: '/api/messages/:id',
  messageRead: '/api/messages/:id/read',
  portfolioOwner: '/api/portfolio-owner',
  categories: '/api/categories',
  category: '/api/categories/:id',
  categoriesReorder: '/api/categories/reorder',
  categoryRestore: '/api/categories/:id/restore',
  photos: '/api/photos',
  photo: '/api/photos/:id',
  /** POST sends photos; GET says what the upload takes on this server (HEIC and RAW need their tools). */
  photosUpload: '/api/photos/upload',
  photosReorder: '/api/photos/reorder',
  photosMove: '/api/photos/move',
  photosOrder: '/api/photos/order',
  photosDelete: '/api/photos/delete',
  photosRestore: '/api/photos/restore',
  /** One section a page at a time, and every section's count with its first photos. */
  photoPage: '/api/photos/page',
  photoSections: '/api/photos/sections',
  /** The owner's admin, paged: every photo id of a section (select all), and a photo put in a place. */
  photoIds: '/api/photos/ids',
  photoPlace: '/api/photos/:id/place',
  /** The owner's links to a category, and a link's holder's gallery. */
  categoryLinks: '/api/categories/:id/links',
  galleryLink: '/api/gallery-links/:id',
  /** Undo of a revoke, within the Undo window. */
  galleryLinkRestore: '/api/gallery-links/:id/restore',
  gallery: '/api/galleries/:token',
  galleryUnlock: '/api/galleries/:token/unlock',
  /** Proofing: a holder's picks (list, add, remove, send), and the owner's view of a link's picks. */
  galleryPicks: '/api/galleries/:token/picks',
  galleryPick: '/api/galleries/:token/picks/:photoId',
  galleryPicksSubmit: '/api/galleries/:token/picks/submit',
  galleryLinkPicks: '/api/gallery-links/:id/picks',
  galleryLinkPicksCsv: '/api/gallery-links/:id/picks/csv',
  galleryLinkPicksReopen: '/api/gallery-links/:id/picks/reopen',
  /** Downloads by the link's policy: one photo, and the whole gallery as one ZIP. */
  galleryPhotoDownload: '/api/galleries/:token/photos/:photoId/download',
  galleryDownload: '/api/galleries/:token/download',
  /** The site's watermark, a logo for one, the render pass's progress, a category's own. */
  watermark: '/api/watermark',
  watermarkLogo: '/api/watermark/logo',
  watermarkProgress: '/api/watermark/progress',
  categoryWatermark: '/api/categories/:id/watermark',
  /** Background work that failed for good, for the owner to try again or dismiss. */
  failedJobs: '/api/jobs/failed',
  jobRetry: '/api/jobs/:id/retry',
  job: '/api/jobs/:id',
  events: '/api/events',
  statistics: '/api/statistics',
  openApi: '/api/openapi.json',
} as const;

/** Files and documents served beside the API and the screens. */
export const files = {
  upload: '/uploads/:filename',
  /** A non-public gallery's copies, for the signed-in owner. */
  restrictedFile: '/restricted/:filename',
  /** A gallery's copies, for whoever holds its link (and its password's cookie). */
  galleryFile: '/g/:token/files/:filename',
  sitemap: '/sitemap.xml',
  /** The Atom feed of new public photos and releases. */
  feed: '/feed.xml',
  robots: '/robots.txt',
  health: '/healthz',
  ready: '/readyz',
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
