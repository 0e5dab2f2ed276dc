import { DomainError } from '#server/lib/errors.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { watermarkLogosInUse } from '#server/features/watermarks/watermarks.service.ts';
import { audioFilesInUse } from '#server/features/audio/audio.service.ts';
import { copyNamesOf, deletePhotoFiles, findPhotoCopy } from '#server/features/renditions/renditions.service.ts';
import type { AppContext } from '#server/app-context.ts';
import * as repo from './photos.repository.ts';
import { purgeTrash } from './trash.service.ts';

type CleanupContext = Pick<AppContext, 'db' | 'media' | 'clock'>;
import { fileKeyOfOriginal } from '#server/storage/file-names.ts';

/**
 * Files younger than this are left alone: an upload in flight writes its files before its row,
 * and a new banner waits for the client's PATCH.
 */
export const CLEANUP_GRACE_MS = 15 * 60 * 1000;

export interface CleanupReport {
  /** Stored files no row points at, half-written files and stale temp files. */
  filesRemoved: number;
  /** Photos whose display image was gone; their other files went with them. */
  photosRemoved: number;
}

async function bannerInUse(ctx: CleanupContext): Promise<string | null> {
  try {
    return (await getPortfolioOwner(ctx)).bannerImage;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'notFound') return null;
    throw error;
  }
}

/** Brings files and rows back in step after a crash, a lost disk or a hand-edited folder. */
export async function cleanupOrphans(ctx: CleanupContext, graceMs = CLEANUP_GRACE_MS): Promise<CleanupReport> {
  const { media } = ctx;
  // Deletes whose Undo window has passed go first; their files are then no row's.
  await purgeTrash(ctx);
  const rows = await repo.listPhotoFiles(ctx.db);

  const broken: typeof rows = [];
  // In either store: a non-public gallery's copies are in the restricted one.
  for (const row of rows) if (!(await findPhotoCopy(ctx, row.filename))) broken.push(row);
  await repo.deletePhotosById(ctx.db, broken.map((row) => row.id));
  for (const row of broken) await deletePhotoFiles(ctx, row.fileKey, copyNamesOf(row));

  const kept = rows.filter((row) => !broken.includes(row));
  const keptNames = new Set(kept.flatMap((row) => copyNamesOf(row)));
  const keptKeys = new Set(kept.map((row) => row.fileKey));
  const banner = await bannerInUse(ctx);
  if (banner) keptNames.add(banner);
  for (const logo of await watermarkLogosInUse(ctx)) keptNames.add(logo);
  // A release's tracks: the previews beside the restricted copies, the originals beside the photos'.
  const audio = await audioFilesInUse(ctx);
  for (const preview of audio.previews) keptNames.add(preview);

  const olderThan = ctx.clock().getTime() - graceMs;
  let filesRemoved = 0;
  const sweep = async (store: FileStore, isKept: (name: string) => boolean) => {
    for await (const file of store.list()) {
      if (isKept(file.name) || file.mtime.getTime() > olderThan) continue;
      await store.delete(file.name);
      filesRemoved += 1;
    }
    // Half-written files of a put() the process died in; list() never shows them.
    filesRemoved += await store.removeIncomplete(new Date(olderThan));
  };
  await sweep(media.uploads, (name) => keptNames.has(name));
  await sweep(media.restricted, (name) => keptNames.has(name));
  await sweep(media.originals, (name) => keptKeys.has(fileKeyOfOriginal(name)) || audio.originals.has(name));
  // Temp files outlive their request only when the process died while handling it.
  await sweep(new LocalFileStore(media.upload.tmpDir), () => false);

  return { filesRemoved, photosRemoved: broken.length };
}
