import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PhotoTable {
  id: Generated<number>;
  userId: number;
  categoryId: number | null;
  title: string;
  description: string | null;
  hyperlink: string | null;
  sortOrder: Generated<number>;
  fileKey: string;
  filename: string;
  thumbnail: string;
  /** JSON: [{width, filename}] */
  variants: string;
  width: number;
  height: number;
  placeholder: string | null;
  version: Generated<number>;
  /** JSON: [{title, duration}] or null */
  tracks: string | null;
  createdAt: string;
  updatedAt: string;
}
export type PhotoRow = Selectable<PhotoTable>;
export type NewPhotoRow = Insertable<PhotoTable>;
export type PhotoUpdate = Updateable<PhotoTable>;
