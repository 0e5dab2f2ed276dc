import { createHash, randomBytes, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type {
  AddPasskeyRequest,
  ConfirmIdentityRequest,
  FactorAdded,
  PasskeyOptions,
  SecondStepRequest,
  SecurityOverview,
  SignedInBrowser,
  TotpSetup,
} from '#contract/security.ts';
import type { AppContext } from '#server/app-context.ts';
import { conflict, forbidden, invalid, notFound, notSignedIn } from '#server/lib/errors.ts';
import { factorChangedMail } from '#server/mail/templates.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import { findUserById } from '#server/features/owner/owner.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import * as authRepo from './auth.repository.ts';
import { confirmPassword, notifyOwner, signIn, trustedDeviceOf, type ClientInfo, type SignedIn } from './auth.service.ts';
import * as repo from './factors.repository.ts';
import type { PasskeyRow, WebauthnChallengeRow } from './factors.table.ts';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.ts';
import { siteNameOf } from '#contract/site-name.ts';

/**
 * The second step and the owner's factors: passkeys (WebAuthn), the authenticator app (TOTP),
 * recovery codes, the fresh check before turning one off, and the list of signed-in browsers.
 */

export type SecurityContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'jobs'>;

/** Tries at the second step: per half signed-in session, and per account across all of them. */
export const SECOND_STEP_LIMIT_PER_SESSION: RateLimitRule = { limit: 5, windowMs: 5 * 60 * 1000 };
export const SECOND_STEP_LIMIT_PER_ACCOUNT: RateLimitRule = { limit: 20, windowMs: 15 * 60 * 1000 };
/** A browser that signed in before counts its own tries instead of the account's, as at the password. */
export const SECOND_STEP_LIMIT_PER_DEVICE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export const PASSKEY_SIGN_IN_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 20, windowMs: 15 * 60 * 1000 };
/** Challenges handed to visitors are rows: an address asks for a bounded number per window. */
export const PASSKEY_OPTIONS_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 30, windowMs: 15 * 60 * 1000 };
/** A WebAuthn ceremony must be answered within this time. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * After a fresh check (the password, a code of the app, or a passkey older than the session), a
 * factor may be added or removed, recovery codes made and other browsers signed out, for this long.
 */
export const CONFIRMED_FOR_MS = 5 * 60 * 1000;
/** Codes of the app tried as a fresh check, per session. */
export const CONFIRM_CODE_LIMIT: RateLimitRule = { limit: 5, windowMs: 5 * 60 * 1000 };
export const RECOVERY_CODE_COUNT = 10;

/**
 * Relying party from PUBLIC_URL: the id is its host name, the origin its scheme, host and port.
 * WebAuthn takes a domain only: browsers refuse an IP address, with nothing the owner could read.
 */
