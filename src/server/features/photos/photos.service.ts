import { RESTRICTED_FILES_BASE } from '#contract/image-urls.ts';
import type { z } from 'zod';
import {
  UNDO_WINDOW_MS,
  type CameraDetails,
  type EditPhotosRequest,
  type EditPhotosResponse,
  type ImageVariant,
  type VideoSource,
  type MovePhotosRequest,
  type OrderPhotosRequest,
  type Photo,
  type PhotoWithCategory,
  type PlacePhotoRequest,
  type ReorderPhotosRequest,
  type Track,
  type TrashedResponse,
  type UpdatePhotoRequest,
} from '#contract/photos.ts';
import { isShownToVisitors, type VisitorViewSettings } from '#contract/portfolio-sections.ts';
import { isFileNameTitle } from '#contract/file-name-titles.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/database.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { categoryIdsOf } from '#server/features/categories/categories.service.ts';
import { removeTracksOfPhotos } from '#server/features/audio/audio.service.ts';
import { orderSelection } from './photo-bulk-order.ts';
import { prefixedTitle } from './photo-title-prefix.ts';
import * as repo from './photos.repository.ts';
import type { PhotoRow } from './photos.table.ts';
import { changingCopies, copyNamesOf, deletePhotoFiles } from '#server/features/renditions/renditions.service.ts';
import { recordWebhookEvent } from '#server/features/webhooks/webhooks.service.ts';

export type PhotosContext = Pick<AppContext, 'db' | 'media' | 'clock' | 'jobs' | 'log'>;

export type PhotoChanges = z.output<typeof UpdatePhotoRequest>;

/** The JSON columns were written by this service; a bad value means a bug, so it throws. */
function parseJson<T>(value: string | null, fallback: T): T {
  return value === null ? fallback : (JSON.parse(value) as T);
}

/**
 * The camera details columns. `camera_details`: null until the original was read, `{}` when it
 * was read and said nothing (so the backfill does not read it again), otherwise the details; and
 * beside it the camera and the time taken, which the owner's search filters on (migration 0021).
 */
export function cameraColumns(details: CameraDetails | null): Pick<PhotoRow, 'cameraDetails' | 'camera' | 'takenAt'> {
  return { cameraDetails: JSON.stringify(details ?? {}), camera: details?.camera ?? null, takenAt: details?.takenAt ?? null };
}

function cameraDetailsOf(row: Pick<PhotoRow, 'cameraDetails'>): CameraDetails | null {
  const stored = parseJson<Partial<CameraDetails>>(row.cameraDetails, {});
  return 'camera' in stored ? (stored as CameraDetails) : null;
}

/**
 * How a photo is shown: camera details only while the owner's switch is on; to a visitor, while
 * the owner hides them, a title that is only a file name is blank.
 */
export interface PhotoView {
  cameraDetails: boolean;
  hideFileNameTitles?: boolean;
}

/** A music release's title is its name (and may be what makes it one): never hidden. */
const hidesTitle = (row: PhotoRow, view: PhotoView) =>
  view.hideFileNameTitles === true && isFileNameTitle(row.title, row.originalName) && !isMusicRelease(row);

export function toPhoto(row: PhotoRow, view: PhotoView = { cameraDetails: false }): Photo {
  const camera = view.cameraDetails ? cameraDetailsOf(row) : null;
  return {
    id: row.id,
    title: hidesTitle(row, view) ? '' : row.title,
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
    ...(camera ? { camera } : {}),
    altText: row.altText,
    license: row.license,
    credit: row.credit,
    copyright: row.copyright,
    // Only the owner reads this; a gallery's answer gives its own base (galleries feature).
    ...(row.filesPrivate === 1 ? { filesBase: RESTRICTED_FILES_BASE } : {}),
    ...(row.videoDuration !== null && row.videoWidth !== null && row.videoHeight !== null
      ? {
          video: {
            duration: row.videoDuration,
            width: row.videoWidth,
            height: row.videoHeight,
            sources: parseJson<VideoSource[]>(row.videoFiles, []),
            progress: row.videoProgress,
          },
        }
      : {}),
  };
}

/** The names the photos' files were uploaded under (the owner's; never a visitor's), by id. */
export function originalNamesOf(ctx: Pick<AppContext, 'db'>, ids: readonly number[]): Promise<Map<number, string | null>> {
  return repo.originalNames(ctx.db, ids);
}

