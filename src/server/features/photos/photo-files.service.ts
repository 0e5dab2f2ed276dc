import type { AppContext } from '#server/app-context.ts';
import type { ByteRange, FileStore, OpenedFile, StoredFileInfo } from '#server/storage/file-store.ts';
import { fileKeyOfCopy } from '#server/storage/file-names.ts';
import * as repo from './photos.repository.ts';
import { publicFilesOf } from './photos.service.ts';

/**
 * Where a photo's copies (display image, widths, thumbnail) live (issue 16, item 3). A public
 * photo's are in the uploads store, served to anyone under /uploads; a non-public gallery's
 * (a category that is unlisted or private) are in the restricted store, which /uploads never
 * reads and which keeps nothing in memory: only the owner and a link's holder get them. The
 * photo row's `filesPrivate` says which store holds them now; `placePhotoFiles` moves them when
 * a photo's category or its visibility changes, copying before the flag flips and deleting
 * after, so at no moment is a photo without its copies.
 */

type FilesContext = Pick<AppContext, 'db' | 'media' | 'log'>;

/** The two stores a photo's copies can be in. */
export interface CopyStores {
  uploads: FileStore;
  restricted: FileStore;
}

/** The store that holds the copies of a photo with this flag. */
export function copiesStoreOf(media: CopyStores, filesPrivate: number): FileStore {
  return filesPrivate === 1 ? media.restricted : media.uploads;
}

/**
 * A photo's copy, from whichever store holds it: the restricted one first, then uploads (a copy
 * on its way between them is in one or the other). For the routes that check access first.
 */
export async function openPhotoCopy(
  ctx: { media: CopyStores },
  name: string,
  range?: ByteRange,
): Promise<OpenedFile | null> {
  return (await ctx.media.restricted.open(name, range)) ?? (await ctx.media.uploads.open(name, range));
}

/** Removes copies from both stores (removing a missing file is no error). */
export async function deleteCopies(media: CopyStores, names: string[]): Promise<void> {
  await Promise.allSettled(names.flatMap((name) => [media.uploads.delete(name), media.restricted.delete(name)]));
}

/** Copies one photo's files into the store its flag asks for, flips the flag, then removes the old ones. */
async function movePhoto(ctx: FilesContext, row: repo.MisplacedPhotoRow): Promise<void> {
  const filesPrivate = row.filesPrivate === 1 ? 0 : 1;
  const from = copiesStoreOf(ctx.media, row.filesPrivate);
  const to = copiesStoreOf(ctx.media, filesPrivate);
  const names = publicFilesOf(row);
  for (const name of names) {
    const opened = await from.open(name);
    // Already moved by an earlier pass that stopped before the flag: it is where it should be.
    if (!opened) continue;
    await to.put(name, opened.stream);
  }
  if (!(await repo.setFilesPrivate(ctx.db, row.id, row.fileKey, filesPrivate))) {
    // Re-rendered or deleted meanwhile: what was copied is of no row now.
    await Promise.allSettled(names.map((name) => to.delete(name)));
    return;
  }
  // From the other store: the uploads one also forgets what it kept in memory.
  await Promise.allSettled(names.map((name) => from.delete(name)));
}

interface Placer {
  running: Promise<void> | null;
  again: boolean;
}
const placers = new WeakMap<FilesContext['db'], Placer>();

async function placeAll(ctx: FilesContext): Promise<number> {
  let moved = 0;
  for (const row of await repo.listMisplacedPhotos(ctx.db)) {
    try {
      await movePhoto(ctx, row);
      moved += 1;
    } catch (error) {
      // Left as it is: the next pass (the next change, or the next start) tries again.
      ctx.log.error({ err: error, photoId: row.id }, 'could not move the copies of a photo between stores');
    }
  }
  return moved;
}

/**
 * Puts every photo's copies in the store its category's visibility asks for, and resolves when
 * they are: the owner's change answers once its photos' access has moved with it. One pass at a
 * time per database; a call during a pass waits for it and for one more after it.
 */
export async function placePhotoFiles(ctx: FilesContext): Promise<void> {
  let placer = placers.get(ctx.db);
  if (!placer) {
    placer = { running: null, again: false };
    placers.set(ctx.db, placer);
  }
  const current = placer;
  if (current.running !== null) {
    current.again = true;
    while (current.running !== null) await current.running;
    return;
  }
  current.running = (async () => {
    try {
      do {
        current.again = false;
        await placeAll(ctx);
      } while (current.again);
    } finally {
      current.running = null;
    }
  })();
  await current.running;
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
 * A copy a gallery may hand out: one of the current files of a live photo of that category.
 * Moving the photo elsewhere, or a new render, ends it with the rest of its access.
 */
export async function findCategoryCopy(
  ctx: Pick<AppContext, 'db'> & { media: CopyStores },
  categoryId: number,
  name: string,
): Promise<FoundCopy | null> {
  const photo = await repo.findCategoryPhotoByFileKey(ctx.db, categoryId, fileKeyOfCopy(name));
  if (!photo || !publicFilesOf(photo).includes(name)) return null;
  return findPhotoCopy(ctx, name);
}
