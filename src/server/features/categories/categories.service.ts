import type {
  Category,
  CreateCategoryFields,
  ReorderCategoriesRequest,
  UpdateCategoryFields,
} from '#contract/categories.ts';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import type { Rights } from '#contract/rights.ts';
import type { AppContext } from '#server/app-context.ts';
import { changingCopies } from '#server/features/renditions/renditions.service.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import * as repo from './categories.repository.ts';
import type { CategoryRow } from './categories.table.ts';

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    order: row.sortOrder,
    layout: row.layout,
    density: row.density,
    hidden: row.hidden === 1,
    visibility: row.visibility,
    defaultLicense: row.defaultLicense,
    defaultCredit: row.defaultCredit,
    defaultCopyright: row.defaultCopyright,
  };
}

type CategoriesContext = Pick<AppContext, 'db' | 'clock'>;

export async function listCategories(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Category[]> {
  return (await repo.listCategories(ctx.db, userId)).map(toCategory);
}

/** One of the owner's live categories, or null. */
export async function findCategory(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<Category | null> {
  const row = await repo.findCategory(ctx.db, userId, id);
  return row ? toCategory(row) : null;
}

/** Ids of the owner's categories, for checks made by other features. */
export async function categoryIdsOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Set<number>> {
  return new Set((await repo.listCategories(ctx.db, userId)).map((row) => row.id));
}

/** A live category's default rights for its photos without their own; null when it is not one of the owner's. */
export async function categoryDefaultRights(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<Rights | null> {
  const row = await repo.findCategory(ctx.db, userId, id);
  return row ? { license: row.defaultLicense, credit: row.defaultCredit, copyright: row.defaultCopyright } : null;
}

export async function createCategory(ctx: CategoriesContext, userId: number, request: CreateCategoryFields): Promise<Category> {
  // The client sends the current count as order; without one the category goes last.
  const order = request.order ?? (await repo.countCategories(ctx.db, userId));
  const row = await repo.insertCategory(ctx.db, {
    userId,
    name: request.name,
    description: request.description,
    sortOrder: order,
    hidden: request.hidden ? 1 : 0,
    // A new category has no photos yet: its visibility moves no copies.
    visibility: request.visibility ?? 'public',
    createdAt: ctx.clock().toISOString(),
  });
  return toCategory(row);
}

/** A change of visibility moves its photos' copies between stores before the answer; one of its default rights renders them again. */
export async function updateCategory(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, id: number, request: UpdateCategoryFields): Promise<Category> {
  const changes: Pick<
    UpdateCategoryFields,
    'name' | 'description' | 'layout' | 'density' | 'visibility' | 'defaultLicense' | 'defaultCredit' | 'defaultCopyright'
  > & {
    hidden?: number;
  } = {};
  if (request.name !== undefined) changes.name = request.name;
  if (request.description !== undefined) changes.description = request.description;
  if (request.layout !== undefined) changes.layout = request.layout;
  if (request.density !== undefined) changes.density = request.density;
  if (request.hidden !== undefined) changes.hidden = request.hidden ? 1 : 0;
  if (request.visibility !== undefined) changes.visibility = request.visibility;
  if (request.defaultLicense !== undefined) changes.defaultLicense = request.defaultLicense;
  if (request.defaultCredit !== undefined) changes.defaultCredit = request.defaultCredit;
  if (request.defaultCopyright !== undefined) changes.defaultCopyright = request.defaultCopyright;
  if (Object.keys(changes).length === 0) {
    const existing = await repo.findCategory(ctx.db, userId, id);
    if (!existing) throw notFound('categories.not_found');
    return toCategory(existing);
  }
  const copiesChange = changes.visibility !== undefined || changes.defaultLicense !== undefined || changes.defaultCredit !== undefined || changes.defaultCopyright !== undefined;
  const update = (db: typeof ctx.db) => repo.updateCategory(db, userId, id, changes);
  const row = copiesChange ? await changingCopies(ctx, update) : await update(ctx.db);
  if (!row) throw notFound('categories.not_found');
  return toCategory(row);
}

/** Into the trash, for the Undo window; `purgeTrashedCategories` removes it for good after. */
export async function deleteCategory(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, id: number): Promise<void> {
  const trashed = await changingCopies(ctx, (trx) => repo.trashCategory(trx, userId, id, ctx.clock().toISOString()));
  if (!trashed) throw notFound('categories.not_found');
}

/** Undo of a delete, within the window: the category and the photos still in it come back. */
export async function restoreCategory(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, id: number): Promise<Category> {
  const since = new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString();
  if (!(await changingCopies(ctx, (trx) => repo.restoreCategory(trx, userId, id, since)))) {
    throw notFound('categories.not_restorable');
  }
  const row = await repo.findCategory(ctx.db, userId, id);
  if (!row) throw notFound('categories.not_found');
  return toCategory(row);
}

/** Removes for good what has waited in the trash longer than the Undo window. */
export function purgeTrashedCategories(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const before = new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString();
  return ctx.db.transaction().execute((trx) => repo.purgeCategories(trx, before));
}

/** All or nothing: one unknown id rejects the request and no order changes. */
export async function reorderCategories(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  request: ReorderCategoriesRequest,
): Promise<Category[]> {
  const ids = request.categoryUpdates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) throw invalid('categories.repeated');
  return ctx.db.transaction().execute(async (trx) => {
    for (const update of request.categoryUpdates) {
      const updated = await repo.setCategoryOrder(trx, userId, update.id, update.order);
      if (updated === 0) throw notFound('categories.id_not_found', { id: update.id });
    }
    return (await repo.listCategories(trx, userId)).map(toCategory);
  });
}
