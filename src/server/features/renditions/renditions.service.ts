import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ImageVariant, VideoSource } from '#contract/photos.ts';
import { effectiveRights, type Rights } from '#contract/rights.ts';
import type { Watermark, WatermarkProgress } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/database.ts';
import type { RenderedPhoto } from '#server/images/image-pipeline.ts';
import type { Media } from '#server/images/media.ts';
import type { LoadedWatermark } from '#server/images/watermark.ts';
import { batchProgress, enqueue } from '#server/jobs/job-queue.ts';
import type { ByteRange, FileStore, OpenedFile, StoredFileInfo } from '#server/storage/file-store.ts';
import { copyNameWithKey, fileKeyOfCopy, newFileKey, originalsPrefix } from '#server/storage/file-names.ts';
import { imageRightsOf, renderedRightsColumn, rightsOfRow, rightsOutOfDate } from './copy-rights.ts';
import { loadedWatermarkOf, renderedWatermarkColumn, watermarkOfRow, watermarkOutOfDate } from './copy-watermark.ts';
import { deleteCopiesLater, deleteOriginalLater, placeCopiesJob, refreshCopiesJob, renderCopiesJob, REPLACED_COPIES_KEPT_MS } from './renditions.kinds.ts';
import * as repo from './renditions.repository.ts';

/**
 * A photo's copies: the display image, the responsive widths and the square thumbnail, rendered
 * from its original. Here is which exist (the photo row names them), which store holds them (the
 * public uploads store, or the restricted one for a photo out of public view), and what each
 * carries (the rights in its XMP, the watermark drawn on it, its colour): rendering them for a new
 * photo, moving them between stores, rendering them again when what they should carry changes,
 * and deleting them.
 *
 * What a change leaves to do is recorded as jobs in the change's transaction
 * (`recordCopiesCheck`, or `changingCopies` around the change) and run by the worker
 * (`renditions.jobs.ts`): a write by the admin, a command or another job gets the same effects.
 */

type CopiesContext = Pick<AppContext, 'db' | 'media' | 'log' | 'clock'>;

/** The two stores a photo's copies can be in. */
export interface CopyStores {
  uploads: FileStore;
  restricted: FileStore;
}

/** The store that holds the copies of a photo with this flag. */
export function copiesStoreOf(media: CopyStores, filesPrivate: number): FileStore {
  return filesPrivate === 1 ? media.restricted : media.uploads;
}

/** Every copy a photo row names: the images, and a video's playable MP4s once transcoded. */
export function copyNamesOf(row: { filename: string; thumbnail: string; variants: string; videoFiles: string | null }): string[] {
  const variants = JSON.parse(row.variants) as ImageVariant[];
  return [row.filename, row.thumbnail, ...variants.map((variant) => variant.filename), ...videoNamesOf(row)];
}

/** A video's transcoded copies as its row names them (none for a photo, or before the transcode). */
export function videoFilesOf(row: { videoFiles: string | null }): VideoSource[] {
  return row.videoFiles ? (JSON.parse(row.videoFiles) as VideoSource[]) : [];
}

const videoNamesOf = (row: { videoFiles: string | null }) => videoFilesOf(row).map((file) => file.filename);

/** The video files' column with every name under another key. */
function videoFilesWithKey(row: { videoFiles: string | null }, key: string): string | null {
  return row.videoFiles === null ? null : JSON.stringify(videoFilesOf(row).map((file) => ({ ...file, filename: copyNameWithKey(file.filename, key) })));
}

/** Every copy one render wrote. */
export function renderedFilesOf(rendered: RenderedPhoto): string[] {
  return [rendered.filename, rendered.thumbnail, ...rendered.variants.map((variant) => variant.filename)];
}

/** The columns of a photo row that one render of its original fills. */
export function renderedColumns(rendered: RenderedPhoto): repo.RenderedColumns {
  return {
    filename: rendered.filename,
    thumbnail: rendered.thumbnail,
    variants: JSON.stringify(rendered.variants),
    width: rendered.width,
    height: rendered.height,
    placeholder: rendered.placeholder,
  };
}

