import type { WatermarkProgress } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import { watermarkOfRow, watermarkOutOfDate } from './copies-watermark.ts';
import { deleteCopies, type CopyStores } from './photo-files.service.ts';
import * as repo from './photos.repository.ts';
import { rightsOfRow, rightsOutOfDate } from './rights.ts';
import { renderRights } from './upgrade.service.ts';

/**
 * Keeps the rights in each photo's public copies (XMP) in step with its own and its category's,
 * and the watermark they show with the site's and its category's (issue 16), in the background: a change asks for a pass, a pass re-renders every photo whose copies say
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
  /** Photos of the pass under way (or the last one) rendered, and the photos it has to render. */
  done: number;
  total: number;
  /** Names replaced by a render, with when; removed once REPLACED_COPIES_KEPT_MS has passed. */
  replaced: Array<{ names: string[]; at: number }>;
}

const workers = new WeakMap<RightsContext['db'], Worker>();

function workerOf(db: RightsContext['db']): Worker {
  let worker = workers.get(db);
  if (!worker) {
    worker = { running: null, again: false, replaced: [], done: 0, total: 0 };
    workers.set(db, worker);
  }
  return worker;
}

/** What a pass did; the command line prints it. */
export interface RenderPassReport {
  rendered: number;
  /** No original kept: the copies stay as they are. */
  withoutOriginal: number;
  deletedMeanwhile: number;
  failed: number;
}

async function pass(ctx: RightsContext, worker: Worker, onProgress?: (done: number, total: number) => void): Promise<RenderPassReport> {
  const report: RenderPassReport = { rendered: 0, withoutOriginal: 0, deletedMeanwhile: 0, failed: 0 };
  const stale = (await repo.listRightsSources(ctx.db)).filter((row) => rightsOutOfDate(row) || watermarkOutOfDate(row));
  worker.done = 0;
  worker.total = stale.length;
  for (const row of stale) {
    try {
      const rendered = await renderRights(ctx, row, rightsOfRow(row), watermarkOfRow(row));
      if (rendered.outcome === 'replaced') {
        worker.replaced.push({ names: rendered.replaced, at: ctx.clock().getTime() });
        report.rendered += 1;
      } else if (rendered.outcome === 'no-original') {
        ctx.log.warn({ photoId: row.id }, 'no original kept: the copies keep their old rights and watermark');
        report.withoutOriginal += 1;
      } else {
        report.deletedMeanwhile += 1;
      }
    } catch (error) {
      ctx.log.error({ err: error, photoId: row.id }, 'could not render the photo with its rights and watermark');
      report.failed += 1;
    }
    worker.done += 1;
    onProgress?.(worker.done, worker.total);
  }
  return report;
}

/** How far the pass under way has come (the admin polls it while a watermark is applied). */
export function copiesRenderProgress(ctx: Pick<AppContext, 'db'>): WatermarkProgress {
  const worker = workers.get(ctx.db);
  return { running: Boolean(worker?.running), done: worker?.done ?? 0, total: worker?.total ?? 0 };
}

/**
 * Renders now, in this process, every photo whose copies are out of date (the command line, for
 * a site at rest), after any pass under way; the copies replaced are left for the caller to remove.
 */
export async function renderOutOfDateCopies(ctx: RightsContext, onProgress?: (done: number, total: number) => void): Promise<RenderPassReport> {
  await renderedRightsSettled(ctx);
  const worker = workerOf(ctx.db);
  const running = pass(ctx, worker, onProgress);
  worker.running = running.then(() => undefined);
  try {
    return await running;
  } finally {
    worker.running = null;
  }
}

/** Asks for a pass; answers at once. */
export function refreshRenderedRights(ctx: RightsContext): void {
  const worker = workerOf(ctx.db);
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.done = 0;
  worker.total = 0;
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
