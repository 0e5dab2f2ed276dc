import type { Db } from '#server/db/database.ts';
import type { PasskeyRow, TotpFactorRow, WebauthnChallengeRow } from './factors.table.ts';

export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
}

export function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPasskey(db: Db, passkey: PasskeyRow): Promise<void> {
  await db.insertInto('passkeys').values(passkey).execute();
}

export async function renamePasskey(db: Db, userId: number, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a use; the counter only moves forward, so a cloned authenticator's older answer loses. */
export async function recordPasskeyUse(db: Db, id: string, counter: number, usedAt: string): Promise<void> {
  await db.updateTable('passkeys').set({ counter, lastUsedAt: usedAt }).where('id', '=', id).execute();
}

/** Pauses every passkey of the user that signs in on its own. */
export async function pausePasskeysOf(db: Db, userId: number, pausedAt: string): Promise<number> {
  const result = await db.updateTable('passkeys').set({ pausedAt }).where('userId', '=', userId).where('pausedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The owner keeps a paused passkey: it signs in on its own again. */
export async function keepPasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ pausedAt: null }).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findTotp(db: Db, userId: number): Promise<TotpFactorRow | undefined> {
  return db.selectFrom('totpFactors').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** A new, unconfirmed secret replaces any earlier unconfirmed one. */
export async function replacePendingTotp(db: Db, userId: number, secret: string, createdAt: string): Promise<void> {
  await db.deleteFrom('totpFactors').where('id', '=', userId).where('confirmedAt', 'is', null).execute();
  await db.insertInto('totpFactors').values({ id: userId, secret, confirmedAt: null, lastStep: 0, createdAt }).execute();
}

/**
 * Accepts a code's time step in one statement: only a step later than every one accepted before
 * passes, so a code works once even when sent twice at the same moment.
 */
export async function acceptTotpStep(db: Db, userId: number, step: number, options: { confirmingAt?: string } = {}): Promise<boolean> {
  const base = db.updateTable('totpFactors').where('id', '=', userId).where('lastStep', '<', step);
  const query = options.confirmingAt
    ? base.set({ lastStep: step, confirmedAt: options.confirmingAt }).where('confirmedAt', 'is', null)
    : base.set({ lastStep: step }).where('confirmedAt', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('totpFactors').where('id', '=', userId).where('confirmedAt', 'is not', null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], createdAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    await trx.insertInto('recoveryCodes').values(hashes.map((id) => ({ id, userId, createdAt }))).execute();
  });
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('recoveryCodes').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Spends a code: deleted in one statement, so it works once. */
export async function spendRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db.deleteFrom('recoveryCodes').where('id', '=', hash).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteFactorsOfUser(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passkeys').where('userId', '=', userId).execute();
    await trx.deleteFrom('totpFactors').where('id', '=', userId).execute();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  });
}

export async function insertChallenge(db: Db, challenge: WebauthnChallengeRow): Promise<void> {
  await db.insertInto('webauthnChallenges').values(challenge).execute();
}

/** Spends a live challenge in one statement; undefined when unknown, ended or already answered. */
export function spendChallenge(db: Db, id: string, purpose: WebauthnChallengeRow['purpose'], nowIso: string): Promise<WebauthnChallengeRow | undefined> {
  return db
    .deleteFrom('webauthnChallenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', nowIso)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndedChallenges(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('webauthnChallenges').where('expiresAt', '<=', nowIso).execute();
}
