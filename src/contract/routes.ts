/**
 * Every URL of the site, defined once. The server registers these patterns, the client's router
 * matches the screen patterns and builds its links and calls with `pathTo`, and tests use both.
 * The screens, the matcher and the few calls of a visitor's first screen live in screens.ts, so
 * a visitor's first load carries them and not every path of the owner's API.
 */
import { visitorApi } from './screens.ts';

export { matchPath, matchScreen, pathTo, screens, visitorApi, type PathParams, type ScreenName } from './screens.ts';

/** The JSON API. A pattern's `:name` segments are filled by `pathTo`. */
export const api = {
  ...visitorApi,
  login: '/api/login',
  logout: '/api/logout',
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
  /** Personal access tokens: the owner's tools authenticate with one (`Authorization: Bearer`). */
  tokens: '/api/tokens',
  token: '/api/tokens/:id',
  /** Webhooks: URLs the site calls when something happens (a photo uploaded, a gallery opened…). */
  webhooks: '/api/webhooks',
  webhook: '/api/webhooks/:id',
  webhookDeliveries: '/api/webhooks/:id/deliveries',
  webhookPing: '/api/webhooks/:id/ping',
  portfolioSettings: '/api/portfolio-settings',
  uploadBanner: '/api/upload-banner',
  contact: '/api/contact',
  messages: '/api/messages',
  message: '/api/messages/:id',
  messageRead: '/api/messages/:id/read',
  category: '/api/categories/:id',
  categoriesReorder: '/api/categories/reorder',
  categoryRestore: '/api/categories/:id/restore',
  /** POST sends photos; GET says what the upload takes on this server (HEIC and RAW need their tools). */
  photosUpload: '/api/photos/upload',
  photosReorder: '/api/photos/reorder',
  photosMove: '/api/photos/move',
  photosOrder: '/api/photos/order',
  photosDelete: '/api/photos/delete',
  photosRestore: '/api/photos/restore',
  /** The owner's admin, paged: every photo id of a section (select all), and a photo put in a place. */
  photoIds: '/api/photos/ids',
  photoPlace: '/api/photos/:id/place',
  /** A photo's file replaced in place: same photo, new copies (multipart, field `photo`). */
  photoFile: '/api/photos/:id/file',
  /** The owner's search of their photos a page at a time, every id it finds, and the cameras to filter by. */
  photoSearch: '/api/photos/search',
  photoSearchIds: '/api/photos/search/ids',
  photoCameras: '/api/photos/cameras',
  /** One change (title prefix, credit, licence, alt text) for a selection of photos. */
  photosEdit: '/api/photos/edit',
  /** A release's audio tracks: the list (a visitor's: the ready ones), an upload, the order, one track; a preview's bytes. */
  releaseAudio: '/api/photos/:id/audio',
  releaseAudioOrder: '/api/photos/:id/audio/order',
  releaseAudioTrack: '/api/photos/:id/audio/:trackId',
  audioPreview: '/api/audio/:name',
  /** What a track upload takes on this server (ffmpeg), and its limits. */
  audioUpload: '/api/photos/audio-upload',
  /** The owner's links to a category, and a link's holder's gallery. */
  categoryLinks: '/api/categories/:id/links',
  galleryLink: '/api/gallery-links/:id',
  /** Undo of a revoke, within the Undo window. */
  galleryLinkRestore: '/api/gallery-links/:id/restore',
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
  /** The owner's reset of a link's download count. */
  galleryLinkDownloadsReset: '/api/gallery-links/:id/downloads/reset',
  /**
   * Comments and verdicts per photo: the holder's threads, a comment and a verdict of theirs; the
   * owner's threads of a link and their answer on a photo.
   */
  galleryComments: '/api/galleries/:token/comments',
  galleryPhotoComments: '/api/galleries/:token/photos/:photoId/comments',
  galleryPhotoVerdict: '/api/galleries/:token/photos/:photoId/verdict',
  galleryLinkComments: '/api/gallery-links/:id/comments',
  /** A link sent by mail: its recipients, a send, a resend; the invitation's text, the owner's for every link. */
  galleryLinkInvitations: '/api/gallery-links/:id/invitations',
  galleryLinkInvitationResend: '/api/gallery-links/:id/invitations/:invitationId/resend',
  galleryInvitationTemplate: '/api/gallery-invitation-template',
  galleryLinkPhotoComments: '/api/gallery-links/:id/photos/:photoId/comments',
  /**
   * Activity: the viewer's signal that a photo was looked at (the link's own API, no third
   * party), the owner's timeline of a link; the owner's notices, read, and how they come.
   */
  galleryPhotoViewed: '/api/galleries/:token/photos/:photoId/viewed',
  galleryLinkActivity: '/api/gallery-links/:id/activity',
  notices: '/api/notices',
  noticesRead: '/api/notices/read',
  noticeSettings: '/api/notice-settings',
  /** The site's watermark, a logo for one, the render pass's progress, a category's own. */
  watermark: '/api/watermark',
  watermarkLogo: '/api/watermark/logo',
  watermarkProgress: '/api/watermark/progress',
  categoryWatermark: '/api/categories/:id/watermark',
  /** Background work that failed for good, for the owner to try again or dismiss. */
  failedJobs: '/api/jobs/failed',
  jobRetry: '/api/jobs/:id/retry',
  job: '/api/jobs/:id',
  statistics: '/api/statistics',
  openApi: '/api/openapi.json',
} as const;

/**
 * The plain forms a page posts when the browser runs no script (urlencoded), each answered with a
 * page or a redirect to one, never JSON (docs/decisions/0018). The contact form's is
 * `CONTACT_FORM_POST` (contact-form.ts), in a visitor's first load.
 */
export const formPosts = {
  /** A client's gallery's password: a 303 back to the gallery once it opens. */
  galleryUnlock: '/g/:token/unlock',
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
