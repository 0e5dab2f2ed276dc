import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import type { AppContext } from '#server/app-context.ts';
import { formatOfExtension, isCameraFormat, isVideoFormat } from '#server/images/image-format.ts';
import { cameraFileWithoutLocation, withoutLocation } from '#server/images/location-free.ts';
import { originalsPrefix } from '#server/storage/file-names.ts';
import { openPhotoCopy, videoFilesOf } from './renditions.service.ts';
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

/**
 * The display copy, from whichever store holds it (restricted for a non-public gallery's); a
 * video's is its largest MP4 (its poster until the transcode has ended).
 */
export async function openDisplayFile(ctx: Pick<AppContext, 'media'>, photo: DownloadablePhoto): Promise<DownloadFile | null> {
  const name = videoFilesOf(photo)[0]?.filename ?? photo.filename;
  const opened = await openPhotoCopy(ctx, name);
  if (!opened) return null;
  return { stream: opened.stream, extension: extensionOf(name), size: opened.size };
}

/**
 * The uploaded original without its location data (images/location-free.ts: JPEG losslessly
 * and streamed, its first image only; PNG, WebP and GIF without the chunks and blocks that may
 * hold one; a HEIC or a TIFF-based RAW read whole, its GPS emptied in place). A photo kept
 * without its original (one from before originals were kept), or whose original's location this
 * server cannot prove removed (CR3, RAF), gives its display copy: the best file there is that
 * holds no location. A video's original (an iPhone's MOV keeps where it was filmed in atoms of its
 * own) gives its MP4, transcoded without any metadata.
 */
export async function openOriginalFile(ctx: Pick<AppContext, 'media'>, photo: DownloadablePhoto): Promise<DownloadFile | null> {
  for await (const file of ctx.media.originals.list(originalsPrefix(photo.fileKey))) {
    const extension = extensionOf(file.name);
    const format = formatOfExtension(extension);
    if (!format) continue;
    if (isVideoFormat(format)) break;
    const opened = await ctx.media.originals.open(file.name);
    if (!opened) continue; // removed meanwhile
    if (!isCameraFormat(format)) return { stream: withoutLocation(format, opened.stream), extension, size: null };
    // One file at a time, at most the upload limit: a gallery's ZIP reads its files one by one.
    const clean = cameraFileWithoutLocation(format, await readAll(opened.stream));
    if (clean) return { stream: Readable.from([clean]), extension, size: clean.length };
  }
  return openDisplayFile(ctx, photo);
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
