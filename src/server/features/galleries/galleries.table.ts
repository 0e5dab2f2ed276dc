import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Language } from '#contract/languages.ts';
import type { GalleryCommentAuthor, GalleryDownloads, GalleryInvitationState, GalleryVerdictChoice } from '#contract/galleries.ts';

/** A link to a category for one recipient (migration 0010). */
export interface GalleryLinkTable {
  id: Generated<number>;
  categoryId: number;
  label: string;
  /**
   * SHA-256 (hex) of the token of the address /g/{token} (256 random bits, base64url): the token
   * itself is shown once, to the owner who makes the link, and kept nowhere.
   */
  tokenHash: string;
  /** The token's last 4 characters, for the owner to tell links apart. */
  tokenEnd: string;
  /** argon2id; null for a link without a password. Never leaves the server. */
  passwordHash: string | null;
  expiresAt: string | null;
  createdAt: string;
  /** Proofing (0013): 1 while the holder may pick photos; an optional cap; when the picks were sent. */
  proofing: Generated<number>;
  pickCap: number | null;
  picksSubmittedAt: string | null;
  /** Downloads (0012): 'none', 'display' or 'originals' (GalleryDownloads of the contract). */
  downloads: Generated<GalleryDownloads>;
  /**
   * The key of the device cookies of browsers that gave the password (0016): random, never leaves
   * the server, kept across password changes. Null: the link gives no device cookies.
   */
  deviceKey: string | null;
  /** When the owner revoked it (0018): it opens no more, and Undo may bring it back for a while. */
  revokedAt: Generated<string | null>;
  /** Comments and verdicts (0025): 1 while the holder may write on photos and mark them; off by default. */
  comments: Generated<number>;
  /** The most downloads the link gives (a photo or a ZIP counts one); null for no cap. */
  downloadLimit: Generated<number | null>;
  /** Downloads given since the link was made or the owner last reset the count. */
  downloadsUsed: Generated<number>;
  /**
   * The address's token (0026), kept only for a link made to be sent by mail (invitations,
   * reminders, the release); null for every other link.
   */
  token: Generated<string | null>;
  /** Days before the expiry the invited get a reminder (default 3); null: none. */
  expiryReminderDays: Generated<number | null>;
  /** Days after the first pick the invited are reminded of unsent picks; null: never (the default). */
  picksReminderDays: Generated<number | null>;
  /** Until then the link shows only its sneak peek (gallery_previews); null: the whole gallery. */
  releaseAt: Generated<string | null>;
  /** Its client's language (0030): its address's `?lang=` and its mails'; null: the site's default. */
  language: Generated<Language | null>;
}
export type GalleryLinkRow = Selectable<GalleryLinkTable>;
export type NewGalleryLinkRow = Insertable<GalleryLinkTable>;
export type GalleryLinkUpdate = Updateable<GalleryLinkTable>;

/** A photo a link's holder picked (proofing, migration 0013). */
export interface GalleryPickTable {
  linkId: number;
  photoId: number;
  pickedAt: string;
}

/** One comment of a photo's thread on a link, the client's or the owner's (0025). Plain text. */
export interface GalleryCommentTable {
  id: Generated<number>;
  linkId: number;
  photoId: number;
  author: GalleryCommentAuthor;
  text: string;
  createdAt: string;
}
export type GalleryCommentRow = Selectable<GalleryCommentTable>;

/** A client's verdict on a photo of a link (0025); no row is no verdict. */
export interface GalleryVerdictTable {
  linkId: number;
  photoId: number;
  verdict: GalleryVerdictChoice;
  decidedAt: string;
}

/** One recipient a link was sent to by mail (0026). */
export interface GalleryInvitationTable {
  id: Generated<number>;
  linkId: number;
  email: string;
  /** The owner's personal message of the last send; plain text. */
  message: string | null;
  /** The last invitation mail's outcome. */
  state: GalleryInvitationState;
  /** The mail server's answer when it refused, or the reason the mail could not go. */
  error: string | null;
  invitedAt: string;
  /** When the last invitation mail was delivered (to SMTP or the outbox). */
  sentAt: string | null;
  /** Invitation mails asked for: more than 1 is a resend. */
  sends: Generated<number>;
  /** The expiry the reminder was sent for: a reminder goes once per expiry, whoever runs it. */
  expiryRemindedFor: string | null;
  picksRemindedAt: string | null;
  /** The release date the opening mail was sent for. */
  releaseMailedFor: string | null;
}
export type GalleryInvitationRow = Selectable<GalleryInvitationTable>;

/** A photo a link shows before its release date (0026). */
export interface GalleryPreviewTable {
  linkId: number;
  photoId: number;
}
