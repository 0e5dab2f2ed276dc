import { z } from 'zod';
import { Category } from './categories.ts';
import { controlsMessage, PASSWORD_MAX_LENGTH, withoutControls } from './common.ts';
import type { ErrorCode, ErrorParams } from './error-codes.ts';
import { fileNameStem } from './file-name-titles.ts';
import { GalleryLinkActivityCounts } from './gallery-activity.ts';
import { LANGUAGE_QUERY } from './languages.ts';
import { Photo } from './photos.ts';
import { Language } from './portfolio.ts';
import { pathTo, screens } from './screens.ts';

/**
 * Galleries for clients: the owner's links to a category, one per recipient, each
 * with a label, an optional password and an optional expiry. A link's address carries a token of
 * 256 bits; its password is stored as an argon2id hash and returned by no API.
 */

export const GALLERY_LINK_LABEL_MAX = 200;
/** Tries of a link's password per address, and per link from every address, in a quarter hour. */
export const GALLERY_PASSWORD_TRIES = 10;

/**
 * What a link's holder may download: nothing, the display copies, or the uploaded originals with
 * their location data removed. One photo at a time, or the whole gallery as one ZIP.
 */
export const GALLERY_DOWNLOADS = ['none', 'display', 'originals'] as const;
export const GalleryDownloads = z.enum(GALLERY_DOWNLOADS, { message: 'Downloads must be none, display or originals' });
export type GalleryDownloads = z.infer<typeof GalleryDownloads>;

export const GalleryLink = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** Who it is for: "Smith wedding, parents". */
  label: z.string(),
  /** The last 4 characters of the address's token: the address itself is shown only when made. */
  tokenEnd: z.string(),
  hasPassword: z.boolean(),
  /** ISO time after which the link answers 404; null for none. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Proofing: whether the holder may pick photos, the most they may pick (null: no cap), how many they have. */
  proofing: z.boolean(),
  pickCap: z.number().int().nullable(),
  pickCount: z.number().int(),
  /** When the holder sent their picks (then locked until the owner reopens them); null while open. */
  picksSubmittedAt: z.string().nullable(),
  downloads: GalleryDownloads,
  /** Whether the holder may comment on photos and give each a verdict (off by default). */
  comments: z.boolean(),
  /** The most downloads the link gives, a photo or a ZIP counting one; null for no cap. */
  downloadLimit: z.number().int().nullable(),
  /** Downloads given since the link was made or its count was last reset. */
  downloadsUsed: z.number().int(),
  /** What its holder did with it: visits, photos viewed, downloads, picks, submits, comments. */
  activity: GalleryLinkActivityCounts,
  /** Whether the site keeps the address to mail it (invitations, reminders): chosen when the link is made. */
  mailable: z.boolean(),
  /** Days before the expiry its invited recipients get a reminder; null: none. */
  expiryReminderDays: z.number().int().nullable(),
  /** Days after the first pick the invited are reminded of picks not sent; null: never. */
  picksReminderDays: z.number().int().nullable(),
  /** Until then (ISO time) the link shows only `previewPhotoIds`, the sneak peek; null: the whole gallery. */
  releaseAt: z.string().nullable(),
  previewPhotoIds: z.array(z.number().int()),
  /** How many recipients it was sent to by mail. */
  invitationCount: z.number().int(),
  /** Its client's language: its address opens the gallery in it, its mails are written in it; null: the site's default. */
  language: Language.nullable(),
});
export type GalleryLink = z.infer<typeof GalleryLink>;

/**
 * A link's address: /g/{token}, with `?lang=` when the owner chose its client's language, so the
 * gallery opens in it whoever's browser opens it (the page's language, `page-language.ts`).
 */
export function galleryPath(token: string, language: z.infer<typeof Language> | null): string {
  const path = pathTo(screens.gallery, { token });
  return language === null ? path : `${path}?${LANGUAGE_QUERY}=${language}`;
}

/**
 * The answer that makes a link, the one that carries its address (/g/{token}) for the owner to
 * send: only a hash of the token is kept, so no later answer can show it again.
 */
export const NewGalleryLink = GalleryLink.extend({ path: z.string() });