/** A listed row as the API shows it: a photo whose category is in the trash shows in the bank. */
const listedPhoto = (row: repo.ListedPhotoRow, view?: PhotoView): Photo => ({ ...toPhoto(row, view), categoryId: row.liveCategoryId });

/** The owner's live photos in page order; a visitor's list is filtered from it (portfolio feature). */
export async function listPhotos(ctx: Pick<AppContext, 'db'>, userId: number, view?: PhotoView, categoryId?: number): Promise<Photo[]> {
  return (await repo.listPhotos(ctx.db, userId, categoryId)).map((row) => listedPhoto(row, view));
}

/**
 * One live photo with its category's name. With `visitor` (the owner's settings), a photo a
 * visitor may not see (a draft's, or unsorted while Other is off) is not found, as if absent.
 */
export async function getPhoto(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  id: number,
  view?: PhotoView & { visitor?: VisitorViewSettings },
): Promise<PhotoWithCategory> {
  const row = await repo.findPhotoWithCategory(ctx.db, userId, id);
  if (!row) throw notFound('photos.not_found');
  const { categoryName, categoryHidden, categoryVisibility, ...photo } = row;
  const category =
    photo.categoryId !== null && categoryName !== null ? { id: photo.categoryId, name: categoryName } : null;
  const shownAs = category ? { hidden: categoryHidden === 1, visibility: categoryVisibility ?? 'public' } : null;
  // Restricted files are a gallery's (or were, left in the bank): never a visitor's photo page.
  if (view?.visitor && (photo.filesPrivate === 1 || !isShownToVisitors(shownAs, view.visitor))) {
    throw notFound('photos.not_found');
  }
  return { ...toPhoto(photo, view), categoryId: category?.id ?? null, category };
}

/**
 * Text, track list and rights; the files, and so the version, stay as they are until the copies
 * are rendered again with the new rights, in the background.
 */
export async function updatePhoto(ctx: PhotosContext, userId: number, id: number, changes: PhotoChanges): Promise<Photo> {
  const rightsChange = changes.license !== undefined || changes.credit !== undefined || changes.copyright !== undefined;
  const row = await changingCopies(ctx, (trx) => repo.updatePhoto(trx, userId, id, {
    title: changes.title,
    description: changes.description,
    hyperlink: changes.hyperlink,
    // Absent leaves the list alone; null or an empty list removes it.
    ...(changes.tracks === undefined
      ? {}
      : { tracks: changes.tracks?.length ? JSON.stringify(changes.tracks) : null }),
    // Absent leaves each as it is (older clients send none of them).
    ...(changes.altText === undefined ? {} : { altText: changes.altText }),
    ...(changes.license === undefined ? {} : { license: changes.license }),
    ...(changes.credit === undefined ? {} : { credit: changes.credit }),
    ...(changes.copyright === undefined ? {} : { copyright: changes.copyright }),
    updatedAt: ctx.clock().toISOString(),
  }), { when: () => rightsChange });
  if (!row) throw notFound('photos.not_found');
  return toPhoto(row);
}

export type PhotosEdit = z.output<typeof EditPhotosRequest>;

/**
 * One change for many photos, all or nothing: a title prefix, credit, licence, alt text. A change
 * of rights takes the single edit's path (`updatePhoto`): the copies check is recorded in the
 * same transaction, and the copies are rendered again with the new rights in the background, in
 * the store they are in (a private photo's stay out of the public one). One unknown id changes nothing.
 */
export async function editPhotos(ctx: PhotosContext, userId: number, request: PhotosEdit): Promise<EditPhotosResponse> {
  const { ids, titlePrefix, credit, license, altText } = request;
  const rightsChange = license !== undefined || credit !== undefined;
  const now = ctx.clock().toISOString();
  const { rows, shortened } = await changingCopies(
    ctx,
    async (trx) => {
      await requireLivePhotos(trx, userId, ids);
      const shortened: number[] = [];
      const prefix = titlePrefix?.trimStart();
      if (prefix) {
        for (const row of await repo.titlesOf(trx, userId, ids)) {
          const next = prefixedTitle(row.title, prefix);
          if (!next) continue;
          await repo.updatePhotos(trx, userId, [row.id], { title: next.title, updatedAt: now });
          if (next.shortened) shortened.push(row.id);
        }
      }
      const changes = {
        ...(credit === undefined ? {} : { credit }),
        ...(license === undefined ? {} : { license }),
        ...(altText === undefined ? {} : { altText }),
      };
      if (Object.keys(changes).length > 0) await repo.updatePhotos(trx, userId, ids, { ...changes, updatedAt: now });
      return { rows: await repo.listedPhotosById(trx, userId, ids), shortened };
    },
    { when: () => rightsChange },
  );
  const byId = new Map(rows.map((row) => [row.id, listedPhoto(row)]));
  const cut = new Set(shortened);
  return {
    message: ids.length === 1 ? 'Photo updated' : `${ids.length} photos updated`,
    // A photo deleted by another request meanwhile (PostgreSQL reads committed rows) is left out.
    photos: ids.flatMap((id) => byId.get(id) ?? []),
    shortened: ids.filter((id) => cut.has(id)),
  };
}

