import { z } from 'zod';

/**
 * A link's activity, as the link's own requests show it (no tracking pixel, no third party), and
 * the owner's notices of it.
 */

/** What a link's holder did. `opened` is one visit (docs/privacy.md says how visits are told apart). */
export const GALLERY_EVENT_TYPES = ['opened', 'viewed', 'downloaded', 'picked', 'unpicked', 'submitted', 'commented', 'verdict'] as const;
export const GalleryEventType = z.enum(GALLERY_EVENT_TYPES);
export type GalleryEventType = z.infer<typeof GalleryEventType>;

/** A visit ends after this long without a request of its holder's (its cookie's lifetime). */
export const GALLERY_VISIT_MS = 30 * 60 * 1000;
/** Events are kept this long (and go with their link sooner). */
export const GALLERY_EVENTS_KEPT_DAYS = 365;
/** The most events a timeline answer holds, newest first. */
export const GALLERY_TIMELINE_MAX = 500;

export const GalleryLinkEvent = z.object({
  id: z.number().int(),
  type: GalleryEventType,
  /** ISO time. */
  at: z.string(),
  /** The photo viewed, downloaded, picked or commented on; null for the gallery as a whole (a visit, the ZIP, a submit). */
  photoId: z.number().int().nullable(),
  /** The photo's title as it is now; null without a photo, or for one since deleted. */
  photoTitle: z.string().nullable(),
  /** `zip` for a whole-gallery download; the verdict (approved, rejected, none) of a `verdict`. */
  detail: z.string().nullable(),
});
export type GalleryLinkEvent = z.infer<typeof GalleryLinkEvent>;

/** A link's counts, in the links list and above its timeline. */
export const GalleryLinkActivityCounts = z.object({
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  visits: z.number().int(),
  /** Photos looked at in the viewer, each counted once. */
  photosViewed: z.number().int(),
  downloads: z.number().int(),
  lastDownloadAt: z.string().nullable(),
  picks: z.number().int(),
  submits: z.number().int(),
  comments: z.number().int(),
});
export type GalleryLinkActivityCounts = z.infer<typeof GalleryLinkActivityCounts>;

export const noActivity: GalleryLinkActivityCounts = {
  firstOpenedAt: null,
  lastOpenedAt: null,
  visits: 0,
  photosViewed: 0,
  downloads: 0,
  lastDownloadAt: null,
  picks: 0,
  submits: 0,
  comments: 0,
};

export const GalleryLinkActivity = z.object({
  counts: GalleryLinkActivityCounts,
  /** Newest first, at most GALLERY_TIMELINE_MAX. */
  events: z.array(GalleryLinkEvent),
});
export type GalleryLinkActivity = z.infer<typeof GalleryLinkActivity>;

/** The kinds of notice the owner gets, and how each reaches them. */
export const NOTICE_KINDS = ['opened', 'submitted', 'downloaded', 'commented'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_DELIVERIES = ['now', 'digest', 'off'] as const;
export const NoticeDelivery = z.enum(NOTICE_DELIVERIES, { message: 'Delivery must be now, digest or off' });
export type NoticeDelivery = z.infer<typeof NoticeDelivery>;

/** Per kind: a mail at once, one daily digest, or no mail (the admin shows every notice). */
export const NoticeSettings = z.object({
  opened: NoticeDelivery,
  submitted: NoticeDelivery,
  downloaded: NoticeDelivery,
  commented: NoticeDelivery,
});
export type NoticeSettings = z.infer<typeof NoticeSettings>;
export const UpdateNoticeSettingsRequest = NoticeSettings.partial().strict();
export type UpdateNoticeSettingsRequest = z.infer<typeof UpdateNoticeSettingsRequest>;

/** The UTC hour from which the day's digest goes out. */
export const NOTICE_DIGEST_HOUR_UTC = 7;

export const Notice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  linkId: z.number().int(),
  categoryId: z.number().int(),
  /** What happened, in a sentence: 'Smith wedding opened "Wedding"'. */
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof Notice>;

/** The newest notices (at most 100), and how many are unread in all. */
export const Notices = z.object({ notices: z.array(Notice), unread: z.number().int() });
export type Notices = z.infer<typeof Notices>;

/** Marks these notices read, or every one when `ids` is absent. */
export const MarkNoticesReadRequest = z.object({ ids: z.array(z.number().int().positive()).max(1000).optional() }).strict();
export type MarkNoticesReadRequest = z.infer<typeof MarkNoticesReadRequest>;
