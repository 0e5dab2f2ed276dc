import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordRequest, LoginRequest } from '#contract/auth.ts';
import type { Language } from '#contract/languages.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid, notSignedIn } from '#server/lib/errors.ts';
import { queueMail } from '#server/mail/mail.jobs.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { newSignInMail, passwordChangedMail } from '#server/mail/templates.ts';
import * as owner from '#server/features/owner/owner.service.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import { PRUNE_INTERVAL_MS, type RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { jobKind } from '#server/jobs/job-queue.ts';
import { handle, type Periodic } from '#server/jobs/worker.ts';
import * as repo from './auth.repository.ts';
import { describeDevice } from './device.ts';
import * as factorsRepo from './factors.repository.ts';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { siteNameOf } from '#contract/site-name.ts';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, not on every request. */
const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** Sign-ins allowed per window: per address, and per account (higher, as many addresses share it). */
export const LOGIN_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export const LOGIN_LIMIT_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 15 * 60 * 1000 };
/** A browser that signed in before counts its own attempts instead of the account's. */
export const LOGIN_LIMIT_PER_DEVICE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** How long a browser that signed in stays trusted; each sign-in from it starts a new year. */
export const TRUSTED_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Checks of the current password before a sensitive change, per session: a stolen session cookie
 * cannot guess the password at will, and the owner's other browsers are never held up by it.
 */
export const PASSWORD_CHECK_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };

/** How long the second step may wait after a right password. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

export type AuthContext = Pick<AppContext, 'db' | 'clock'>;
/** Signing in also mails notices (a new browser) to the recovery address. */
export type SignInContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'jobs'>;

/** The browser asking: what the session list shows of it, and its device cookie. */
export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
  deviceToken: string | undefined;
}

export type SecondStepMethod = 'totp' | 'passkey' | 'recovery';

export interface SignedIn {
  user: UserRow;
  /** The cookie value; only its hash is stored. */
  token: string;
  /**
   * The device cookie's value for this browser, new at every sign-in; only its hash is stored.
   * Undefined while the sign-in waits for its second step.
   */
  deviceToken: string | undefined;
  /** The second steps the owner may take; empty when the session is an owner session. */
  secondStep: SecondStepMethod[];
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function startSession(ctx: AuthContext, user: UserRow, client: ClientInfo, pending: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await repo.insertSession(ctx.db, {
    id: hashToken(token),
    userId: user.id,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (pending ? SECOND_STEP_MS : SESSION_ABSOLUTE_MS)).toISOString(),
    pendingUntil: pending ? new Date(now.getTime() + SECOND_STEP_MS).toISOString() : null,
    device: describeDevice(client.userAgent),
    address: client.address,
    handle: randomBytes(12).toString('base64url'),
    confirmedAt: null,
  });
  return token;
}

/** Mails a notice to the owner's recovery address, if there is one, as a job: tried again while the mail server is down. */
export async function notifyOwner(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, user: UserRow, mail: (to: string, siteName: string, language: Language) => MailMessage): Promise<void> {
  if (!user.email) return;
  // The owner's mails go in the site's default language, the one they chose.
  await queueMail(ctx, mail(user.email, siteNameOf(user), user.defaultLanguage));
  ctx.jobs.wake();
}

/** The second steps the owner has set up; none means a right password signs in at once. */
export async function secondStepsOf(ctx: AuthContext, userId: number): Promise<SecondStepMethod[]> {
  const [totp, passkeys, recoveryCodes] = await Promise.all([
    factorsRepo.findTotp(ctx.db, userId),
    factorsRepo.listPasskeys(ctx.db, userId),
    factorsRepo.countRecoveryCodes(ctx.db, userId),
  ]);
  const methods: SecondStepMethod[] = [];
  if (totp?.confirmedAt) methods.push('totp');
  if (passkeys.length > 0) methods.push('passkey');
  // Recovery codes stand in for a factor, never for none.
  if (methods.length > 0 && recoveryCodes > 0) methods.push('recovery');
  return methods;
}

/**
 * Every attempt is counted before the password is checked, each counter in one statement that
 * increments and returns it: of many attempts sent at once, at most the limit are checked.
 * A browser holding the owner's device cookie (`deviceToken`) is spared the per-account limit,
 * so guesses for the owner's name from anywhere never lock the owner out of a browser that
 * signed in before; its own failures count against the device instead.
 */