const undoUntil = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock().getTime() + UNDO_WINDOW_MS).toISOString();

/** Fails the transaction unless every id is a live photo of the user. */
async function requireLivePhotos(db: Db, userId: number, ids: number[]): Promise<void> {
  const existing = await repo.existingPhotoIds(db, userId, ids);
  const unknown = ids.find((id) => !existing.has(id));
  if (unknown !== undefined) throw notFound('photos.id_not_found', { id: unknown });
}

/**
 * Into the trash, all or none: the photos leave every list at once, and their copies the public
 * store before the answer (a photo deleted because it should never have been public is no longer
 * served). Their files stay for the Undo window, then `purgeTrashedPhotos` removes rows and files
 * for good.
 */
export async function deletePhotos(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, ids: number[]): Promise<TrashedResponse> {
  const now = ctx.clock().toISOString();
  const until = undoUntil(ctx);
  await changingCopies(ctx, async (trx) => {
    await requireLivePhotos(trx, userId, ids);
    const trashed = await repo.titlesOf(trx, userId, ids);
    await repo.trashPhotos(trx, userId, ids, now);
    // Told when the photo leaves every list, not when the purge removes it: that is when a
    // receiver (a mirror, a catalogue) should stop showing it. An Undo tells of it again as created.
    for (const photo of trashed) {
      await recordWebhookEvent({ db: trx, clock: ctx.clock }, 'photo.deleted', { photo: { id: photo.id, title: photo.title }, undoUntil: until });
    }
  });
  return { message: ids.length === 1 ? 'Photo deleted' : `${ids.length} photos deleted`, ids, undoUntil: until };
}

export async function deletePhoto(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, id: number): Promise<TrashedResponse> {
  return deletePhotos(ctx, userId, [id]);
}

/** Undo of a delete, all or none: every photo must still be in the trash, within the window. */
export async function restorePhotos(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, ids: number[]): Promise<void> {
  const since = new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString();
  await changingCopies(ctx, async (trx) => {
    const restored = await repo.restorePhotos(trx, userId, ids, since);
    if (restored !== ids.length) throw notFound('photos.not_restorable');
    for (const photo of await repo.titlesOf(trx, userId, ids)) {
      await recordWebhookEvent({ db: trx, clock: ctx.clock }, 'photo.created', { photo: { id: photo.id, title: photo.title }, restored: true });
    }
  });
}

/** Removes for good the photos that waited in the trash longer than the Undo window, rows first, then files. */
export async function purgeTrashedPhotos(ctx: Pick<AppContext, 'db' | 'media' | 'clock'>): Promise<number> {
  const rows = await repo.trashedBefore(ctx.db, new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString());
  await removeTracksOfPhotos(ctx, rows.map((row) => row.id));
  await repo.deletePhotosById(ctx.db, rows.map((row) => row.id));
  for (const row of rows) await deletePhotoFiles(ctx, row.fileKey, copyNamesOf(row));
  return rows.length;
}

/**
 * Moves the photos to the end of a category or of the bank in one transaction, in the order the
 * page shows them; one unknown photo or category changes nothing.
 */
export async function movePhotos(ctx: PhotosContext, userId: number, request: MovePhotosRequest): Promise<void> {
  const now = ctx.clock().toISOString();
  const target = request.categoryId;
  await changingCopies(ctx, async (trx) => {
    await requireLivePhotos(trx, userId, request.ids);
    if (target !== null && !(await categoryIdsOf({ db: trx }, userId)).has(target)) {
      throw invalid('categories.does_not_exist', { id: target });
    }
    const listed = await repo.listPlace(trx, userId, target, request.ids);
    const selected = new Set(request.ids);
    const staying = listed.filter((row) => row.liveCategoryId === target && !selected.has(row.id));
    let next = Math.max(-1, ...staying.map((row) => row.sortOrder)) + 1;
    for (const row of listed.filter((candidate) => selected.has(candidate.id))) {
      await repo.setPhotoPlacement(trx, userId, row.id, { sortOrder: next++, categoryId: target, updatedAt: now });
    }
  });
}

