import type { CurrentUser } from '#contract/auth.ts';
import type { PortfolioSettingsChanges } from '#contract/portfolio.ts';
import type { AppContext } from '#server/app-context.ts';
import { recoveryEmailChangedMail } from '#server/mail/templates.ts';
import { confirmPassword } from '#server/features/auth/auth.service.ts';
import { bannerExists } from '#server/features/banner/banner.service.ts';
import { updatePortfolioSettings } from '#server/features/owner/owner.service.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import { siteNameOf } from '#contract/site-name.ts';

type SettingsContext = Pick<AppContext, 'db' | 'clock' | 'media' | 'mailer' | 'log'>;

/**
 * Saves the owner's settings. The recovery email decides where reset and sign-in links go, so a
 * change of it asks for the current password and tells the old address: a borrowed session alone
 * cannot take the account over quietly.
 */
export async function savePortfolioSettings(
  ctx: SettingsContext,
  owner: UserRow,
  sessionId: string,
  { currentPassword, ...changes }: PortfolioSettingsChanges,
): Promise<CurrentUser> {
  const emailChanges = changes.email !== undefined && changes.email !== owner.email;
  if (emailChanges) await confirmPassword(ctx, owner, sessionId, currentPassword);
  const saved = await updatePortfolioSettings(ctx, owner.id, changes, {
    bannerExists: (name) => bannerExists(ctx.media.uploads, name),
  });
  if (emailChanges && owner.email) {
    // The change is saved either way; a notice that could not be sent is logged for the operator.
    await ctx.mailer
      .send(recoveryEmailChangedMail(owner.email, saved.email, siteNameOf(saved), saved.defaultLanguage))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'recovery email change notice failed'));
  }
  return saved;
}
