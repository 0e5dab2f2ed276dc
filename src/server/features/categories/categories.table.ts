import type { CategoryDensity, CategoryLayout, CategoryVisibility } from '#contract/categories.ts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CategoryTable {
  id: Generated<number>;
  userId: number;
  name: string;
  description: string | null;
  sortOrder: Generated<number>;
  layout: Generated<CategoryLayout>;
  density: Generated<CategoryDensity>;
  createdAt: string;
  /** 1 while the owner keeps it from visitors (a draft). */
  hidden: Generated<number>;
  /** Public, unlisted or private (migration 0010). */
  visibility: Generated<CategoryVisibility>;
  /** Set while it waits in the trash for the Undo window; null for a live category. */
  deletedAt: Generated<string | null>;
  /** The rights of its photos that have none of their own (migration 0009). */
  defaultLicense: Generated<string | null>;
  defaultCredit: Generated<string | null>;
  defaultCopyright: Generated<string | null>;
  /** JSON of the contract's CategoryWatermark; null keeps the site's (migration 0014). */
  watermark: Generated<string | null>;
}
export type CategoryRow = Selectable<CategoryTable>;
export type NewCategoryRow = Insertable<CategoryTable>;
export type CategoryUpdate = Updateable<CategoryTable>;