/**
 * Puts one photo in a place, before or after a photo there or at its first place, and renumbers
 * the place from 0 in one transaction, writing only the rows whose place or order changes: the
 * owner's admin shows a page of a place, never the whole of it.
 */
export async function placePhoto(ctx: PhotosContext, userId: number, id: number, request: PlacePhotoRequest): Promise<void> {
  const now = ctx.clock().toISOString();
  const target = request.categoryId;
  const anchor = request.before ?? request.after;
  await changingCopies(ctx, async (trx) => {
    await requireLivePhotos(trx, userId, [id]);
    if (target !== null && !(await categoryIdsOf({ db: trx }, userId)).has(target)) {
      throw invalid('categories.does_not_exist', { id: target });
    }
    const listed = await repo.listPlace(trx, userId, target, [id]);
    const moving = listed.find((row) => row.id === id)!;
    const place = listed.filter((row) => row.liveCategoryId === target && row.id !== id);
    let at = 0;
    if (anchor !== undefined && anchor !== id) {
      const index = place.findIndex((row) => row.id === anchor);
      if (index < 0) throw invalid('photos.not_in_place', { id: anchor });
      at = request.after === undefined ? index : index + 1;
    } else if (anchor === id) {
      // Put before or after itself: where it already is.
      at = Math.max(0, listed.filter((row) => row.liveCategoryId === target).findIndex((row) => row.id === id));
    }
    place.splice(at, 0, { ...moving, liveCategoryId: target, categoryId: target });
    for (const [order, row] of place.entries()) {
      const changed = row.id === id ? moving.liveCategoryId !== target || moving.sortOrder !== order : row.sortOrder !== order;
      if (changed) await repo.setPhotoPlacement(trx, userId, row.id, { sortOrder: order, categoryId: row.categoryId, updatedAt: now });
    }
    // A drag within its place moves no copy; one to another place may.
    return moving.liveCategoryId !== target;
  }, { when: (changedPlace) => changedPlace });
}

/**
 * Rearranges the selected photos among the places they hold, per category (or the bank), by
 * title, date taken or upload, in one transaction; each touched place is renumbered from 0.
 */
export async function orderPhotos(ctx: PhotosContext, userId: number, request: OrderPhotosRequest): Promise<void> {
  const now = ctx.clock().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await requireLivePhotos(trx, userId, request.ids);
    const listed = await repo.listPhotos(trx, userId);
    const placements = orderSelection(
      listed.map((row) => ({ ...row, place: row.liveCategoryId })),
      new Set(request.ids),
      request.by,
    );
    for (const placement of placements) {
      await repo.setPhotoPlacement(trx, userId, placement.id, { ...placement.placement, updatedAt: now });
    }
  });
}

/** All or nothing: one unknown photo or category rejects the request unchanged. */
export async function reorderPhotos(ctx: PhotosContext, userId: number, request: ReorderPhotosRequest): Promise<void> {
  const ids = request.photoUpdates.map((update) => update.id);
  if (new Set(ids).size !== ids.length) throw invalid('photos.repeated');
  const now = ctx.clock().toISOString();
  await changingCopies(ctx, async (trx) => {
    const current = await repo.categoriesOfPhotos(trx, userId, ids);
    const unknown = ids.find((id) => !current.has(id));
    if (unknown !== undefined) throw notFound('photos.id_not_found', { id: unknown });
    const categories = await categoryIdsOf({ db: trx }, userId);
    const badCategory = request.photoUpdates.find(
      (update) => update.categoryId !== null && !categories.has(update.categoryId),
    );
    if (badCategory) throw invalid('categories.does_not_exist', { id: badCategory.categoryId! });
    for (const update of request.photoUpdates) {
      await repo.setPhotoPlacement(trx, userId, update.id, {
        sortOrder: update.order,
        categoryId: update.categoryId,
        updatedAt: now,
      });
    }
    return request.photoUpdates.some((update) => current.get(update.id) !== update.categoryId);
  }, { when: (movedPlace) => movedPlace });
}
