import type { Generated, Selectable } from 'kysely';
import type { GalleryEventType, NoticeDelivery, NoticeKind } from '#contract/gallery-activity.ts';

/**
 * One thing a link's holder did (migration 0027): never their address or user agent. `once` makes
 * an event once only per link (a photo viewed once per visit: `viewed:{visit}:{photoId}`; a
 * visit's `opened:{visit}`); null for events that may repeat.
 */
export interface GalleryLinkEventTable {
  id: Generated<number>;
  linkId: number;
  type: GalleryEventType;
  photoId: number | null;
  detail: string | null;
  once: string | null;
  createdAt: string;
}
export type GalleryLinkEventRow = Selectable<GalleryLinkEventTable>;

/** A notice to the owner of what a link's holder did (0027): read in the admin, mailed at once or in the digest. */
export interface GalleryNoticeTable {
  id: Generated<number>;
  userId: number;
  linkId: number;
  kind: NoticeKind;
  photoId: number | null;
  text: string;
  /** How it was to reach the owner when it was made: 'now', 'digest' or 'off'. */
  delivery: NoticeDelivery;
  /** Unique when set: the first open and the first download of a link are one notice each. */
  once: string | null;
  createdAt: string;
  readAt: string | null;
  /** When its mail was queued (at once, or in a digest); null while a digest still owes it. */
  mailedAt: string | null;
}
export type GalleryNoticeRow = Selectable<GalleryNoticeTable>;

/** The owner's choice per kind of notice, and the last UTC day a digest went out (0027). */
export interface GalleryNoticeSettingsTable {
  userId: number;
  opened: Generated<NoticeDelivery>;
  submitted: Generated<NoticeDelivery>;
  downloaded: Generated<NoticeDelivery>;
  commented: Generated<NoticeDelivery>;
  digestDay: string | null;
}
