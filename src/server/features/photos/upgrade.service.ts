import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { AppContext } from '#server/app-context.ts';
import { sourceColourOf, type SourceColour } from '#server/images/colour.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { newFileKey, originalsPrefix } from '#server/storage/file-names.ts';
import type { Rights } from '#contract/rights.ts';
import type { Watermark } from '#contract/watermarks.ts';
import { loadedWatermarkOf, renderedWatermarkColumn, watermarkOfRow } from './copies-watermark.ts';
import { copiesStoreOf, deleteCopies } from './photo-files.service.ts';
import * as repo from './photos.repository.ts';
import { publicFilesOf, renderedColumns, renderedFilesOf } from './photos.service.ts';
import { imageRightsOf, renderedRightsColumn, rightsOfRow } from './rights.ts';

/**
 * Re-renders existing photos from their originals with today's pipeline, one at a time, while the
 * site serves: each file is replaced whole (stores never show a half-written file), then the row
 * gets the new files and a version one higher, so every URL (`?v=`) changes and caches fetch the
 * new copies. By default only photos the colour pipeline changes are touched (a wide-gamut or
 * Ultra HDR original whose display image is not yet P3 or HDR); an sRGB photo would come out
 * byte for byte as it is, and bumping it would only empty caches.
 */

export type UpgradeContext = Pick<AppContext, 'db' | 'media'>;

