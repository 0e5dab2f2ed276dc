import { PHOTO_TITLE_MAX, type Photo, type RejectedFile } from '#contract/photos.ts';
import { invalid } from '#server/lib/errors.ts';
import { FORMAT_EXTENSIONS, type ImageFormat } from '#server/images/image-format.ts';
import { ImageRejectedError, type RenderedPhoto } from '#server/images/image-pipeline.ts';
import type { Media } from '#server/images/media.ts';
import { newFileKey, photoFileNames } from '#server/storage/file-names.ts';
import * as repo from './photos.repository.ts';
import { deletePhotoFiles, toPhoto, type PhotosContext } from './photos.service.ts';
import type { PhotoRow } from './photos.table.ts';

/**
 * An upload of photos, from the files on disk to new rows: each file checked and rendered on its
 * own, the good ones stored at the end of the photo bank, every refused one named with its reason.
 */

export const PHOTO_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'gif', 'webp'];

function renderedFilesOf(rendered: RenderedPhoto): string[] {
  return [rendered.filename, rendered.thumbnail, ...rendered.variants.map((variant) => variant.filename)];
}

/** A title from an upload's name: no folders, no extension, no control characters, ≤ 255. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? '';
  const stem = base.includes('.', 1) ? base.slice(0, base.lastIndexOf('.')) : base;
  const clean = stem
    .normalize('NFC')
    // Control characters, and the bidi overrides that could make a title read backwards.
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, PHOTO_TITLE_MAX).join('').trim() || 'Untitled';
}

/** A file of an upload, on local disk for the time of the request. */
export interface IncomingFile {
  name: string;
  path: string;
  /** Cut off at the size limit by the receiver. */
  tooLarge: boolean;
}

export interface UploadOutcome {
  message: string;
  photos: Photo[];
  rejected: RejectedFile[];
  /** Null when something was stored; otherwise why nothing was. */
  refusedAs: ImageRejectedError['kind'] | null;
}

interface StoredImage {
  key: string;
  title: string;
  rendered: RenderedPhoto;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

async function storeImage(media: Media, file: IncomingFile): Promise<StoredImage> {
  if (file.tooLarge) {
    throw new ImageRejectedError('tooLarge', `The file is larger than ${formatBytes(media.upload.maxFileBytes)}`);
  }
  const { format } = await media.images.inspect(file.path, PHOTO_FORMATS);
  const key = newFileKey();
  const rendered = await media.images.renderPhoto(file.path, key, media.uploads);
  try {
    await media.originals.put(photoFileNames.original(key, FORMAT_EXTENSIONS[format]), { path: file.path });
  } catch (error) {
    await deletePhotoFiles({ media }, key, renderedFilesOf(rendered));
    throw error;
  }
  return { key, title: titleFromFileName(file.name), rendered };
}

/** New photos go after the photo bank's last one, in the order they were sent. */
async function insertAtEndOfBank(ctx: PhotosContext, userId: number, images: StoredImage[]): Promise<PhotoRow[]> {
  if (images.length === 0) return [];
  const now = ctx.clock().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockPhotoOrder(trx, userId);
    const after = await repo.maxBankOrder(trx, userId);
    return repo.insertPhotos(
      trx,
      images.map(({ key, title, rendered }, index) => ({
        userId,
        categoryId: null,
        title,
        description: null,
        hyperlink: null,
        sortOrder: after + 1 + index,
        fileKey: key,
        filename: rendered.filename,
        thumbnail: rendered.thumbnail,
        variants: JSON.stringify(rendered.variants),
        width: rendered.width,
        height: rendered.height,
        placeholder: rendered.placeholder,
        tracks: null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function outcomeMessage(stored: number, rejected: RejectedFile[]): string {
  if (rejected.length === 0) return `Uploaded ${plural(stored, 'photo', 'photos')}`;
  if (stored > 0) {
    return `Uploaded ${plural(stored, 'photo', 'photos')}; ${plural(rejected.length, 'file was', 'files were')} refused`;
  }
  const reasons = rejected.slice(0, 3).map((file) => `${file.name}: ${file.reason}`);
  const more = rejected.length > 3 ? `; and ${rejected.length - 3} more` : '';
  const which = rejected.length === 1 ? 'the file' : `any of the ${rejected.length} files`;
  return `Could not upload ${which} (${reasons.join('; ')}${more})`;
}

/**
 * Stores each good image of an upload as a new photo at the end of the photo bank, in the order
 * sent; names every other file with the reason. One bad file does not cost the good ones.
 */
export async function addPhotos(ctx: PhotosContext, userId: number, files: IncomingFile[]): Promise<UploadOutcome> {
  if (files.length === 0) throw invalid('No photos were sent; add image files in the "photos" field');
  const results = await Promise.allSettled(files.map((file) => storeImage(ctx.media, file)));

  const stored: StoredImage[] = [];
  const rejected: Array<RejectedFile & { kind: ImageRejectedError['kind'] }> = [];
  let failure: Error | undefined;
  results.forEach((result, index) => {
    const name = files[index]?.name || 'unnamed file';
    if (result.status === 'fulfilled') {
      stored.push(result.value);
    } else if (result.reason instanceof ImageRejectedError) {
      rejected.push({ name, reason: result.reason.message, kind: result.reason.kind });
    } else {
      failure ??= result.reason instanceof Error ? result.reason : new Error(String(result.reason));
    }
  });

  const discardStored = () =>
    Promise.all(stored.map((image) => deletePhotoFiles(ctx, image.key, renderedFilesOf(image.rendered))));
  if (failure) {
    await discardStored();
    throw failure;
  }

  let rows: PhotoRow[];
  try {
    rows = await insertAtEndOfBank(ctx, userId, stored);
  } catch (error) {
    await discardStored();
    throw error;
  }

  const photos = rows.sort((a, b) => a.sortOrder - b.sortOrder).map(toPhoto);
  const refusedAs = photos.length > 0 ? null : rejected.every((file) => file.kind === 'tooLarge') ? 'tooLarge' : 'unsupportedType';
  return {
    message: outcomeMessage(photos.length, rejected),
    photos,
    rejected: rejected.map(({ name, reason }) => ({ name, reason })),
    refusedAs,
  };
}
