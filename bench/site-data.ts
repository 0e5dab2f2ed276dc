import { insertPhotos } from '#server/features/photos/photos.repository.ts';
import { newFileKey } from '#server/storage/file-names.ts';
import type { BenchStore } from './database.ts';

/**
 * Fills a stopped server's database (SQLite or PostgreSQL) up to `photos` rows spread over
 * `categories` new categories. The rows share one uploaded photo's files: a list's cost is rows
 * and JSON, not files. Written while the server is stopped, so nothing it holds in memory goes
 * stale.
 */
export async function fillSite(store: Pick<BenchStore, 'open'>, options: { photos: number; categories: number }): Promise<void> {
  const handle = store.open();
  try {
    const { db } = handle;
    const model = await db.selectFrom('photos').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const categoryIds: number[] = [];
    for (let index = 0; index < options.categories; index += 1) {
      const row = await db
        .insertInto('categories')
        .values({ userId: model.userId, name: `Bench category ${index + 1}`, description: null, sortOrder: index, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    const existing = (await db.selectFrom('photos').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count;
    const missing = options.photos - Number(existing);
    for (let start = 0; start < missing; start += 500) {
      const rows = Array.from({ length: Math.min(500, missing - start) }, (_, offset) => {
        const index = start + offset;
        const { id: _id, ...copy } = model;
        return {
          ...copy,
          fileKey: newFileKey(),
          title: `Bench photo ${index + 1}`,
          categoryId: categoryIds.length ? categoryIds[index % categoryIds.length]! : null,
          sortOrder: Math.floor(index / Math.max(1, categoryIds.length)),
          createdAt: now,
          updatedAt: now,
        };
      });
      await insertPhotos(db, rows);
    }
  } finally {
    await handle.destroy();
  }
}
