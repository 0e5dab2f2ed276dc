import { z } from 'zod';
import { Category } from './categories.ts';
import { PASSWORD_MAX_LENGTH } from './common.ts';
import { Photo } from './photos.ts';

/**
 * Galleries for clients (issue 16): the owner's links to a category, one per recipient, each
 * with a label, an optional password and an optional expiry. A link's address carries a token of
 * 256 bits; its password is stored as an argon2id hash and returned by no API.
 */

export const GALLERY_LINK_LABEL_MAX = 200;
/** Tries of a link's password per address, and per link from every address, in a quarter hour. */
export const GALLERY_PASSWORD_TRIES = 10;

export const GalleryLink = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** Who it is for: "Smith wedding, parents". */
  label: z.string(),
  /** The gallery's address, for the owner to send: /g/{token}. */
  path: z.string(),
  hasPassword: z.boolean(),
  /** ISO time after which the link answers 404; null for none. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GalleryLink = z.infer<typeof GalleryLink>;

const label = z
  .string()
  .trim()
  .min(1, 'Label is required')
  .max(GALLERY_LINK_LABEL_MAX, `Label must be at most ${GALLERY_LINK_LABEL_MAX} characters`);
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

export const CreateGalleryLinkRequest = z.object({ label, password: linkPassword, expiresAt });
export type CreateGalleryLinkRequest = z.input<typeof CreateGalleryLinkRequest>;
export type CreateGalleryLinkFields = z.output<typeof CreateGalleryLinkRequest>;

/** Absent leaves a field as it is; a password of null or blank removes it. */
export const UpdateGalleryLinkRequest = z.object({ label, password: linkPassword, expiresAt }).partial();
export type UpdateGalleryLinkRequest = z.input<typeof UpdateGalleryLinkRequest>;
export type UpdateGalleryLinkFields = z.output<typeof UpdateGalleryLinkRequest>;

export const GalleryTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'No such gallery') });

/** What a link's holder sees: the category and its photos in their order. */
export const Gallery = z.object({
  label: z.string(),
  category: Category,
  photos: z.array(Photo),
});
export type Gallery = z.infer<typeof Gallery>;

export const UnlockGalleryRequest = z.object({ password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH) });
export type UnlockGalleryRequest = z.infer<typeof UnlockGalleryRequest>;

/** The answer to a gallery that needs its password first (401). */
export const GALLERY_LOCKED_MESSAGE = 'This gallery needs its password';
export const WRONG_GALLERY_PASSWORD = 'Wrong password';