/** A revoke: the link opens no more; Undo (POST …/restore) brings it back until `undoUntil` (ISO time). */
export const RevokedGalleryLink = z.object({ message: z.string(), undoUntil: z.string() });
export type RevokedGalleryLink = z.infer<typeof RevokedGalleryLink>;
export type NewGalleryLink = z.infer<typeof NewGalleryLink>;

const label = z
  .string()
  .trim()
  .min(1, 'Label is required')
  .max(GALLERY_LINK_LABEL_MAX, `Label must be at most ${GALLERY_LINK_LABEL_MAX} characters`)
  .refine(withoutControls(), controlsMessage('Label'));
/** Blank or null: no password. */
const linkPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => (value ? value : null));
const expiresAt = z.iso
  .datetime({ offset: true, message: 'Expiry must be a date and time' })
  .nullish()
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** The most picks a cap may allow: more than any gallery holds. */
export const GALLERY_PICK_CAP_MAX = 100_000;
/** A positive whole number, or null (or absent on create) for no cap. */
const pickCap = z
  .number({ message: 'Pick limit must be a whole number' })
  .int('Pick limit must be a whole number')
  .min(1, 'Pick limit must be at least 1')
  .max(GALLERY_PICK_CAP_MAX, `Pick limit must be at most ${GALLERY_PICK_CAP_MAX}`)
  .nullable();
const proofing = z.boolean({ message: 'Proofing must be on or off' });
const comments = z.boolean({ message: 'Comments must be on or off' });

/** The highest download limit: more than any client needs. */
export const GALLERY_DOWNLOAD_LIMIT_MAX = 100_000;
/** A whole number from 0 (the link gives none) up, or null for no limit. */
const downloadLimit = z
  .number({ message: 'Download limit must be a whole number' })
  .int('Download limit must be a whole number')
  .min(0, 'Download limit must be at least 0')
  .max(GALLERY_DOWNLOAD_LIMIT_MAX, `Download limit must be at most ${GALLERY_DOWNLOAD_LIMIT_MAX}`)
  .nullable();

/** The most days a reminder may be planned ahead or after. */
export const GALLERY_REMINDER_DAYS_MAX = 365;
const reminderDays = (what: string) =>
  z
    .number({ message: `${what} must be a whole number of days` })
    .int(`${what} must be a whole number of days`)
    .min(1, `${what} must be at least 1 day`)
    .max(GALLERY_REMINDER_DAYS_MAX, `${what} must be at most ${GALLERY_REMINDER_DAYS_MAX} days`)
    .nullable();
const expiryReminderDays = reminderDays('Expiry reminder');
const picksReminderDays = reminderDays('Picks reminder');
const releaseAt = z.iso
  .datetime({ offset: true, message: 'Release date must be a date and time' })
  .nullish()
  .transform((value) => (value ? new Date(value).toISOString() : null));
/** The most photos a sneak peek holds. */
export const GALLERY_PREVIEW_MAX = 1_000;
const previewPhotoIds = z
  .array(z.number().int().positive(), { message: 'Sneak peek must be a list of photo ids' })
  .max(GALLERY_PREVIEW_MAX, `A sneak peek holds at most ${GALLERY_PREVIEW_MAX} photos`);

export const CreateGalleryLinkRequest = z.object({
  label,
  password: linkPassword,
  expiresAt,
  proofing: proofing.default(false),
  pickCap: pickCap.default(null),
  downloads: GalleryDownloads.default('none'),
  comments: comments.default(false),
  downloadLimit: downloadLimit.default(null),
  expiryReminderDays: expiryReminderDays.default(3),
  picksReminderDays: picksReminderDays.default(null),
  releaseAt,
  previewPhotoIds: previewPhotoIds.default([]),
  /**
   * Keep the address on the server so the site can send it by mail (invitations, reminders, the
   * release mail). Off: only its hash is kept, and the address is shown this once.
   */
  mailable: z.boolean({ message: 'Mailable must be on or off' }).default(false),
  language: Language.nullable().default(null),
});
export type CreateGalleryLinkRequest = z.input<typeof CreateGalleryLinkRequest>;
export type CreateGalleryLinkFields = z.output<typeof CreateGalleryLinkRequest>;