/** Removes copies from both stores (removing a missing file is no error). */
export async function deleteCopies(media: CopyStores, names: readonly string[]): Promise<void> {
  await Promise.allSettled(names.flatMap((name) => [media.uploads.delete(name), media.restricted.delete(name)]));
}

/** Removes every file of the originals store under a photo's key. */
export async function deleteOriginals(ctx: Pick<AppContext, 'media'>, fileKey: string): Promise<void> {
  const { originals } = ctx.media;
  for await (const file of originals.list(originalsPrefix(fileKey))) await originals.delete(file.name);
}

/** Removes a photo's copies (from either store) and its original; what cannot go now is left to `cleanup`. */
export async function deletePhotoFiles(ctx: Pick<AppContext, 'media'>, fileKey: string, copyNames: readonly string[]): Promise<void> {
  await Promise.allSettled([deleteCopies(ctx.media, copyNames), deleteOriginals(ctx, fileKey)]);
}

/** The name of a photo's original in the originals store; null when none is kept. */
export async function originalNameOf(originals: FileStore, fileKey: string): Promise<string | null> {
  for await (const file of originals.list(originalsPrefix(fileKey))) return file.name;
  return null;
}

/** A stored file copied to local disk, where sharp reads it; S3 stores have no path of their own. */
export async function copyToDisk(store: FileStore, name: string, file: string): Promise<boolean> {
  const opened = await store.open(name);
  if (!opened) return false;
  await pipeline(opened.stream, fs.createWriteStream(file));
  return true;
}

// ---- A new photo's copies ----

/** What the copies of a new photo carry and where they go, worked out once per upload. */
export interface NewCopiesPlan {
  rights: Rights;
  mark: LoadedWatermark | null;
  renderedRights: string | null;
  renderedWatermark: string | null;
  /** 1: the restricted store (an unlisted or private category's photo). */
  filesPrivate: number;
}

/** The copies of a new photo of the bank (null) or of a category, with that category's default `rights`. */
export async function planNewCopies(
  ctx: Pick<AppContext, 'db' | 'media' | 'log'>,
  userId: number,
  categoryId: number | null,
  rights: Rights,
): Promise<NewCopiesPlan> {
  const watermark = watermarkOfRow(await repo.watermarkColumnsFor(ctx.db, userId, categoryId));
  return {
    rights,
    mark: await loadedWatermarkOf(ctx, watermark),
    renderedRights: renderedRightsColumn(rights),
    renderedWatermark: renderedWatermarkColumn(watermark),
    filesPrivate: (await repo.newPhotoWantsPrivate(ctx.db, categoryId)) ? 1 : 0,
  };
}

/** The plan for a new photo that brings rights of its own (written into its file): they win over the category's. */
export function withOwnRights(plan: NewCopiesPlan, own: Rights): NewCopiesPlan {
  if (!own.license && !own.credit && !own.copyright) return plan;
  const rights = effectiveRights(own, plan.rights);
  return { ...plan, rights, renderedRights: renderedRightsColumn(rights) };
}

/** Renders a new photo's copies from its file under `key`, straight into the store they belong in. */
export function renderNewCopies(media: Media, sourcePath: string, key: string, plan: NewCopiesPlan): Promise<RenderedPhoto> {
  return media.images.renderPhoto(sourcePath, key, copiesStoreOf(media, plan.filesPrivate), imageRightsOf(plan.rights), plan.mark);
}

// ---- Recording what a change leaves to do ----

/**
 * Records, in the caller's transaction, the check of every photo's copies that a change may have
 * affected: the place pass (copies into the store their photo's visibility asks for) and the
 * refresh pass (copies rendered again where their rights or watermark are out of date). Each
 * waits as one job however many changes ask; the place job's id is answered, for the change to
 * wait on.
 */
