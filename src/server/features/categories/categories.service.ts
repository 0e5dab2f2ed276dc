import type {
  Category,
  CreateCategoryFields,
  ReorderCategoriesRequest,
  UpdateCategoryFields,
} from '#contract/categories.ts';
import type { Db } from '#server/db/database.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import * as repo from './categories.repository.ts';
import type { CategoryRow } from './categories.table.ts';

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, description: row.description, order: row.sortOrder };
}

export async function listCategories(db: Db, userId: number): Promise<Category[]> {
  return (await repo.listCategories(db, userId)).map(toCategory);
}

/** Ids of the owner's categories, for checks made by other features. */
export async function categoryIdsOf(db: Db, userId: number): Promise<Set<number>> {
  return new Set((await repo.listCategories(db, userId)).map((row) => row.id));
}

export async function createCategory(
  db: Db,
  userId: number,
  request: CreateCategoryFields,
  now = new Date(),
): Promise<Category> {
  // The client sends the current count as order (spec §7); without one the category goes last.
  const order = request.order ?? (await repo.countCategories(db, userId));
  const row = await repo.insertCategory(db, {
    userId,
    name: request.name,
    description: request.description,
    sortOrder: order,
    createdAt: now.toISOString(),
  });
  return toCategory(row);
}

export async function updateCategory(db: Db, userId: number, id: number, request: UpdateCategoryFields): Promise<Category> {
  const changes: { name?: string; description?: string | null } = {};
  if (request.name !== undefined) changes.name = request.name;
  if (request.description !== undefined) changes.description = request.description;
  if (Object.keys(changes).length === 0) {
    const existing = await repo.findCategory(db, userId, id);
    if (!existing) throw notFound('Category not found');
    return toCategory(existing);
  }
  const row = await repo.updateCategory(db, userId, id, changes);
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

export async function deleteCategory(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteCategory(db, userId, id))) throw notFound('Category not found');
}

/** All or nothing: one unknown id rejects the request and no order changes. */
export async function reorderCategories(db: Db, userId: number, request: ReorderCategoriesRequest): Promise<Category[]> {
  const ids = request.categoryUpdates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) throw invalid('Each category may appear only once');
  return db.transaction().execute(async (trx) => {
    for (const update of request.categoryUpdates) {
      const updated = await repo.setCategoryOrder(trx, userId, update.id, update.order);
      if (updated === 0) throw notFound(`Category ${update.id} not found`);
    }
    return (await repo.listCategories(trx, userId)).map(toCategory);
  });
}