/** Absent leaves a field as it is; a password of null or blank removes it. */
export const UpdateGalleryLinkRequest = z
  .object({
    label,
    password: linkPassword,
    expiresAt,
    proofing,
    pickCap,
    downloads: GalleryDownloads,
    comments,
    downloadLimit,
    expiryReminderDays,
    picksReminderDays,
    releaseAt,
    previewPhotoIds,
    language: Language.nullable(),
  })
  .partial();
export type UpdateGalleryLinkRequest = z.input<typeof UpdateGalleryLinkRequest>;
export type UpdateGalleryLinkFields = z.output<typeof UpdateGalleryLinkRequest>;

export const GalleryTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'No such gallery') });

/** What a link's holder sees: the category and its photos in their order. */
export const Gallery = z.object({
  label: z.string(),
  category: Category,
  photos: z.array(Photo),
  /** Whether the link lets its holder pick photos (their picks: GET …/picks). */
  proofing: z.boolean(),
  /** What the holder may download (a photo: …/photos/{id}/download; all: …/download). */
  downloads: GalleryDownloads,
  /** Whether the holder may comment and give verdicts (their threads: GET …/comments). */
  comments: z.boolean(),
  /** The link's download limit (null: none) and how many of it are left. */
  downloadLimit: z.number().int().nullable(),
  downloadsLeft: z.number().int().nullable(),
  /** While the link shows only a sneak peek: when the whole gallery opens (ISO time); null otherwise. */
  releaseAt: z.string().nullable(),
});
export type Gallery = z.infer<typeof Gallery>;

export const GalleryPhotoDownloadParams = GalleryTokenParams.extend({
  photoId: z.coerce.number({ message: 'No such photo' }).int('No such photo').positive('No such photo'),
});
/** A third ZIP from one address while two are still under way (429). */
export const GALLERY_ZIPS_PER_VISITOR = 2;
/** ZIPs of one link under way at once, whoever asks: a link passed round cannot start them by the hundred (429). */
export const GALLERY_ZIPS_PER_LINK = 4;

/** A link's holder's picks: the photo ids in gallery order, the cap, and whether they were sent. */
export const GalleryPicks = z.object({
  photoIds: z.array(z.number().int()),
  pickCap: z.number().int().nullable(),
  /** Set once submitted: the picks are then locked until the owner reopens them. */
  submittedAt: z.string().nullable(),
});
export type GalleryPicks = z.infer<typeof GalleryPicks>;

export const GalleryPickParams = GalleryTokenParams.extend({
  photoId: z.coerce.number({ message: 'No such photo' }).int('No such photo').positive('No such photo'),
});

/** A client's verdict on a photo; "none" takes it back. */
export const GALLERY_VERDICTS = ['approved', 'rejected', 'none'] as const;
export const GalleryVerdict = z.enum(GALLERY_VERDICTS, { message: 'Verdict must be approved, rejected or none' });
export type GalleryVerdict = z.infer<typeof GalleryVerdict>;
export type GalleryVerdictChoice = Exclude<GalleryVerdict, 'none'>;

/**
 * What the owner sees of one link's picks, in gallery order, each with the name its file was
 * uploaded under (null when not known: photos stored before names were kept).
 */
export const GalleryLinkPick = z.object({
  photo: Photo,
  /** When it was picked; null for a photo listed by another filter (approved, commented) and not picked. */
  pickedAt: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The client's verdict, and how many comments its thread holds (both sides). */
  verdict: GalleryVerdict,
  commentCount: z.number().int(),
});
export type GalleryLinkPick = z.infer<typeof GalleryLinkPick>;
export const GalleryLinkPicks = z.object({
  picks: z.array(GalleryLinkPick),
  pickCap: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
});
export type GalleryLinkPicks = z.infer<typeof GalleryLinkPicks>;

/**
 * Which photos an export of a link lists (the CSV, "Copy file names"): the picks (the default),
 * the photos the client approved, or those with a comment.
 */
export const GALLERY_EXPORT_FILTERS = ['picks', 'approved', 'commented'] as const;
export const GalleryExportFilter = z.enum(GALLERY_EXPORT_FILTERS, { message: 'Only must be picks, approved or commented' });
export type GalleryExportFilter = z.infer<typeof GalleryExportFilter>;
export const GalleryExportQuery = z.object({ only: GalleryExportFilter.default('picks') });