export async function recordCopiesCheck(ctx: { db: Db; clock: AppContext['clock'] }): Promise<{ place: number; refresh: number }> {
  const place = await enqueue(ctx, placeCopiesJob, {}, { key: placeCopiesJob.name });
  const refresh = await enqueue(ctx, refreshCopiesJob, {}, { key: refreshCopiesJob.name });
  return { place, refresh };
}

/**
 * Runs `change` in a transaction that also records the check of the copies, and answers once
 * the copies have left (or entered) the public store as the change asks: a photo made private is
 * no longer served under /uploads when the owner reads the answer. Re-renders follow in the
 * background. With `when`, the check is recorded only if the change's result says copies may
 * be affected (a drag within a category moves no copy).
 */
export async function changingCopies<T>(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>,
  change: (trx: Db) => Promise<T>,
  options: { when?: (result: T) => boolean } = {},
): Promise<T> {
  const { result, jobs } = await ctx.db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const affected = options.when?.(result) ?? true;
    return { result, jobs: affected ? await recordCopiesCheck({ db: trx, clock: ctx.clock }) : null };
  });
  if (jobs) {
    ctx.jobs.wake();
    await ctx.jobs.settled([jobs.place]);
  }
  return result;
}

// ---- Placing: the copies in the store their photo's visibility asks for ----

/**
 * Moves one photo's copies into the other store: copied, the row pointed at them (and the flag
 * flipped) in one statement, then the old ones removed, so at no moment is the photo without its
 * copies. Copies that leave the public store get new names: the old ones were served as cacheable
 * for a year, and must name nothing private from now on.
 */
async function moveCopies(ctx: CopiesContext, row: repo.CopiesRow): Promise<'moved' | 'changed'> {
  const filesPrivate = row.filesPrivate === 1 ? 0 : 1;
  const from = copiesStoreOf(ctx.media, row.filesPrivate);
  const to = copiesStoreOf(ctx.media, filesPrivate);
  const copiesKey = filesPrivate === 1 ? newFileKey() : row.copiesKey;
  const rename = (name: string) => copyNameWithKey(name, copiesKey);
  const names = copyNamesOf(row);
  const written: string[] = [];
  try {
    for (const name of names) {
      const opened = await from.open(name);
      // Gone already: the photo was re-rendered or deleted meanwhile, and the swap below says so.
      if (!opened) continue;
      await to.put(rename(name), opened.stream);
      written.push(rename(name));
    }
    const variants = (JSON.parse(row.variants) as ImageVariant[]).map((variant) => ({ ...variant, filename: rename(variant.filename) }));
    const swapped = await repo.swapCopies(ctx.db, row.id, row.copiesKey, {
      copiesKey,
      filename: rename(row.filename),
      thumbnail: rename(row.thumbnail),
      variants: JSON.stringify(variants),
      videoFiles: videoFilesWithKey(row, copiesKey),
      filesPrivate,
    });
    if (!swapped) {
      await Promise.allSettled(written.filter((name) => !names.includes(name)).map((name) => to.delete(name)));
      return 'changed';
    }
  } catch (error) {
    if (copiesKey !== row.copiesKey) await Promise.allSettled(written.map((name) => to.delete(name)));
    throw error;
  }
  // From the old store: the uploads one also forgets what it kept in memory.
  await Promise.allSettled(names.map((name) => from.delete(name)));
  return 'moved';
}

/**
 * Puts every photo's copies in the store its visibility asks for. A photo whose copies changed
 * while it was moved is looked at again; one that fails is logged, and the pass fails after the
 * others so the job is tried again.
 */