export interface UpgradeOptions {
  /** Re-render every photo with an original, whatever its colour. */
  all?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface UpgradeReport {
  upgraded: number;
  /** Already as today's pipeline makes them, or sRGB photos it would not change. */
  upToDate: number;
  /** No original kept (photos from before originals were kept, or lost): left as they are. */
  withoutOriginal: number;
  /** Deleted while being re-rendered; their new files were removed again. */
  deletedMeanwhile: number;
  /** Originals the pipeline refuses now (damaged): left as they are, named with the reason. */
  failed: Array<{ id: number; reason: string }>;
}

async function originalNameOf(originals: FileStore, fileKey: string): Promise<string | null> {
  for await (const file of originals.list(originalsPrefix(fileKey))) return file.name;
  return null;
}

/** A stored file copied to local disk, where sharp reads it; S3 stores have no path of their own. */
async function copyToDisk(store: FileStore, name: string, dir: string, as: 'original' | 'display'): Promise<string | null> {
  const opened = await store.open(name);
  if (!opened) return null;
  // An original and its display JPEG share a name (the key and .jpg), in different stores.
  const file = path.join(dir, `${as}-${name}`);
  await pipeline(opened.stream, fs.createWriteStream(file));
  return file;
}

/** Whether the display image already shows what the original holds (P3 kept, gain map kept). */
async function displayIsCurrent(uploads: FileStore, displayName: string, colour: SourceColour, dir: string): Promise<boolean> {
  const display = await copyToDisk(uploads, displayName, dir, 'display');
  if (!display) return false;
  try {
    const meta = await sharp(display).metadata();
    return (!colour.wideGamut || meta.icc !== undefined) && (!colour.gainMap || meta.gainMap !== undefined);
  } catch {
    return false;
  } finally {
    await fsp.rm(display, { force: true });
  }
}

export async function upgradePhotos(ctx: UpgradeContext, options: UpgradeOptions = {}): Promise<UpgradeReport> {
  const { db, media } = ctx;
  const rows = await repo.listAllPhotoFiles(db);
  // The copies keep the rights they carry in XMP (a photo in the trash: its own).
  // ...and the watermark they show (issue 16; a photo in the trash: none).
  const sourcesById = new Map((await repo.listRightsSources(db)).map((row) => [row.id, row]));
  const report: UpgradeReport = { upgraded: 0, upToDate: 0, withoutOriginal: 0, deletedMeanwhile: 0, failed: [] };
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atelier-upgrade-'));
  try {
    for (const [index, row] of rows.entries()) {
      const originalName = await originalNameOf(media.originals, row.fileKey);
      const original = originalName ? await copyToDisk(media.originals, originalName, dir, 'original') : null;
      if (!original) {
        report.withoutOriginal += 1;
      } else {
        try {
          const colour = sourceColourOf(await sharp(original).metadata());
          const changes = colour.wideGamut || colour.gainMap;
          if (!options.all && (!changes || (await displayIsCurrent(copiesStoreOf(media, row.filesPrivate), row.filename, colour, dir)))) {
            report.upToDate += 1;
          } else {
            const source = sourcesById.get(row.id);
            const rights = source ? rightsOfRow(source) : NO_RIGHTS;
            const watermark = source ? watermarkOfRow(source) : null;
            const { outcome } = await rerender(ctx, row, original, { key: row.fileKey, rights, watermark });
            if (outcome === 'replaced') report.upgraded += 1;
            else report.deletedMeanwhile += 1;
          }
        } catch (error) {
          report.failed.push({ id: row.id, reason: error instanceof Error ? error.message : String(error) });
        } finally {
          await fsp.rm(original, { force: true });
        }
      }
      options.onProgress?.(index + 1, rows.length);
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return report;
}

const NO_RIGHTS: Rights = { license: null, credit: null, copyright: null };

type PhotoFiles = Pick<repo.RightsSourceRow, 'id' | 'fileKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'>;

/**
 * Renders a photo again from its original file (on local disk) with `rights` in its XMP, under
 * `key`, and points its row at the new files; then removes the names the new render no longer
 * uses. Under the same key each put replaces a file whole, and a visitor between two puts sees an
 * old and a new copy of the same picture, never a missing one; under a new key the old copies stay
 * until the row points at the new ones. 'deleted' when the photo went meanwhile.
 */
async function rerender(
  ctx: UpgradeContext,
  row: PhotoFiles,
  original: string,
  options: { key: string; rights: Rights; watermark: Watermark | null; keepReplaced?: boolean },
): Promise<{ outcome: 'replaced'; replaced: string[] } | { outcome: 'deleted' }> {
  const { db, media } = ctx;
  const mark = await loadedWatermarkOf(ctx, options.watermark);
  // Into the store that holds the photo's copies now; the flag below says so even if they moved meanwhile.
  const store = copiesStoreOf(media, row.filesPrivate);
  const rendered = await media.images.renderPhoto(original, options.key, store, imageRightsOf(options.rights), mark);
  const newNames = renderedFilesOf(rendered);
  const columns = {
    ...renderedColumns(rendered),
    renderedRights: renderedRightsColumn(options.rights),
    renderedWatermark: renderedWatermarkColumn(options.watermark),
    filesPrivate: row.filesPrivate,
  };
  if (!(await repo.replaceRenderedFiles(db, row.id, row.fileKey, columns))) {
    // Deleted while it was rendered: its delete removed the old names; these are the new ones.
    await deleteCopies(media, newNames);
    return { outcome: 'deleted' };
  }
  // Names the new render no longer makes (a width or format of an older pipeline, or the old key's):
  // removed now, or handed back to be removed later (`keepReplaced`).
  const replaced = publicFilesOf(row).filter((name) => !newNames.includes(name));
  if (!options.keepReplaced) await deleteCopies(media, replaced);
  return { outcome: 'replaced', replaced };
}

/**
 * Gives a photo's public copies the rights it has now (its own, else its category's) and the
 * watermark that applies to it (issue 16), rendered
 * from its original under a new key and swapped in, so there is never a moment without a copy.
 * The old copies are left in place and named in the answer, for the caller to remove once pages
 * loaded before the swap no longer ask for them. 'no-original' for a photo whose original is not
 * kept: its copies stay as they are.
 */
export async function renderRights(
  ctx: UpgradeContext,
  row: PhotoFiles,
  rights: Rights,
  watermark: Watermark | null = null,
): Promise<{ outcome: 'replaced'; replaced: string[] } | { outcome: 'deleted' | 'no-original' }> {
  const originalName = await originalNameOf(ctx.media.originals, row.fileKey);
  if (!originalName) return { outcome: 'no-original' };
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atelier-rights-'));
  try {
    const original = await copyToDisk(ctx.media.originals, originalName, dir, 'original');
    if (!original) return { outcome: 'no-original' };
    return await rerender(ctx, row, original, { key: newFileKey(), rights, watermark, keepReplaced: true });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
