import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CategoryTable {
  id: Generated<number>;
  userId: number;
  name: string;
  description: string | null;
  sortOrder: Generated<number>;
  createdAt: string;
}
export type CategoryRow = Selectable<CategoryTable>;
export type NewCategoryRow = Insertable<CategoryTable>;
export type CategoryUpdate = Updateable<CategoryTable>;
