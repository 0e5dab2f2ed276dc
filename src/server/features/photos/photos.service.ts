import type { z } from 'zod';
import type {
  ImageVariant,
  Photo,
  PhotoWithCategory,
  ReorderPhotosRequest,
  Track,
  UpdatePhotoRequest,
} from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { categoryIdsOf } from '#server/features/categories/categories.service.ts';
import * as repo from './photos.repository.ts';
import type { PhotoRow } from './photos.table.ts';

export type PhotosContext = Pick<AppContext, 'db' | 'media' | 'clock'>;

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

/** Removes a photo's public files and its original; what cannot go now is left to `cleanup`. */
export async function deletePhotoFiles(ctx: Pick<AppContext, 'media'>, fileKey: string, publicNames: string[]): Promise<void> {
  const { media } = ctx;
  const deleteOriginals = async () => {
    for await (const file of media.originals.list(`${fileKey}.`)) await media.originals.delete(file.name);
  };
  await Promise.allSettled([...publicNames.map((name) => media.uploads.delete(name)), deleteOriginals()]);
}

/** The row goes first, so no answer ever points at a file already gone. */
export async function deletePhoto(ctx: PhotosContext, userId: number, id: number): Promise<void> {
  const row = await repo.deletePhoto(ctx.db, userId, id);
  if (!row) throw notFound('Photo not found');
  await deletePhotoFiles(ctx, row.fileKey, publicFilesOf(row));
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
