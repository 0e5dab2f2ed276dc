import type { Db } from '#server/db/database.ts';
import type { PhotoRow } from './renditions.repository.ts';

export type DownloadablePhotoRow = Pick<PhotoRow, 'id' | 'title' | 'fileKey' | 'filename' | 'createdAt' | 'videoFiles'>;

/** A category's live photos (or the one of them with `photoId`) in its order: what its gallery shows. */
export function listCategoryPhotoFiles(db: Db, categoryId: number, photoId?: number): Promise<DownloadablePhotoRow[]> {
  let query = db
    .selectFrom('photos')
    .select(['id', 'title', 'fileKey', 'filename', 'createdAt', 'videoFiles'])
    .where('categoryId', '=', categoryId)
    .where('deletedAt', 'is', null)
    .orderBy('sortOrder')
    .orderBy('id');
  if (photoId !== undefined) query = query.where('id', '=', photoId);
  return query.execute();
}
