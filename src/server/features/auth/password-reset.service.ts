import { randomBytes } from 'node:crypto';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '#contract/auth.ts';
import { screens } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid } from '#server/lib/errors.ts';
import { passwordResetDoneMail, passwordResetMail } from '#server/mail/templates.ts';
import { findUserByEmail, findUserById } from '#server/features/owner/owner.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import * as repo from './auth.repository.ts';
import * as factorsRepo from './factors.repository.ts';
import * as tokensRepo from './tokens.repository.ts';
import { hashToken, notifyOwner, storePasswordHash } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import { siteNameOf } from '#contract/site-name.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };
export const FORGOT_LIMIT_PER_EMAIL: RateLimitRule = { limit: 3, windowMs: 15 * 60 * 1000 };
export const RESET_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };

export type PasswordResetContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'jobs'>;

/** Makes the token and sends the mail; a no-op for an email that is not the owner's. */
async function sendResetMail(ctx: PasswordResetContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user?.email) return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await repo.replaceResetToken(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
  });
  // Built from PUBLIC_URL, never from the Host header, so a forged Host cannot steal the link.
  const resetUrl = `${ctx.config.publicUrl}${screens.resetPassword}?token=${encodeURIComponent(token)}`;
  const siteName = siteNameOf(user);
  await ctx.mailer.send(passwordResetMail(user.email, resetUrl, siteName, user.defaultLanguage));
}

/**
 * Answers at once and does the work afterwards: the reply, and its timing, are the same
 * whether or not the email belongs to the owner. Returns the background work for tests.
 */
export async function requestPasswordReset(
  ctx: PasswordResetContext,
  request: ForgotPasswordRequest,
  address: string,
): Promise<{ done: Promise<void> }> {
  await rateLimits.consume(ctx, rateLimits.limitKey('forgot:ip', address), FORGOT_LIMIT_PER_ADDRESS);
  // Per email too, so nobody can flood the owner's inbox from many addresses.
  const emailKey = rateLimits.limitKey('forgot:email', request.email.toLowerCase());
  const done = rateLimits
    .hit(ctx, emailKey, FORGOT_LIMIT_PER_EMAIL)
    .then(async (hits) => {
      if (hits > FORGOT_LIMIT_PER_EMAIL.limit) return;
      await sendResetMail(ctx, request.email);
    })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'password reset mail failed'));
  return { done };
}

export async function resetPassword(ctx: PasswordResetContext, request: ResetPasswordRequest, address: string): Promise<void> {
  await rateLimits.consume(ctx, rateLimits.limitKey('reset:ip', address), RESET_LIMIT_PER_ADDRESS);
  const token = await repo.findResetToken(ctx.db, hashToken(request.token));
  const now = ctx.clock();
  if (!token || token.usedAt !== null || new Date(token.expiresAt) <= now) throw invalid('auth.invalid_reset_link');
  const passwordHash = await hashPassword(request.newPassword);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    // Spent and set together: a token used twice in parallel sets the password once.
    if (!(await repo.markResetTokenUsed(trx, token.id, now.toISOString()))) throw invalid('auth.invalid_reset_link');
    // Every session ends: whoever had the old password is signed out.
    await storePasswordHash({ ...ctx, db: trx }, token.userId, passwordHash);
    // A passkey a borrowed session added would outlive the reset: each serves only after the new
    // password until the owner, signed in, keeps it.
    const pausedPasskeys = await factorsRepo.pausePasskeysOf(trx, token.userId, now.toISOString());
    // A token a borrowed session made would outlive it too. Tokens are revoked, not paused: a
    // paused passkey still serves behind the new password, a paused token would serve nothing,
    // and its name and last characters cannot tell the owner's from a thief's.
    const revokedTokens = await tokensRepo.deleteTokensOf(trx, token.userId);
    return { pausedPasskeys, revokedTokens };
  });
  // The reset signs nobody in, and leaves the second factors on: the next sign-in still asks for one.
  const user = await findUserById(ctx, token.userId);
  if (user) await notifyOwner(ctx, user, (to, site, language) => passwordResetDoneMail(to, site, changed, language));
}
