import type { Readable } from 'node:stream';
import type { AppContext } from '#server/app-context.ts';
import { FORMAT_EXTENSIONS, type ImageFormat } from '#server/images/image-format.ts';
import { withoutLocation } from '#server/images/location-free.ts';
import { originalsPrefix } from '#server/storage/file-names.ts';
import { openPhotoCopy } from './renditions.service.ts';
import * as repo from './photo-downloads.repository.ts';

/**
 * A photo's files as a gallery's downloads give them: its display copy, or its
 * original without location data. The galleries feature decides who may have which.
 */

export type DownloadablePhoto = repo.DownloadablePhotoRow;

/** A category's live photos in gallery order, or the one with `photoId` (none when it is not there). */
export function listDownloadablePhotos(ctx: Pick<AppContext, 'db'>, categoryId: number, photoId?: number): Promise<DownloadablePhoto[]> {
  return repo.listCategoryPhotoFiles(ctx.db, categoryId, photoId);
}

/** A file to download: its bytes, its extension, and its size where known before it is read. */
export interface DownloadFile {
  stream: Readable;
  extension: string;
  size: number | null;
}

/** The display copy, from whichever store holds it (restricted for a non-public gallery's). */
export async function openDisplayFile(ctx: Pick<AppContext, 'media'>, photo: DownloadablePhoto): Promise<DownloadFile | null> {
  const opened = await openPhotoCopy(ctx, photo.filename);
  if (!opened) return null;
  return { stream: opened.stream, extension: extensionOf(photo.filename), size: opened.size };
}

const FORMATS_BY_EXTENSION = new Map<string, ImageFormat>([
  ...Object.entries(FORMAT_EXTENSIONS).map(([format, extension]) => [extension, format as ImageFormat] as const),
  ['jpeg', 'jpeg'],
]);

/**
 * The uploaded original without its location data (images/location-free.ts: JPEG losslessly
 * and streamed, its first image only; PNG, WebP and GIF without the chunks and blocks that may
 * hold one). A photo kept without its original
 * (one from before originals were kept) gives its display copy: the best file there is.
 */
export async function openOriginalFile(ctx: Pick<AppContext, 'media'>, photo: DownloadablePhoto): Promise<DownloadFile | null> {
  for await (const file of ctx.media.originals.list(originalsPrefix(photo.fileKey))) {
    const extension = extensionOf(file.name);
    const format = FORMATS_BY_EXTENSION.get(extension);
    if (!format) continue;
    const opened = await ctx.media.originals.open(file.name);
    if (!opened) continue; // removed meanwhile
    return { stream: withoutLocation(format, opened.stream), extension, size: null };
  }
  return openDisplayFile(ctx, photo);
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