/** The longest comment, in characters: a note on a photo, not a letter. */
export const GALLERY_COMMENT_MAX = 2_000;
export const GALLERY_COMMENT_AUTHORS = ['client', 'owner'] as const;
export type GalleryCommentAuthor = (typeof GALLERY_COMMENT_AUTHORS)[number];

/**
 * A comment's text: plain text, shown as text and never as HTML; lines and tabs kept, other
 * control characters refused rather than stripped, at most GALLERY_COMMENT_MAX characters.
 */
export const CommentText = z
  .string({ message: 'Comment must be text' })
  .trim()
  .min(1, 'Comment is required')
  .max(GALLERY_COMMENT_MAX, `Comment must be at most ${GALLERY_COMMENT_MAX} characters`)
  .refine(withoutControls({ lines: true }), controlsMessage('Comment', { lines: true }));
export const GalleryCommentRequest = z.object({ text: CommentText });
export type GalleryCommentRequest = z.input<typeof GalleryCommentRequest>;
export const GalleryVerdictRequest = z.object({ verdict: GalleryVerdict });
export type GalleryVerdictRequest = z.infer<typeof GalleryVerdictRequest>;

export const GalleryComment = z.object({
  id: z.number().int(),
  /** Who wrote it: the link's holder, or the owner answering. */
  author: z.enum(GALLERY_COMMENT_AUTHORS),
  text: z.string(),
  createdAt: z.string(),
});
export type GalleryComment = z.infer<typeof GalleryComment>;

/** One photo's thread on a link: its verdict and its comments, oldest first. */
export const GalleryThread = z.object({ photoId: z.number().int(), verdict: GalleryVerdict, comments: z.array(GalleryComment) });
export type GalleryThread = z.infer<typeof GalleryThread>;
/** A holder's threads: each photo with a verdict or a comment, in gallery order. */
export const GalleryThreads = z.object({ threads: z.array(GalleryThread) });
export type GalleryThreads = z.infer<typeof GalleryThreads>;

/** The owner's view of a link's threads: each with its photo and the name its file was uploaded under. */
export const GalleryLinkThread = GalleryThread.extend({ photo: Photo, fileName: z.string().nullable() });
export type GalleryLinkThread = z.infer<typeof GalleryLinkThread>;
export const GalleryLinkThreads = z.object({ threads: z.array(GalleryLinkThread) });
export type GalleryLinkThreads = z.infer<typeof GalleryLinkThreads>;

/** An owner route on one photo of a link. */
export const GalleryLinkPhotoParams = z.object({
  id: z.coerce.number().int().positive(),
  photoId: z.coerce.number({ message: 'No such photo' }).int('No such photo').positive('No such photo'),
});

export const UnlockGalleryRequest = z.object({ password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH) });
export type UnlockGalleryRequest = z.infer<typeof UnlockGalleryRequest>;

/**
 * Why the server refused a gallery's password posted as a plain form (a browser that runs no
 * script, `formPosts.galleryUnlock`): none typed, or the unlock service's refusal by its error
 * code (a wrong password, too many tries, a link that no longer opens). The answer's page draws
 * the password form again with the message the form gives the JSON route's same refusal.
 */
export type GalleryUnlockRefusal = { reason: 'required' } | { reason: 'refused'; code: ErrorCode; params: ErrorParams };

/**
 * A pick as a photo editor's catalogue names it: the name its file was uploaded under, less the
 * extension (so the filter finds the raw file as well as the JPEG made from it); a photo whose
 * name was not kept goes by its title, which an upload took from its file name.
 */
export const pickNameOf = (pick: { photo: { title: string }; fileName: string | null }): string =>
  (pick.fileName && fileNameStem(pick.fileName)) || pick.photo.title;

/**
 * The picks as a photo editor's filter: their names joined by ", ", for Lightroom Classic's
 * Library Filter (Text, Filename, Contains) and the like.
 */
export const pickFilterText = (names: readonly string[]) => names.join(', ');

/**
 * Invitations: a link sent by mail to its recipients, one row each. The state is the last
 * invitation mail's: sending (waiting for the mail server), sent (the server took it), outbox
 * (written to the outbox: the site has no SMTP), failed (with the server's answer in `error`).
 */
