import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import { purgeTrashedCategories } from '#server/features/categories/categories.service.ts';
import { purgeTrashedPhotos } from './photos.service.ts';

export interface PurgeReport {
  photos: number;
  categories: number;
}

/** Removes for good the photos (rows and files) and categories whose Undo window has passed. */
export async function purgeTrash(ctx: Pick<AppContext, 'db' | 'media' | 'clock'>): Promise<PurgeReport> {
  const photos = await purgeTrashedPhotos(ctx);
  const categories = await purgeTrashedCategories(ctx);
  return { photos, categories };
}

/** Empties the trash as Undo windows end; stopped when the app closes. */
export function scheduleTrashPurge(ctx: Pick<AppContext, 'db' | 'media' | 'clock' | 'log'>, intervalMs = UNDO_WINDOW_MS / 2): () => void {
  const timer = setInterval(() => {
    purgeTrash(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'emptying the trash failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
