import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A link to a category for one recipient (issue 16, migration 0010). */
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
}
export type GalleryLinkRow = Selectable<GalleryLinkTable>;
export type NewGalleryLinkRow = Insertable<GalleryLinkTable>;
export type GalleryLinkUpdate = Updateable<GalleryLinkTable>;
