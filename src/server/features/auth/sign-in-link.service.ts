import { randomBytes } from 'node:crypto';
import type { SignInLinkRequest, UseSignInLinkRequest } from '#contract/auth.ts';
import { screens } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid } from '#server/lib/errors.ts';
import { signInLinkMail } from '#server/mail/templates.ts';
import { findUserByEmail, findUserById } from '#server/features/owner/owner.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import * as repo from './auth.repository.ts';
import { hashToken, passFirstStep, type ClientInfo, type SignedIn } from './auth.service.ts';
import { siteNameOf } from '#contract/site-name.ts';

/**
 * The way in for a new browser that nobody guessing the password can block. Mails are limited
 * per email, so an attacker can use up a window; but each link lives longer than a window and
 * a new one never voids the earlier ones, so the recovery inbox always holds a live link while
 * someone keeps asking, and the links go only to the owner.
 */
export const SIGN_IN_LINK_TTL_MS = 30 * 60 * 1000;
export const SIGN_IN_LINK_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };
export const SIGN_IN_LINK_LIMIT_PER_EMAIL: RateLimitRule = { limit: 3, windowMs: 15 * 60 * 1000 };
export const USE_SIGN_IN_LINK_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** The login screen's query parameter that carries the link's token. */
export const SIGN_IN_LINK_PARAM = 'link';

export type SignInLinkContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'jobs'>;

async function sendSignInLink(ctx: SignInLinkContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user?.email) return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await repo.insertSignInLink(ctx.db, {
    id: hashToken(token),
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(),
  });
  // Built from PUBLIC_URL, never from the Host header, so a forged Host cannot steal the link.
  const url = `${ctx.config.publicUrl}${screens.login}?${SIGN_IN_LINK_PARAM}=${encodeURIComponent(token)}`;
  await ctx.mailer.send(signInLinkMail(user.email, url, siteNameOf(user), user.defaultLanguage));
}

/**
 * Answers at once, the same whether or not the email is the owner's, and mails afterwards.
 * Returns the background work for tests.
 */
export async function requestSignInLink(
  ctx: SignInLinkContext,
  request: SignInLinkRequest,
  address: string,
): Promise<{ done: Promise<void> }> {
  await rateLimits.consume(ctx, rateLimits.limitKey('sign-in-link:ip', address), SIGN_IN_LINK_LIMIT_PER_ADDRESS);
  const emailKey = rateLimits.limitKey('sign-in-link:email', request.email.toLowerCase());
  const done = rateLimits
    .hit(ctx, emailKey, SIGN_IN_LINK_LIMIT_PER_EMAIL)
    .then(async (hits) => {
      if (hits > SIGN_IN_LINK_LIMIT_PER_EMAIL.limit) return;
      await sendSignInLink(ctx, request.email);
    })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'sign-in link mail failed'));
  return { done };
}

/**
 * Spends the link and signs its browser in, trusting it from then on. The link stands for the
 * password only: with a second factor on, the browser is half signed in and takes the second step.
 */
export async function useSignInLink(ctx: SignInLinkContext, request: UseSignInLinkRequest, client: ClientInfo): Promise<SignedIn> {
  await rateLimits.consume(ctx, rateLimits.limitKey('use-sign-in-link:ip', client.address), USE_SIGN_IN_LINK_LIMIT_PER_ADDRESS);
  const userId = await repo.spendSignInLink(ctx.db, hashToken(request.token), ctx.clock().toISOString());
  const user = userId === undefined ? undefined : await findUserById(ctx, userId);
  if (!user) throw invalid('auth.invalid_sign_in_link');
  return passFirstStep(ctx, user, client);
}
