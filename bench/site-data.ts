import { fillPortfolio } from '#tests/fixtures/photos.ts';
import type { BenchStore } from './database.ts';

/**
 * Fills a stopped server's database (SQLite or PostgreSQL) up to `photos` rows spread over
 * `categories` new categories, as the 10,000-photo tests do (`fillPortfolio`). The rows share one
 * uploaded photo's files: a list's cost is rows and JSON, not files. Written while the server is
 * stopped, so nothing it holds in memory goes stale.
 */
export async function fillSite(store: Pick<BenchStore, 'open'>, options: { photos: number; categories: number }): Promise<void> {
  const handle = store.open();
  try {
    await fillPortfolio(handle.db, options);
  } finally {
    await handle.destroy();
  }
}
