import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GalleryDownloads } from '#contract/galleries.ts';

/** A link to a category for one recipient (migration 0010). */
export interface GalleryLinkTable {
  id: Generated<number>;
  categoryId: number;
  label: string;
  /** 256 random bits, base64url: the address /g/{token}. */
  token: string;
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
