import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ReleaseTrackRow, ReleaseTrackTable } from './audio.table.ts';
import type { Insertable, Updateable } from 'kysely';

/** A live (not trashed) photo of the owner's; undefined when there is none. */
export function findOwnersPhoto(db: Db, userId: number, photoId: number) {
  return db
    .selectFrom('photos')
    .select('id')
    .where('id', '=', photoId)
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export function listTracks(db: Db, photoId: number, onlyReady = false): Promise<ReleaseTrackRow[]> {
  let query = db.selectFrom('releaseTracks').selectAll().where('photoId', '=', photoId);
  if (onlyReady) query = query.where('state', '=', 'ready');
  return query.orderBy('position').orderBy('id').execute();
}

export function findTrack(db: Db, id: number, photoId?: number): Promise<ReleaseTrackRow | undefined> {
  let query = db.selectFrom('releaseTracks').selectAll().where('id', '=', id);
  if (photoId !== undefined) query = query.where('photoId', '=', photoId);
  return query.executeTakeFirst();
}

export function findTrackByPreview(db: Db, preview: string): Promise<ReleaseTrackRow | undefined> {
  return db.selectFrom('releaseTracks').selectAll().where('preview', '=', preview).executeTakeFirst();
}

/** The next position at the end of the release's list, and how many tracks it has. */
export async function countTracks(db: Db, photoId: number): Promise<{ count: number; next: number }> {
  const row = await db
    .selectFrom('releaseTracks')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
    .where('photoId', '=', photoId)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { count, next: row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1 };
}

export async function insertTrack(db: Db, values: Insertable<ReleaseTrackTable>): Promise<ReleaseTrackRow> {
  return db.insertInto('releaseTracks').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateTrack(db: Db, id: number, changes: Updateable<ReleaseTrackTable>): Promise<ReleaseTrackRow | undefined> {
  return db.updateTable('releaseTracks').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Puts a made preview in: only while the row still asks for the preview this run made (the same
 * length), so a run overtaken by the owner's change, or by a delete, writes nothing.
 */
export async function finishPreview(
  db: Db,
  id: number,
  previewSeconds: number | null,
  changes: Pick<ReleaseTrackTable, 'preview' | 'previewMs' | 'peaks' | 'updatedAt'>,
): Promise<boolean> {
  const result = await db
    .updateTable('releaseTracks')
    .set({ ...changes, state: 'ready', error: null })
    .where('id', '=', id)
    .where(sql<boolean>`preview_seconds is not distinct from ${previewSeconds}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTrack(db: Db, id: number): Promise<void> {
  await db.deleteFrom('releaseTracks').where('id', '=', id).execute();
}

export async function setPositions(db: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('releaseTracks').set({ position }).where('id', '=', id).execute();
  }
}

export function tracksOfPhotos(db: Db, photoIds: readonly number[]): Promise<ReleaseTrackRow[]> {
  if (photoIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('releaseTracks').selectAll().where('photoId', 'in', photoIds).execute();
}

export async function deleteTracksOfPhotos(db: Db, photoIds: readonly number[]): Promise<void> {
  if (photoIds.length === 0) return;
  await db.deleteFrom('releaseTracks').where('photoId', 'in', photoIds).execute();
}

/** Every stored file a track row names, for `cleanup`. */
export function allTrackFiles(db: Db): Promise<Array<Pick<ReleaseTrackRow, 'original' | 'preview'>>> {
  return db.selectFrom('releaseTracks').select(['original', 'preview']).execute();
}
