import type { z } from 'zod';
import {
  PHOTO_TITLE_MAX,
  type ImageVariant,
  type Photo,
  type PhotoWithCategory,
  type RejectedFile,
  type ReorderPhotosRequest,
  type Track,
  type UpdatePhotoRequest,
} from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { FORMAT_EXTENSIONS, type ImageFormat } from '#server/images/image-format.ts';
import { ImageRejectedError, type RenderedPhoto } from '#server/images/image-pipeline.ts';
import type { Media } from '#server/images/media.ts';
import { newFileKey, photoFileNames } from '#server/storage/file-names.ts';
import { categoryIdsOf } from '#server/features/categories/categories.service.ts';
import * as repo from './photos.repository.ts';
import type { PhotoRow } from './photos.table.ts';

export type PhotosContext = Pick<AppContext, 'db' | 'media' | 'clock'>;

export const PHOTO_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'gif', 'webp'];

export type PhotoChanges = z.output<typeof UpdatePhotoRequest>;

/** The JSON columns were written by this service; a bad value means a bug, so it throws. */
function parseJson<T>(value: string | null, fallback: T): T {
  return value === null ? fallback : (JSON.parse(value) as T);
}

export function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    description: row.description,
    hyperlink: row.hyperlink,
    order: row.sortOrder,
    categoryId: row.categoryId,
    createdAt: row.createdAt,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    version: row.version,
    thumbnail: row.thumbnail,
    variants: parseJson<ImageVariant[]>(row.variants, []),
    tracks: parseJson<Track[] | null>(row.tracks, null),
  };
}

export async function listPhotos(ctx: PhotosContext, userId: number): Promise<Photo[]> {
  return (await repo.listPhotos(ctx.db, userId)).map(toPhoto);
}

export async function getPhoto(ctx: PhotosContext, userId: number, id: number): Promise<PhotoWithCategory> {
  const row = await repo.findPhotoWithCategory(ctx.db, userId, id);
  if (!row) throw notFound('Photo not found');
  const { categoryName, ...photo } = row;
  const category =
    photo.categoryId !== null && categoryName !== null ? { id: photo.categoryId, name: categoryName } : null;
  return { ...toPhoto(photo), category };
}

/** Text and track list only; the files, and so the version, stay as they are. */
export async function updatePhoto(ctx: PhotosContext, userId: number, id: number, changes: PhotoChanges): Promise<Photo> {
  const row = await repo.updatePhoto(ctx.db, userId, id, {
    title: changes.title,
    description: changes.description,
    hyperlink: changes.hyperlink,
    // Absent leaves the list alone; null or an empty list removes it.
    ...(changes.tracks === undefined
      ? {}
      : { tracks: changes.tracks?.length ? JSON.stringify(changes.tracks) : null }),
    updatedAt: ctx.clock().toISOString(),
  });
  if (!row) throw notFound('Photo not found');
  return toPhoto(row);
}

/** Every public name a photo row points at. */
export function publicFilesOf(row: Pick<PhotoRow, 'filename' | 'thumbnail' | 'variants'>): string[] {
  const variants = parseJson<ImageVariant[]>(row.variants, []);
  return [row.filename, row.thumbnail, ...variants.map((variant) => variant.filename)];
}

function renderedFilesOf(rendered: RenderedPhoto): string[] {
  return [rendered.filename, rendered.thumbnail, ...rendered.variants.map((variant) => variant.filename)];
}

/** Removes a photo's public files and its original; what cannot go now is left to `cleanup`. */
export async function deletePhotoFiles(media: Media, fileKey: string, publicNames: string[]): Promise<void> {
  const deleteOriginals = async () => {
    for await (const file of media.originals.list(`${fileKey}.`)) await media.originals.delete(file.name);
  };
  await Promise.allSettled([...publicNames.map((name) => media.uploads.delete(name)), deleteOriginals()]);
}

/** The row goes first, so no answer ever points at a file already gone. */
export async function deletePhoto(ctx: PhotosContext, userId: number, id: number): Promise<void> {
  const row = await repo.deletePhoto(ctx.db, userId, id);
  if (!row) throw notFound('Photo not found');
  await deletePhotoFiles(ctx.media, row.fileKey, publicFilesOf(row));
}

/** All or nothing: one unknown photo or category rejects the request unchanged. */
export async function reorderPhotos(ctx: PhotosContext, userId: number, request: ReorderPhotosRequest): Promise<void> {
  const ids = request.photoUpdates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) throw invalid('Each photo may appear only once');
  const now = ctx.clock().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.existingPhotoIds(trx, userId, ids);
    const unknown = ids.find((id) => !existing.has(id));
    if (unknown !== undefined) throw notFound(`Photo ${unknown} not found`);
    const categories = await categoryIdsOf({ db: trx }, userId);
    const badCategory = request.photoUpdates.find(
      (update) => update.categoryId !== null && !categories.has(update.categoryId),
    );
    if (badCategory) throw invalid(`Category ${badCategory.categoryId} does not exist`);
    for (const update of request.photoUpdates) {
      await repo.setPhotoPlacement(trx, userId, update.id, {
        sortOrder: update.order,
        categoryId: update.categoryId,
        updatedAt: now,
      });
    }
  });
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
    await deletePhotoFiles(media, key, renderedFilesOf(rendered));
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
    Promise.all(stored.map((image) => deletePhotoFiles(ctx.media, image.key, renderedFilesOf(image.rendered))));
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
