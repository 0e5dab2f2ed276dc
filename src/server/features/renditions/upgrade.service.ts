import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Rights } from '#contract/rights.ts';
import type { AppContext } from '#server/app-context.ts';
import { sourceColourOf, type SourceColour } from '#server/images/colour.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { rightsOfRow } from './copy-rights.ts';
import { watermarkOfRow } from './copy-watermark.ts';
import * as repo from './renditions.repository.ts';
import { copiesStoreOf, copyToDisk, deleteCopies, originalNameOf, renderFromOriginal } from './renditions.service.ts';

/**
 * Re-renders existing photos from their originals with today's pipeline, one at a time, while the
 * site serves: each file is replaced whole (stores never show a half-written file), then the row
 * gets the new files and a version one higher, so every URL (`?v=`) changes and caches fetch the
 * new copies. By default only photos the colour pipeline changes are touched (a wide-gamut or
 * Ultra HDR original whose display image is not yet P3 or HDR); an sRGB photo would come out
 * byte for byte as it is, and bumping it would only empty caches.
 */

export type UpgradeContext = Pick<AppContext, 'db' | 'media' | 'log'>;

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

/** Whether the display image already shows what the original holds (P3 kept, gain map kept). */
async function displayIsCurrent(store: FileStore, displayName: string, colour: SourceColour, dir: string): Promise<boolean> {
  const display = path.join(dir, 'display');
  if (!(await copyToDisk(store, displayName, display))) return false;
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
  const rows = await repo.listAllCopies(db);
  // The copies keep the rights they carry in XMP and the watermark they show (a photo in the
  // trash: its own rights, no watermark).
  const sourcesById = new Map((await repo.listRightsSources(db)).map((row) => [row.id, row]));
  const report: UpgradeReport = { upgraded: 0, upToDate: 0, withoutOriginal: 0, deletedMeanwhile: 0, failed: [] };
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atelier-upgrade-'));
  try {
    for (const [index, row] of rows.entries()) {
      const originalName = await originalNameOf(media.originals, row.fileKey);
      const original = path.join(dir, 'original');
      if (!originalName || !(await copyToDisk(media.originals, originalName, original))) {
        report.withoutOriginal += 1;
      } else {
        try {
          // A RAW original is no image sharp reads: its copies are sRGB, as its decoder makes them.
          const metadata = await sharp(original).metadata().catch(() => null);
          const colour = metadata ? sourceColourOf(metadata) : { wideGamut: false, gainMap: false };
          const changes = colour.wideGamut || colour.gainMap;
          if (!options.all && (!changes || (await displayIsCurrent(copiesStoreOf(media, row.filesPrivate), row.filename, colour, dir)))) {
            report.upToDate += 1;
          } else {
            const source = sourcesById.get(row.id);
            const rights = source ? rightsOfRow(source) : NO_RIGHTS;
            const watermark = source ? watermarkOfRow(source) : null;
            // Under the same names: each file is replaced whole, and the version sends caches to the new bytes.
            const replaced = await renderFromOriginal(ctx, row, { key: row.copiesKey, rights, watermark, source: original });
            if (Array.isArray(replaced)) {
              await deleteCopies(media, replaced);
              report.upgraded += 1;
            } else {
              report.deletedMeanwhile += 1;
            }
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
