import type { AppContext } from '#server/app-context.ts';
import { deleteCopies, type CopyStores } from './photo-files.service.ts';
import * as repo from './photos.repository.ts';
import { rightsOfRow, rightsOutOfDate } from './rights.ts';
import { renderRights } from './upgrade.service.ts';

/**
 * Keeps the rights in each photo's public copies (XMP) in step with its own and its category's,
 * in the background: a change asks for a pass, a pass re-renders every photo whose copies say
 * something else, one at a time, and a change during a pass asks for another. The edit answers at
 * once; the copies follow within seconds, each swapped in whole (see `renderRights`).
 */
type RightsContext = Pick<AppContext, 'db' | 'media' | 'log' | 'clock'>;

/**
 * How long the copies a re-render replaced are still served: a page loaded before the swap keeps
 * asking for them as its visitor scrolls. Copies of a process that stops before then are removed
 * when it closes, or, after a crash, by `npm run cli -- cleanup`.
 */
export const REPLACED_COPIES_KEPT_MS = 10 * 60_000;

interface Worker {
  running: Promise<void> | null;
  again: boolean;
  /** Names replaced by a render, with when; removed once REPLACED_COPIES_KEPT_MS has passed. */
  replaced: Array<{ names: string[]; at: number }>;
}

const workers = new WeakMap<RightsContext['db'], Worker>();

function workerOf(db: RightsContext['db']): Worker {
  let worker = workers.get(db);
  if (!worker) {
    worker = { running: null, again: false, replaced: [] };
    workers.set(db, worker);
  }
  return worker;
}

async function pass(ctx: RightsContext, worker: Worker): Promise<void> {
  for (const row of await repo.listRightsSources(ctx.db)) {
    if (!rightsOutOfDate(row)) continue;
    try {
      const rendered = await renderRights(ctx, row, rightsOfRow(row));
      if (rendered.outcome === 'replaced') worker.replaced.push({ names: rendered.replaced, at: ctx.clock().getTime() });
      if (rendered.outcome === 'no-original') ctx.log.warn({ photoId: row.id }, 'no original kept: the copies keep their old rights');
    } catch (error) {
      ctx.log.error({ err: error, photoId: row.id }, 'could not render the photo with its rights');
    }
  }
}

/** Asks for a pass; answers at once. */
export function refreshRenderedRights(ctx: RightsContext): void {
  const worker = workerOf(ctx.db);
  if (worker.running) {
    worker.again = true;
    return;
  }
  const run = async (current: Worker) => {
    do {
      current.again = false;
      await pass(ctx, current).catch((error: unknown) => ctx.log.error({ err: error }, 'rendering rights failed'));
    } while (current.again);
    current.running = null;
  };
  worker.running = run(worker);
}

/** Waits for the passes under way (the app waits before it closes the database). */
export async function renderedRightsSettled(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const worker = workers.get(ctx.db);
  while (worker?.running) await worker.running;
}

/**
 * Removes the replaced copies older than REPLACED_COPIES_KEPT_MS, or all of them (`all`, when the
 * app closes). Returns how many files it removed.
 */
export async function removeReplacedCopies(
  ctx: Pick<AppContext, 'db' | 'clock'> & { media: CopyStores },
  options: { all?: boolean } = {},
): Promise<number> {
  const worker = workers.get(ctx.db);
  if (!worker) return 0;
  const before = ctx.clock().getTime() - REPLACED_COPIES_KEPT_MS;
  const due = worker.replaced.filter((entry) => options.all || entry.at <= before);
  worker.replaced = worker.replaced.filter((entry) => !due.includes(entry));
  const names = due.flatMap((entry) => entry.names);
  await deleteCopies(ctx.media, names);
  return names.length;
}

/** Removes replaced copies as their time runs out; stopped when the app closes. */
export function scheduleReplacedCopiesRemoval(ctx: RightsContext, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    removeReplacedCopies(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'removing replaced copies failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
