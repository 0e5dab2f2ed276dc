import type { Photo } from '#contract/photos.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import { replaceCopies } from '#server/features/renditions/renditions.service.ts';
import { readCameraDetails, withDetailsFrom } from '#server/images/camera-details.ts';
import { FORMAT_EXTENSIONS } from '#server/images/image-format.ts';
import { newFileKey, photoFileNames } from '#server/storage/file-names.ts';
import * as repo from './photos.repository.ts';
import { cameraColumns, toPhoto, type PhotosContext } from './photos.service.ts';
import { fileTooLarge, originalNameOf, PHOTO_FORMATS, type IncomingFile } from './upload.service.ts';

/**
 * A photo's file replaced in place, as a photographer's tool re-exports an edit: the same photo
 * (id, page, category, place, text, rights, a gallery's picks of it) drawn from the new file.
 * Its copies get new names, so every cache fetches them; the old ones are still served for the
 * pages loaded before, then go with the old original (renditions' jobs). The file is checked as
 * an upload's is, before anything changes: a refused file leaves the photo as it was.
 */

/** Renders that lose the race to a move or a re-render of the same photo are tried again this often. */
const ATTEMPTS = 3;

export async function replacePhotoFile(ctx: PhotosContext, userId: number, id: number, file: IncomingFile | undefined): Promise<Photo> {
  if (!(await repo.findPhotoWithCategory(ctx.db, userId, id))) throw notFound('photos.not_found');
  if (!file) throw invalid('photos.replace_file_missing');
  if (file.tooLarge) throw fileTooLarge(ctx.media);
  const { format, cameraDetails } = await ctx.media.images.inspect(file.path, PHOTO_FORMATS);
  const camera = withDetailsFrom(await readCameraDetails(file.path), cameraDetails ?? null);
  // The name it is now known by (a sync tool's handle on it); a file sent without one keeps the old.
  const name = originalNameOf(file.name);
  const columns = { ...cameraColumns(camera), ...(name ? { originalName: name } : {}) };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const key = newFileKey();
    const outcome = await replaceCopies(
      ctx,
      id,
      { source: file.path, key, originalName: photoFileNames.original(key, FORMAT_EXTENSIONS[format]) },
      { ...columns, updatedAt: ctx.clock().toISOString() },
    );
    if (outcome === 'gone') throw notFound('photos.not_found');
    if (outcome === 'replaced') {
      const row = await repo.findPhotoWithCategory(ctx.db, userId, id);
      if (!row) throw notFound('photos.not_found');
      const { categoryName: _name, categoryHidden: _hidden, categoryVisibility: _visibility, ...photo } = row;
      return toPhoto(photo);
    }
  }
  throw conflict('photos.replace_changed_meanwhile');
}