export async function login(ctx: SignInContext, credentials: LoginRequest, client: ClientInfo): Promise<SignedIn> {
  const { address, deviceToken } = client;
  const username = credentials.username.toLowerCase();
  const addressKey = rateLimits.limitKey('login:ip', address);
  await rateLimits.consume(ctx, addressKey, LOGIN_LIMIT_PER_ADDRESS);
  const device = deviceToken ? await trustedDeviceOf(ctx, deviceToken) : undefined;
  const trusted = device !== undefined && device.username.toLowerCase() === username;
  const accountKey = rateLimits.limitKey('login:user', username);
  const deviceKey = trusted ? rateLimits.limitKey('login:device', device.id) : undefined;
  if (deviceKey) await rateLimits.consume(ctx, deviceKey, LOGIN_LIMIT_PER_DEVICE);
  else await rateLimits.consume(ctx, accountKey, LOGIN_LIMIT_PER_ACCOUNT);

  const user = await owner.findUserByUsername(ctx, credentials.username);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) throw notSignedIn('auth.invalid_credentials');
  // The counters this attempt went through start again. The account's stays when a trusted
  // browser came in past it: other browsers are still guessing.
  await rateLimits.reset(ctx, addressKey);
  await rateLimits.reset(ctx, deviceKey ?? accountKey);
  return passFirstStep(ctx, user, client);
}

/**
 * After the password (or a sign-in link): an owner session when the owner has no second factor,
 * else a half signed-in session that is no owner session and ends in SECOND_STEP_MS.
 */
export async function passFirstStep(ctx: SignInContext, user: UserRow, client: ClientInfo): Promise<SignedIn> {
  const secondStep = await secondStepsOf(ctx, user.id);
  if (secondStep.length === 0) return signIn(ctx, user, client);
  const token = await startSession(ctx, user, client, true);
  return { user, token, deviceToken: undefined, secondStep };
}

/**
 * Starts an owner session and trusts the browser: a fresh session id at every sign-in (an id
 * planted before is worth nothing) and a fresh device cookie, which replaces the one the browser
 * had. A browser that never signed in as this owner before is told to the recovery address.
 */
export async function signIn(ctx: SignInContext, user: UserRow, client: ClientInfo): Promise<SignedIn> {
  const token = await startSession(ctx, user, client, false);
  const known = client.deviceToken ? await trustedDeviceOf(ctx, client.deviceToken) : undefined;
  if (known && known.userId === user.id && client.deviceToken) {
    await repo.deleteTrustedDevice(ctx.db, hashToken(client.deviceToken));
  } else if (await repo.hasTrustedDevice(ctx.db, user.id, ctx.clock().toISOString())) {
    // A browser the owner never used, while others are known: the very first sign-in is no news.
    await notifyOwner(ctx, user, (to, site, language) => newSignInMail(to, describeDevice(client.userAgent), client.address, ctx.clock(), site, language));
  }
  const deviceToken = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await repo.insertTrustedDevice(ctx.db, {
    id: hashToken(deviceToken),
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_MS).toISOString(),
  });
  return { user, token, deviceToken, secondStep: [] };
}

/** The trusted browser behind a device cookie and whose it is, or undefined. */
export async function trustedDeviceOf(ctx: AuthContext, deviceToken: string): Promise<{ id: string; userId: number; username: string } | undefined> {
  const device = await repo.findTrustedDevice(ctx.db, hashToken(deviceToken));
  if (!device || new Date(device.expiresAt) <= ctx.clock()) return undefined;
  const user = await owner.findUserById(ctx, device.userId);
  return user ? { id: device.id, userId: user.id, username: user.username } : undefined;
}

/** Drops the device cookies, sign-in links and passkey challenges that ended. */
export async function pruneEnded(ctx: AuthContext): Promise<void> {
  const nowIso = ctx.clock().toISOString();
  await repo.deleteEndedTrustedDevices(ctx.db, nowIso);
  await repo.deleteEndedSignInLinks(ctx.db, nowIso);
  await factorsRepo.deleteEndedChallenges(ctx.db, nowIso);
}

/** What ended is dropped as often as the rate limits' windows, by one of the processes. */
export const pruneEndedJob = jobKind('auth.prune', { exclusive: true, maxAttempts: 3 });
export const authPrune: Periodic = { kind: pruneEndedJob, everyMs: PRUNE_INTERVAL_MS };
export const authJobs = [handle(pruneEndedJob, (ctx: AppContext) => pruneEnded(ctx))];