export const GALLERY_INVITATION_STATES = ['sending', 'sent', 'outbox', 'failed'] as const;
export const GalleryInvitationState = z.enum(GALLERY_INVITATION_STATES);
export type GalleryInvitationState = z.infer<typeof GalleryInvitationState>;

export const GalleryInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  message: z.string().nullable(),
  state: GalleryInvitationState,
  /** The mail server's answer when it refused the mail. */
  error: z.string().nullable(),
  invitedAt: z.string(),
  sentAt: z.string().nullable(),
  /** Invitation mails sent: more than 1 is a resend. */
  sends: z.number().int(),
  /** When a reminder of the expiry went, if one did. */
  remindedAt: z.string().nullable(),
});
export type GalleryInvitation = z.infer<typeof GalleryInvitation>;

/** Recipients of one send. */
export const GALLERY_INVITATION_BATCH_MAX = 20;
export const GALLERY_INVITATION_MESSAGE_MAX = 2_000;
const invitationEmail = z.email('Valid email is required').max(254, 'Email must be at most 254 characters');
const includePassword = {
  /** Puts the link's password in this mail; `password` must be the link's, which the site keeps only as a hash. */
  includePassword: z.boolean({ message: 'Include password must be on or off' }).default(false),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
};
export const InviteRequest = z
  .object({
    email: invitationEmail.optional(),
    emails: z
      .array(invitationEmail)
      .max(GALLERY_INVITATION_BATCH_MAX, `At most ${GALLERY_INVITATION_BATCH_MAX} recipients at once`)
      .optional(),
    message: z
      .string()
      .trim()
      .max(GALLERY_INVITATION_MESSAGE_MAX, `Message must be at most ${GALLERY_INVITATION_MESSAGE_MAX} characters`)
      .refine(withoutControls({ lines: true }), controlsMessage('Message', { lines: true }))
      .optional(),
    ...includePassword,
  })
  .refine((request) => request.email !== undefined || (request.emails?.length ?? 0) > 0, { message: 'Valid email is required', path: ['email'] })
  .refine((request) => !request.includePassword || Boolean(request.password), { message: 'Password is required to send it', path: ['password'] });
export type InviteRequest = z.input<typeof InviteRequest>;
export type InviteFields = z.output<typeof InviteRequest>;

export const ResendInvitationRequest = z
  .object(includePassword)
  .refine((request) => !request.includePassword || Boolean(request.password), { message: 'Password is required to send it', path: ['password'] });
export type ResendInvitationRequest = z.input<typeof ResendInvitationRequest>;

export const GalleryInvitationParams = z.object({
  id: z.coerce.number().int().positive(),
  invitationId: z.coerce.number({ message: 'No such invitation' }).int('No such invitation').positive('No such invitation'),
});

/**
 * The invitation mail's subject and text, the owner's for every link; placeholders {client} (the
 * link's label), {gallery}, {link}, {expiry}, {message} (the personal message) and {site}.
 */
export const INVITATION_PLACEHOLDERS = ['client', 'gallery', 'link', 'expiry', 'message', 'site'] as const;
export const INVITATION_SUBJECT_MAX = 200;
export const INVITATION_TEXT_MAX = 5_000;
export const InvitationTemplate = z.object({ subject: z.string(), text: z.string(), isDefault: z.boolean() });
export type InvitationTemplate = z.infer<typeof InvitationTemplate>;
/** Blank subject and text go back to the default. */
export const UpdateInvitationTemplateRequest = z.object({
  subject: z
    .string()
    .trim()
    .max(INVITATION_SUBJECT_MAX, `Subject must be at most ${INVITATION_SUBJECT_MAX} characters`)
    .refine(withoutControls(), controlsMessage('Subject')),
  text: z
    .string()
    .trim()
    .max(INVITATION_TEXT_MAX, `Text must be at most ${INVITATION_TEXT_MAX} characters`)
    .refine(withoutControls({ lines: true }), controlsMessage('Text', { lines: true }))
    .refine((text) => text === '' || text.includes('{link}'), 'Text must hold {link}, or the mail would not carry the gallery'),
});
export type UpdateInvitationTemplateRequest = z.infer<typeof UpdateInvitationTemplateRequest>;
