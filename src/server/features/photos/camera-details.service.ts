import { buffer } from 'node:stream/consumers';
import type { AppContext } from '#server/app-context.ts';
import { readCameraDetails } from '#server/images/camera-details.ts';
import * as repo from './photos.repository.ts';
import { cameraColumns } from './photos.service.ts';
import { originalsPrefix } from '#server/storage/file-names.ts';

/**
 * Reads the camera details of photos uploaded before they were read at upload, from their
 * originals. Idempotent: a photo once read (with or without details) is not read again, unless
 * `all` asks to read every photo anew.
 */

export interface CameraDetailsBackfillReport {
  /** Photos whose original was read. */
  read: number;
  /** Of those, photos whose original named a camera, lens or exposure. */
  withDetails: number;
  /** Photos without an original in the originals store (left unread, so a later run tries again). */
  missingOriginal: number;
}

const PAGE = 100;

export async function backfillCameraDetails(
  ctx: Pick<AppContext, 'db' | 'media'>,
  options: { all?: boolean } = {},
): Promise<CameraDetailsBackfillReport> {
  const report: CameraDetailsBackfillReport = { read: 0, withDetails: 0, missingOriginal: 0 };
  let afterId = 0;
  for (;;) {
    const photos = await repo.listPhotosForCameraDetails(ctx.db, { all: options.all ?? false, afterId, limit: PAGE });
    if (photos.length === 0) return report;
    for (const photo of photos) {
      afterId = photo.id;
      const original = await firstOriginal(ctx, photo.fileKey);
      if (!original) {
        report.missingOriginal += 1;
        continue;
      }
      const details = await readCameraDetails(original);
      await repo.setCameraDetails(ctx.db, photo.id, cameraColumns(details));
      report.read += 1;
      if (details) report.withDetails += 1;
    }
  }
}

/** A photo's original is `<fileKey>.<ext>`, the extension of the format it was uploaded in. */
export async function firstOriginal(ctx: Pick<AppContext, 'media'>, fileKey: string): Promise<Buffer | null> {
  for await (const file of ctx.media.originals.list(originalsPrefix(fileKey))) {
    const opened = await ctx.media.originals.open(file.name);
    // Whole file: a WebP keeps its EXIF chunk at the end.
    if (opened) return buffer(opened.stream);
  }
  return null;
}
