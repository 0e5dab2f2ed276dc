import type { Db } from '#server/db/database.ts';
import type { PasswordResetTokenRow, SessionRow, SignInLinkRow, TrustedDeviceRow } from './sessions.table.ts';

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt }).where('id', '=', id).execute();
}

/** The owner's signed-in browsers, newest first; half signed-in sessions are not among them. */
export function listSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db.selectFrom('sessions').selectAll().where('userId', '=', userId).where('pendingUntil', 'is', null).orderBy('lastSeenAt', 'desc').execute();
}

export async function deleteSessionByHandle(db: Db, userId: number, handle: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('userId', '=', userId).where('handle', '=', handle).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setSessionHandle(db: Db, id: string, handle: string): Promise<void> {
  await db.updateTable('sessions').set({ handle }).where('id', '=', id).execute();
}

export async function markSessionConfirmed(db: Db, id: string, confirmedAt: string): Promise<void> {
  await db.updateTable('sessions').set({ confirmedAt }).where('id', '=', id).execute();
}

/** Ends a half signed-in session in one statement; false when it was already ended (used twice at once). */
export async function endPendingSession(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('pendingUntil', 'is not', null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user but the one kept (the caller's own, or none). */
export async function deleteSessionsOfUser(db: Db, userId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** A new reset token voids every earlier one of the user. */
export async function replaceResetToken(db: Db, token: Omit<PasswordResetTokenRow, 'id' | 'usedAt'>): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('userId', '=', token.userId).execute();
  await db.insertInto('passwordResetTokens').values({ ...token, usedAt: null }).execute();
}

export function findResetToken(db: Db, tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
  return db.selectFrom('passwordResetTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Spends the token; false when another request spent it first. */
export async function markResetTokenUsed(db: Db, id: number, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTrustedDevice(db: Db, device: TrustedDeviceRow): Promise<void> {
  await db.insertInto('trustedDevices').values(device).execute();
}

export function findTrustedDevice(db: Db, id: string): Promise<TrustedDeviceRow | undefined> {
  return db.selectFrom('trustedDevices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasTrustedDevice(db: Db, userId: number, nowIso: string): Promise<boolean> {
  const row = await db.selectFrom('trustedDevices').select('id').where('userId', '=', userId).where('expiresAt', '>', nowIso).executeTakeFirst();
  return row !== undefined;
}

export async function deleteTrustedDevice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('trustedDevices').where('id', '=', id).execute();
}

export async function deleteEndedTrustedDevices(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('trustedDevices').where('expiresAt', '<=', nowIso).execute();
}

export async function insertSignInLink(db: Db, link: SignInLinkRow): Promise<void> {
  await db.insertInto('signInLinks').values(link).execute();
}

/**
 * Spends a live link in one statement, so two uses at once sign in once, and voids every other
 * link of its user with it. Returns the user's id, or undefined for an unknown or ended link.
 */
export async function spendSignInLink(db: Db, id: string, nowIso: string): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom('signInLinks')
      .where('id', '=', id)
      .where('expiresAt', '>', nowIso)
      .returning('userId')
      .executeTakeFirst();
    if (!spent) return undefined;
    await trx.deleteFrom('signInLinks').where('userId', '=', spent.userId).execute();
    return spent.userId;
  });
}

export async function deleteEndedSignInLinks(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('signInLinks').where('expiresAt', '<=', nowIso).execute();
}