function relyingParty(ctx: Pick<AppContext, 'config'>): { rpID: string; origin: string } {
  const reason = passkeysUnavailable(ctx);
  if (reason) throw conflict(reason);
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Why passkeys cannot work on this site, as the error's code, or null. */
function passkeysUnavailable(ctx: Pick<AppContext, 'config'>): 'auth.passkeys_need_a_domain' | null {
  const host = new URL(ctx.config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : 'auth.passkeys_need_a_domain';
}

const siteName = (user: UserRow) => siteNameOf(user);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// ---- WebAuthn challenges ----

async function storeChallenge(ctx: SecurityContext, challenge: string, purpose: WebauthnChallengeRow['purpose'], userId: number | null): Promise<void> {
  await repo.insertChallenge(ctx.db, {
    id: challenge,
    purpose,
    userId,
    expiresAt: new Date(ctx.clock().getTime() + CHALLENGE_TTL_MS).toISOString(),
  });
}

/** The challenge an answer carries, spent: each works once. */
async function spendChallengeOf(ctx: SecurityContext, response: { response?: unknown }, purpose: WebauthnChallengeRow['purpose']): Promise<WebauthnChallengeRow> {
  const clientDataJSON = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
  let challenge: unknown;
  try {
    challenge = typeof clientDataJSON === 'string' ? (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge : undefined;
  } catch {
    challenge = undefined;
  }
  const spent = typeof challenge === 'string' ? await repo.spendChallenge(ctx.db, challenge, purpose, ctx.clock().toISOString()) : undefined;
  if (!spent) throw invalid('auth.passkey_request_expired');
  return spent;
}

// ---- Passkeys ----

export async function passkeyRegistrationOptions(ctx: SecurityContext, user: UserRow, session: FreshSession): Promise<PasskeyOptions> {
  requireFreshCheck(ctx, session);
  const { rpID } = relyingParty(ctx);
  const existing = await repo.listPasskeys(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: siteName(user),
    rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`atelier-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey.transports) })),
    // A discoverable credential: it signs in without a username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx, options.challenge, 'register', user.id);
  return { optionsJSON: options as unknown as Record<string, unknown> };
}

function transportsOf(json: string): AuthenticatorTransport[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

/** A new passkey, only after a fresh check: a borrowed session must not leave a key behind. */
export async function addPasskey(ctx: SecurityContext, user: UserRow, session: FreshSession, request: AddPasskeyRequest): Promise<FactorAdded> {
  requireFreshCheck(ctx, session);
  const challenge = await spendChallengeOf(ctx, request.response, 'register');
  if (challenge.userId !== user.id) throw invalid('auth.passkey_request_expired');
  const { rpID, origin } = relyingParty(ctx);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: request.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.id,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw invalid('auth.passkey_not_verified');
  }
  if (!verification.verified) throw invalid('auth.passkey_not_verified');
  const { credential } = verification.registrationInfo;
  if (await repo.findPasskey(ctx.db, credential.id)) throw conflict('auth.passkey_already_added');
  const recoveryCodes = await recoveryCodesIfNone(ctx, user.id);
  await repo.insertPasskey(ctx.db, {
    id: credential.id,
    userId: user.id,
    name: request.name,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    createdAt: ctx.clock().toISOString(),
    lastUsedAt: null,
    pausedAt: null,
  });
  await notifyOwner(ctx, user, (to, site, language) => factorChangedMail(to, 'added', { passkey: request.name }, site, language));
  return { message: 'Passkey added', recoveryCodes };
}

export async function renamePasskey(ctx: SecurityContext, user: UserRow, id: string, name: string): Promise<void> {
  if (!(await repo.renamePasskey(ctx.db, user.id, id, name))) throw notFound('auth.passkey_not_found');
}

/** A passkey paused by a password reset signs in on its own again. */
export async function keepPasskey(ctx: SecurityContext, user: UserRow, session: FreshSession, id: string): Promise<void> {
  const passkey = await repo.findPasskey(ctx.db, id);
  if (!passkey || passkey.userId !== user.id) throw notFound('auth.passkey_not_found');
  requireFreshCheck(ctx, session);
  if (!(await repo.keepPasskey(ctx.db, user.id, id))) throw notFound('auth.passkey_not_found');
}

export async function removePasskey(ctx: SecurityContext, user: UserRow, session: FreshSession, id: string): Promise<void> {
  const passkey = await repo.findPasskey(ctx.db, id);
  if (!passkey || passkey.userId !== user.id) throw notFound('auth.passkey_not_found');
  requireFreshCheck(ctx, session);
  if (!(await repo.deletePasskey(ctx.db, user.id, id))) throw notFound('auth.passkey_not_found');
  await notifyOwner(ctx, user, (to, site, language) => factorChangedMail(to, 'removed', { passkey: passkey.name }, site, language));
}

/** Options for signing in with a passkey: any of the site's (usernameless), or the half signed-in owner's. */
export async function passkeyAuthenticationOptions(ctx: SecurityContext, userId: number | null, address: string): Promise<PasskeyOptions> {
  await rateLimits.consume(ctx, rateLimits.limitKey('passkey-options:ip', address), PASSKEY_OPTIONS_LIMIT_PER_ADDRESS);
  const { rpID } = relyingParty(ctx);
  const allow = userId === null ? [] : await repo.listPasskeys(ctx.db, userId);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    allowCredentials: allow.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey.transports) })),
  });
  await storeChallenge(ctx, options.challenge, 'authenticate', userId);
  return { optionsJSON: options as unknown as Record<string, unknown> };
}

/** Checks a passkey's answer and returns it with its owner. The passkey, verified by the authenticator's own lock, is both factors. */
async function verifyPasskey(ctx: SecurityContext, response: Record<string, unknown>): Promise<{ user: UserRow; passkey: PasskeyRow }> {
  const challenge = await spendChallengeOf(ctx, response, 'authenticate');
  const failed = () => notSignedIn('auth.passkey_unknown');
  const id = typeof response.id === 'string' ? response.id : undefined;
  const passkey = id ? await repo.findPasskey(ctx.db, id) : undefined;
  if (!passkey || (challenge.userId !== null && challenge.userId !== passkey.userId)) throw failed();
  const { rpID, origin } = relyingParty(ctx);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.id,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: passkey.id, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: transportsOf(passkey.transports) },
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  await repo.recordPasskeyUse(ctx.db, passkey.id, verification.authenticationInfo.newCounter, ctx.clock().toISOString());
  const user = await findUserById(ctx, passkey.userId);
  if (!user) throw failed();
  return { user, passkey };
}

/**
 * Signs in with a passkey alone, or as the second step of a half signed-in session (which ends:
 * the owner session that follows has a fresh id). A paused passkey serves only as the second step.
 */
export async function signInWithPasskey(ctx: SecurityContext, response: Record<string, unknown>, client: ClientInfo, pending: { sessionId: string; user: UserRow } | null): Promise<SignedIn> {
  await rateLimits.consume(ctx, rateLimits.limitKey('passkey:ip', client.address), PASSKEY_SIGN_IN_LIMIT_PER_ADDRESS);
  const { user, passkey } = await verifyPasskey(ctx, response);
  const afterPassword = pending !== null && pending.user.id === user.id;
  if (passkey.pausedAt !== null && !afterPassword) throw notSignedIn('auth.passkey_paused');
  if (pending) await authRepo.endPendingSession(ctx.db, pending.sessionId);
  return signIn(ctx, user, client);
}

// ---- The second step with a code ----

/**
 * A code from the authenticator app or a recovery code, for a half signed-in session. Each try
 * is counted first, in one statement, per session and per account: of many sent at once, at most
 * the limit are checked. The half signed-in session is spent with the right code, so it signs in once.
 * A browser holding this owner's device cookie is spared the account's count (someone with the
 * password cannot hold the owner at 429 there); its own tries count against the device.
 */
export async function completeSecondStep(ctx: SecurityContext, pending: { sessionId: string; user: UserRow }, request: SecondStepRequest, client: ClientInfo): Promise<SignedIn> {
  const { user, sessionId } = pending;
  const sessionKey = rateLimits.limitKey('second-step:session', sessionId);
  await rateLimits.consume(ctx, sessionKey, SECOND_STEP_LIMIT_PER_SESSION);
  const device = client.deviceToken ? await trustedDeviceOf(ctx, client.deviceToken) : undefined;
  if (device && device.userId === user.id) await rateLimits.consume(ctx, rateLimits.limitKey('second-step:device', device.id), SECOND_STEP_LIMIT_PER_DEVICE);
  else await rateLimits.consume(ctx, rateLimits.limitKey('second-step:user', String(user.id)), SECOND_STEP_LIMIT_PER_ACCOUNT);
  const right = request.method === 'totp' ? await spendTotpCode(ctx, user.id, request.code) : await spendRecoveryCode(ctx, user.id, request.code);
  if (!right) throw invalid('auth.wrong_code');
  if (!(await authRepo.endPendingSession(ctx.db, sessionId))) throw notSignedIn('auth.sign_in_expired');
  await rateLimits.reset(ctx, sessionKey);
  return signIn(ctx, user, client);
}

async function spendTotpCode(ctx: SecurityContext, userId: number, code: string): Promise<boolean> {
  const totp = await repo.findTotp(ctx.db, userId);
  if (!totp?.confirmedAt) return false;
  const step = matchTotpStep(totp.secret, code, ctx.clock().getTime());
  return step !== undefined && (await repo.acceptTotpStep(ctx.db, userId, step));
}

/** Codes are typed with or without the dash, in any case. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

async function spendRecoveryCode(ctx: SecurityContext, userId: number, code: string): Promise<boolean> {
  return repo.spendRecoveryCode(ctx.db, userId, sha256(normalizeRecoveryCode(code)));
}

// ---- Recovery codes ----

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Ten new codes replace the old ones; only their hashes are stored. */
/**
 * New codes, the old ones void. The owner asks for them only with a fresh check: a borrowed session
 * must not leave with codes that outlive it.
 */
export async function regenerateRecoveryCodesFor(ctx: SecurityContext, userId: number, session: FreshSession): Promise<string[]> {
  requireFreshCheck(ctx, session);
  return regenerateRecoveryCodes(ctx, userId);
}

async function regenerateRecoveryCodes(ctx: SecurityContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(ctx.db, userId, codes.map((code) => sha256(normalizeRecoveryCode(code))), ctx.clock().toISOString());
  return codes;
}

async function recoveryCodesIfNone(ctx: SecurityContext, userId: number): Promise<string[] | null> {
  if ((await repo.countRecoveryCodes(ctx.db, userId)) > 0) return null;
  return regenerateRecoveryCodes(ctx, userId);
}

// ---- The authenticator app ----

export async function startTotpSetup(ctx: SecurityContext, user: UserRow, session: FreshSession): Promise<TotpSetup> {
  requireFreshCheck(ctx, session);
  const existing = await repo.findTotp(ctx.db, user.id);
  if (existing?.confirmedAt) throw conflict('auth.totp_already_on');
  const secret = newTotpSecret();
  await repo.replacePendingTotp(ctx.db, user.id, secret, ctx.clock().toISOString());
  const uri = totpUri(secret, siteName(user), user.username);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** A first right code turns the authenticator app on, and that code is spent; the fresh check must still hold. */
export async function confirmTotpSetup(ctx: SecurityContext, user: UserRow, session: FreshSession, code: string): Promise<FactorAdded> {
  requireFreshCheck(ctx, session);
  const totp = await repo.findTotp(ctx.db, user.id);
  if (!totp || totp.confirmedAt) throw invalid('auth.totp_not_waiting');
  const now = ctx.clock();
  const step = matchTotpStep(totp.secret, code, now.getTime());
  if (step === undefined || !(await repo.acceptTotpStep(ctx.db, user.id, step, { confirmingAt: now.toISOString() }))) throw invalid('auth.wrong_code');
  const recoveryCodes = await recoveryCodesIfNone(ctx, user.id);
  await notifyOwner(ctx, user, (to, site, language) => factorChangedMail(to, 'added', 'authenticator', site, language));
  return { message: 'Authenticator app is on', recoveryCodes };
}

export async function disableTotp(ctx: SecurityContext, user: UserRow, session: FreshSession): Promise<void> {
  if (!(await repo.findTotp(ctx.db, user.id))?.confirmedAt) throw notFound('auth.totp_not_on');
  requireFreshCheck(ctx, session);
  if (!(await repo.deleteTotp(ctx.db, user.id))) throw notFound('auth.totp_not_on');
  await notifyOwner(ctx, user, (to, site, language) => factorChangedMail(to, 'removed', 'authenticator', site, language));
}

// ---- The fresh check ----

export interface FreshSession {
  sessionId: string;
  confirmedAt: string | null;
  /** When the session began: a passkey added after it does not confirm it. */
  startedAt: string;
}

function confirmedUntil(session: FreshSession): Date | null {
  return session.confirmedAt ? new Date(new Date(session.confirmedAt).getTime() + CONFIRMED_FOR_MS) : null;
}

/** Refuses a sensitive change unless the owner proved who they are in the last CONFIRMED_FOR_MS. */
export function requireFreshCheck(ctx: Pick<AppContext, 'clock'>, session: FreshSession): void {
  const until = confirmedUntil(session);
  if (!until || until <= ctx.clock()) throw forbidden('auth.confirm_identity');
}

/**
 * The password, a code of the authenticator app or a passkey of the owner, checked again; opens
 * CONFIRMED_FOR_MS for the sensitive changes. Being signed in proves nothing, and neither does a
 * passkey added since the session began (a thief's session could have added it) nor a paused one.
 */
export async function confirmIdentity(ctx: SecurityContext, user: UserRow, session: FreshSession, request: ConfirmIdentityRequest): Promise<void> {
  if (request.response) {
    const { user: passkeyUser, passkey } = await verifyPasskey(ctx, request.response);
    if (passkeyUser.id !== user.id) throw invalid('auth.passkey_not_yours');
    if (passkey.pausedAt !== null) throw invalid('auth.passkey_paused_confirm');
    if (new Date(passkey.createdAt) >= new Date(session.startedAt)) throw invalid('auth.passkey_too_new');
  } else if (request.code !== undefined) {
    await rateLimits.consume(ctx, rateLimits.limitKey('confirm-code:session', session.sessionId), CONFIRM_CODE_LIMIT);
    if (!(await spendTotpCode(ctx, user.id, request.code))) throw invalid('auth.wrong_code');
  } else {
    await confirmPassword(ctx, user, session.sessionId, request.password);
  }
  await authRepo.markSessionConfirmed(ctx.db, session.sessionId, ctx.clock().toISOString());
}

export async function securityOverview(ctx: SecurityContext, user: UserRow, session: FreshSession): Promise<SecurityOverview> {
  const [passkeys, totp, recoveryCodesLeft] = await Promise.all([
    repo.listPasskeys(ctx.db, user.id),
    repo.findTotp(ctx.db, user.id),
    repo.countRecoveryCodes(ctx.db, user.id),
  ]);
  const until = confirmedUntil(session);
  return {
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt, pausedAt }) => ({ id, name, createdAt, lastUsedAt, paused: pausedAt !== null })),
    totp: Boolean(totp?.confirmedAt),
    recoveryCodesLeft,
    confirmedUntil: until && until > ctx.clock() ? until.toISOString() : null,
    passkeysUnavailable: passkeysUnavailable(ctx),
  };
}

/** For the command line: every factor of the user goes, so the password alone signs in again. */
export async function resetSecondFactors(ctx: SecurityContext, user: UserRow): Promise<void> {
  await repo.deleteFactorsOfUser(ctx.db, user.id);
  await notifyOwner(ctx, user, (to, site, language) => factorChangedMail(to, 'removed', 'everything', site, language));
}

// ---- Signed-in browsers ----

export async function listSignedInBrowsers(ctx: SecurityContext, user: UserRow, currentSessionId: string): Promise<SignedInBrowser[]> {
  const sessions = await authRepo.listSessions(ctx.db, user.id);
  // Sessions from before the list existed get their handle when first listed.
  for (const session of sessions) {
    if (session.handle !== null) continue;
    session.handle = randomBytes(12).toString('base64url');
    await authRepo.setSessionHandle(ctx.db, session.id, session.handle);
  }
  return sessions.map((session) => ({
      id: session.handle ?? '',
      device: session.device ?? 'Unknown browser',
      address: session.address ?? 'Unknown address',
      firstSeen: session.createdAt,
      lastSeen: session.lastSeenAt,
      current: session.id === currentSessionId,
    }));
}

/** Signing out another browser needs a fresh check: a borrowed session must not shut the owner out. */
export async function signOutBrowser(ctx: SecurityContext, user: UserRow, session: FreshSession, handle: string): Promise<void> {
  requireFreshCheck(ctx, session);
  if (!(await authRepo.deleteSessionByHandle(ctx.db, user.id, handle))) throw notFound('auth.session_not_found');
}

export async function signOutOtherBrowsers(ctx: SecurityContext, user: UserRow, session: FreshSession): Promise<void> {
  requireFreshCheck(ctx, session);
  await authRepo.deleteSessionsOfUser(ctx.db, user.id, session.sessionId);
}