export interface ResolvedSession {
  user: UserRow;
  sessionId: string;
  /** Half signed in: the second step is still to come; no owner session. */
  pending: boolean;
  /** When the owner last proved who they are in this session, or null. */
  confirmedAt: string | null;
  /** When the session began: a factor added after it proves nothing to it. */
  startedAt: string;
}

/** The user behind a cookie, or null when the session is unknown, idle too long or too old. */
export async function resolveSession(ctx: AuthContext, token: string): Promise<ResolvedSession | null> {
  const sessionId = hashToken(token);
  const session = await repo.findSession(ctx.db, sessionId);
  if (!session) return null;
  const now = ctx.clock().getTime();
  const lastSeen = new Date(session.lastSeenAt).getTime();
  const pendingEnded = session.pendingUntil !== null && now >= new Date(session.pendingUntil).getTime();
  if (pendingEnded || now >= new Date(session.expiresAt).getTime() || now - lastSeen >= SESSION_IDLE_MS) {
    await repo.deleteSession(ctx.db, sessionId);
    return null;
  }
  const user = await owner.findUserById(ctx, session.userId);
  if (!user) return null;
  if (now - lastSeen >= SESSION_TOUCH_MS) {
    await repo.touchSession(ctx.db, sessionId, new Date(now).toISOString());
  }
  return { user, sessionId, pending: session.pendingUntil !== null, confirmedAt: session.confirmedAt, startedAt: session.createdAt };
}

export function logout(ctx: AuthContext, sessionId: string): Promise<void> {
  return repo.deleteSession(ctx.db, sessionId);
}

export async function changePassword(
  ctx: SignInContext,
  user: UserRow,
  currentSessionId: string,
  request: ChangePasswordRequest,
): Promise<void> {
  await confirmPassword(ctx, user, currentSessionId, request.currentPassword);
  await setPassword(ctx, user.id, request.newPassword, currentSessionId);
  await notifyOwner(ctx, user, passwordChangedMail);
}

/**
 * The signed-in owner's password, asked again before a sensitive change. The check is counted
 * first, in one statement, so of many sent at once at most the limit are verified.
 */
export async function confirmPassword(ctx: AuthContext, user: UserRow, sessionId: string, password: string | undefined): Promise<void> {
  if (!password) throw invalid('auth.current_password_required');
  const key = rateLimits.limitKey('password-check:session', sessionId);
  await rateLimits.consume(ctx, key, PASSWORD_CHECK_LIMIT);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalid('auth.current_password_incorrect');
  await rateLimits.reset(ctx, key);
}

/** Sets a password and ends every session of the user but `keepSessionId`. */
export async function setPassword(ctx: AuthContext, userId: number, password: string, keepSessionId?: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute((trx) => storePasswordHash({ ...ctx, db: trx }, userId, passwordHash, keepSessionId));
}

/** The write half of setPassword, for callers that hold a transaction (`ctx.db`) of their own. */
export async function storePasswordHash(ctx: AuthContext, userId: number, passwordHash: string, keepSessionId?: string): Promise<void> {
  await owner.storePasswordHashOf(ctx, userId, passwordHash);
  await repo.deleteSessionsOfUser(ctx.db, userId, keepSessionId);
}

export interface OwnerBootstrap {
  username: string;
  password: string | undefined;
  email: string | undefined;
}

/**
 * Creates the owner when the database has no user. Returns the generated password when none
 * was given, so the caller can show it once; returns null when an owner already exists.
 */
export async function ensureOwner(
  ctx: AuthContext,
  bootstrap: OwnerBootstrap,
): Promise<{ username: string; generatedPassword: string | undefined } | null> {
  if (await owner.hasAnyUser(ctx)) return null;
  const password = bootstrap.password ?? generatePassword();
  try {
    await owner.createUser(ctx, {
      username: bootstrap.username,
      email: bootstrap.email ?? null,
      passwordHash: await hashPassword(password),
    });
  } catch (error) {
    // Another process starting on the same database created the owner first.
    if (await owner.hasAnyUser(ctx)) return null;
    throw error;
  }
  return { username: bootstrap.username, generatedPassword: bootstrap.password ? undefined : password };
}