export async function placeCopies(ctx: CopiesContext): Promise<number> {
  let moved = 0;
  let failed: Error | null = null;
  for (let round = 0; round < 3; round++) {
    let changed = 0;
    for (const row of await repo.listMisplaced(ctx.db)) {
      try {
        if ((await moveCopies(ctx, row)) === 'moved') moved += 1;
        else changed += 1;
      } catch (error) {
        ctx.log.error({ err: error, photoId: row.id }, 'could not move the copies of a photo between stores');
        failed ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (changed === 0) break;
  }
  if (failed) throw failed;
  return moved;
}

// ---- Rendering again: the copies carry what applies to their photo now ----

/** Asks for a render of every live photo whose copies carry other rights or another watermark than apply now. */
export async function refreshCopies(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const stale = (await repo.listRightsSources(ctx.db)).filter((row) => rightsOutOfDate(row) || watermarkOutOfDate(row));
  await ctx.db.transaction().execute(async (trx) => {
    for (const row of stale) {
      await enqueue({ db: trx, clock: ctx.clock }, renderCopiesJob, { photoId: row.id }, { key: `${renderCopiesJob.name}:${row.id}` });
    }
  });
  return stale.length;
}

export type RenderOutcome = 'replaced' | 'current' | 'no-original' | 'gone';

/**
 * Renders one photo's copies again from its original, with the rights and watermark that apply
 * now, under a new key, and swaps them in; the copies they replace stay served for
 * REPLACED_COPIES_KEPT_MS (pages loaded before the swap still ask for them), then a job removes
 * them. 'current' when nothing is out of date (already done), 'no-original' when no original is
 * kept (the copies stay as they are), 'gone' when the photo is no longer live.
 */
export async function renderCopies(
  ctx: CopiesContext,
  photoId: number,
  options: { removeReplacedNow?: boolean; attempt?: number } = {},
): Promise<RenderOutcome> {
  const [row] = await repo.listRightsSources(ctx.db, { id: photoId });
  if (!row) return 'gone';
  if (!rightsOutOfDate(row) && !watermarkOutOfDate(row)) return 'current';
  const replaced = await renderFromOriginal(ctx, row, { rights: rightsOfRow(row), watermark: watermarkOfRow(row), key: newFileKey() });
  if (replaced === 'no-original') {
    ctx.log.warn({ photoId }, 'no original kept: the copies keep their old rights and watermark');
    return 'no-original';
  }
  if (replaced === 'changed') {
    // Moved or rendered meanwhile: look again, from what the row says now; a photo that keeps
    // changing under every render fails this attempt, and its job tries again later.
    const attempt = (options.attempt ?? 1) + 1;
    if (attempt > 3) throw new Error(`photo ${photoId} changed under three renders in a row`);
    return renderCopies(ctx, photoId, { ...options, attempt });
  }
  if (options.removeReplacedNow) await deleteCopies(ctx.media, replaced);
  else await deleteCopiesLater(ctx, replaced);
  return 'replaced';
}

/** What a pass of the command line did. */
export interface RenderPassReport {
  rendered: number;
  /** No original kept: the copies stay as they are. */
  withoutOriginal: number;
  deletedMeanwhile: number;
  failed: number;
}

/**
 * Renders now, in this process, every photo whose copies are out of date, removing the copies
 * they replace at once: the command line's pass, for a site at rest.
 */
export async function renderOutOfDateCopies(ctx: CopiesContext, onProgress?: (done: number, total: number) => void): Promise<RenderPassReport> {
  const stale = (await repo.listRightsSources(ctx.db)).filter((row) => rightsOutOfDate(row) || watermarkOutOfDate(row));
  const report: RenderPassReport = { rendered: 0, withoutOriginal: 0, deletedMeanwhile: 0, failed: 0 };
  for (const [index, row] of stale.entries()) {
    try {
      const outcome = await renderCopies(ctx, row.id, { removeReplacedNow: true });
      if (outcome === 'replaced' || outcome === 'current') report.rendered += 1;
      else if (outcome === 'no-original') report.withoutOriginal += 1;
      else report.deletedMeanwhile += 1;
    } catch (error) {
      ctx.log.error({ err: error, photoId: row.id }, 'could not render the photo with its rights and watermark');
      report.failed += 1;
    }
    onProgress?.(index + 1, stale.length);
  }
  return report;
}

/**
 * Renders a photo's copies from its original under `key`, into the store that holds its copies
 * now, and points its row at them; answers the names they replace (left for the caller), or
 * 'changed' when the row's copies changed meanwhile (the new ones are removed again).
 */
export async function renderFromOriginal(
  ctx: Pick<AppContext, 'db' | 'media' | 'log'>,
  row: repo.CopiesRow,
  options: { rights: Rights; watermark: Watermark | null; key: string; source?: string },
): Promise<string[] | 'no-original' | 'changed'> {
  const { media } = ctx;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atelier-render-'));
  try {
    let source = options.source;
    if (!source) {
      const originalName = await originalNameOf(media.originals, row.fileKey);
      source = path.join(dir, 'original');
      if (!originalName || !(await copyToDisk(media.originals, originalName, source))) return 'no-original';
    }
    const mark = await loadedWatermarkOf(ctx, options.watermark);
    const store = copiesStoreOf(media, row.filesPrivate);
    const rendered = await media.images.renderPhoto(source, options.key, store, imageRightsOf(options.rights), mark);
    // A video's playable copies carry no rights or watermark: the same bytes under the new key,
    // as every copy of a photo's current set shares its key (galleries check it).
    const videoNames = await copyVideoFiles(store, row, options.key);
    const newNames = [...renderedFilesOf(rendered), ...videoNames];
    const swapped = await repo.swapCopies(ctx.db, row.id, row.copiesKey, {
      ...renderedColumns(rendered),
      videoFiles: videoFilesWithKey(row, options.key),
      copiesKey: options.key,
      renderedRights: renderedRightsColumn(options.rights),
      renderedWatermark: renderedWatermarkColumn(options.watermark),
      filesPrivate: row.filesPrivate,
    });
    if (!swapped) {
      // Gone, or its copies moved or rendered under another key meanwhile: these are no row's.
      await deleteCopies(media, newNames);
      return 'changed';
    }
    return copyNamesOf(row).filter((name) => !newNames.includes(name));
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** A video's transcoded files copied under `key` in the same store; the new names. */
async function copyVideoFiles(store: FileStore, row: { videoFiles: string | null }, key: string): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const name of videoNamesOf(row)) {
      const opened = await store.open(name);
      if (!opened) continue;
      await store.put(copyNameWithKey(name, key), opened.stream);
      written.push(copyNameWithKey(name, key));
    }
  } catch (error) {
    await Promise.allSettled(written.map((name) => store.delete(name)));
    throw error;
  }
  return written;
}

// ---- Replacing: a photo drawn from another file ----

/** A new file for a photo: on local disk, the key its copies and original go under, and the original's name. */
export interface ReplacementFile {
  source: string;
  key: string;
  originalName: string;
}

export type ReplaceOutcome = 'replaced' | 'changed' | 'gone';

/**
 * Renders a live photo's copies from a new file under a new key, into the store that holds its
 * copies now (the restricted one for an unlisted or private category's photo, as an upload's),
 * with the rights and watermark that apply to it; keeps the file as its original; then points the
 * row at both in one statement that checks the row still names the copies it was drawn over, with
 * `columns` (what the photos feature reads from the file). The copies and original it replaced are
 * removed by jobs recorded in the same transaction, once pages loaded before no longer ask for them.
 * 'changed' when the copies moved or were rendered again meanwhile, 'gone' when the photo is not
 * live: the new files are removed again and the photo is as it was.
 */
export async function replaceCopies(
  ctx: CopiesContext & Pick<AppContext, 'jobs'>,
  photoId: number,
  file: ReplacementFile,
  columns: repo.ReplacedFileColumns,
  /** Runs in the swap's transaction once it took: what follows the replacement is recorded with it. */
  afterSwap?: (trx: Db) => Promise<void>,
): Promise<ReplaceOutcome> {
  const { media } = ctx;
  const [row] = await repo.listRightsSources(ctx.db, { id: photoId });
  if (!row) return 'gone';
  const rights = rightsOfRow(row);
  const watermark = watermarkOfRow(row);
  const mark = await loadedWatermarkOf(ctx, watermark);
  const rendered = await media.images.renderPhoto(file.source, file.key, copiesStoreOf(media, row.filesPrivate), imageRightsOf(rights), mark);
  const newNames = renderedFilesOf(rendered);
  let swapped = false;
  try {
    await media.originals.put(file.originalName, { path: file.source });
    // The check of every photo's copies rides along: a move or a change of rights between the
    // read above and the swap is put right by its jobs.
    swapped = await changingCopies(
      ctx,
      async (trx) => {
        const done = await repo.swapCopies(trx, row.id, row.copiesKey, {
          ...renderedColumns(rendered),
          ...columns,
          fileKey: file.key,
          copiesKey: file.key,
          renderedRights: renderedRightsColumn(rights),
          renderedWatermark: renderedWatermarkColumn(watermark),
          filesPrivate: row.filesPrivate,
          // The new file is a photo: a video's transcoded files go with its old copies.
          videoFiles: null,
        });
        if (done) {
          await deleteCopiesLater({ db: trx, clock: ctx.clock }, copyNamesOf(row));
          await deleteOriginalLater({ db: trx, clock: ctx.clock }, row.fileKey);
          await afterSwap?.(trx);
        }
        return done;
      },
      { when: (done) => done },
    );
  } finally {
    if (!swapped) await deletePhotoFiles(ctx, file.key, newNames);
  }
  return swapped ? 'replaced' : 'changed';
}

/** How far the re-render of copies has come: the renders asked for since the pass under way (or the last) began. */
export async function copiesRenderProgress(ctx: Pick<AppContext, 'db'>): Promise<WatermarkProgress> {
  return batchProgress(ctx.db, refreshCopiesJob.name, renderCopiesJob.name);
}

/** The rights that apply to a live photo now (its own, else its category's defaults); null when not found. */
export async function rightsOfPhoto(ctx: Pick<AppContext, 'db'>, id: number): Promise<Rights | null> {
  const [row] = await repo.listRightsSources(ctx.db, { id });
  return row ? rightsOfRow(row) : null;
}

// ---- Reading copies ----

/**
 * A photo's copy, from whichever store holds it: the restricted one first, then uploads (a copy
 * on its way between them is in one or the other). For the routes that check access first.
 */
export async function openPhotoCopy(ctx: { media: CopyStores }, name: string, range?: ByteRange): Promise<OpenedFile | null> {
  return (await ctx.media.restricted.open(name, range)) ?? (await ctx.media.uploads.open(name, range));
}

/** A copy found in one of the stores: its size and time, and its bytes opened on demand. */
export interface FoundCopy {
  info: StoredFileInfo;
  open: (range?: ByteRange) => Promise<OpenedFile | null>;
}

/** A photo's copy from whichever store holds it (restricted first); null when neither does. */
export async function findPhotoCopy(ctx: { media: CopyStores }, name: string): Promise<FoundCopy | null> {
  for (const store of [ctx.media.restricted, ctx.media.uploads]) {
    const info = await store.stat(name);
    if (info) return { info, open: (range) => store.open(name, range) };
  }
  return null;
}

/**
 * A copy a gallery may hand out: one of the current copies of a live photo of that category.
 * Moving the photo elsewhere, or a new render, ends it with the rest of its access.
 */
export async function findCategoryCopy(
  ctx: Pick<AppContext, 'db'> & { media: CopyStores },
  categoryId: number,
  name: string,
  /** When given, only these photos' copies (a gallery link's sneak peek). */
  onlyPhotos?: ReadonlySet<number>,
): Promise<FoundCopy | null> {
  const photo = await repo.findCategoryPhotoByCopiesKey(ctx.db, categoryId, fileKeyOfCopy(name));
  if (!photo || !copyNamesOf(photo).includes(name) || (onlyPhotos && !onlyPhotos.has(photo.id))) return null;
  return findPhotoCopy(ctx, name);
}

export { REPLACED_COPIES_KEPT_MS };
