import type { Db } from '#server/db/database.ts';
import type { ApiTokenRow, ApiTokenTable } from './tokens.table.ts';
import type { Insertable } from 'kysely';

export async function insertToken(db: Db, token: Insertable<ApiTokenTable>): Promise<ApiTokenRow> {
  return db.insertInto('apiTokens').values(token).returningAll().executeTakeFirstOrThrow();
}

export function findTokenByHash(db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('apiTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** The owner's tokens, newest first. */
export function listTokens(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db.selectFrom('apiTokens').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute();
}

export async function touchToken(db: Db, id: number, lastUsedAt: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt }).where('id', '=', id).execute();
}

export async function deleteToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('apiTokens').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every token of the user goes; returns how many there were. */
export async function deleteTokensOf(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('apiTokens').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
