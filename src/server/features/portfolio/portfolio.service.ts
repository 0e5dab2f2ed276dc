import type { PortfolioOwner, PortfolioSettingsChanges } from '#contract/portfolio.ts';
import type { CurrentUser } from '#contract/auth.ts';
import type { Db } from '#server/db/database.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- the users row gets one home in the house-rules restructure
import { findOwner, updateUser } from '#server/features/auth/auth.repository.ts';
import type { UserRow } from '#server/features/auth/users.table.ts';

export function toPortfolioOwner(row: UserRow): PortfolioOwner {
  return {
    id: row.id,
    username: row.username,
    portfolioTitle: row.portfolioTitle,
    portfolioSubtitle: row.portfolioSubtitle,
    aboutText: row.aboutText,
    showContactForm: row.showContactForm === 1,
    bannerImage: row.bannerImage,
    twitterUrl: row.twitterUrl,
    substackUrl: row.substackUrl,
    linktreeUrl: row.linktreeUrl,
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toPortfolioOwner(row), email: row.email };
}

/** The site's one owner; the username in a /{username} path is not used to find it (spec §1). */
export async function getPortfolioOwner(db: Db): Promise<PortfolioOwner> {
  const owner = await findOwner(db);
  if (!owner) throw notFound('This site has no owner yet');
  return toPortfolioOwner(owner);
}

/**
 * Saves the owner's settings. A banner must be a file the banner upload made, so the field can
 * never point at another photo's file or outside the uploads folder.
 */
export async function updatePortfolioSettings(
  db: Db,
  userId: number,
  changes: PortfolioSettingsChanges,
  options: { bannerExists?: (name: string) => Promise<boolean>; now?: Date } = {},
): Promise<CurrentUser> {
  if (changes.bannerImage && options.bannerExists && !(await options.bannerExists(changes.bannerImage))) {
    throw invalid('Unknown banner image; upload it first');
  }
  const { showContactForm, ...rest } = changes;
  const row = await updateUser(db, userId, {
    ...rest,
    ...(showContactForm === undefined ? {} : { showContactForm: showContactForm ? 1 : 0 }),
    updatedAt: (options.now ?? new Date()).toISOString(),
  });
  if (!row) throw notFound('User not found');
  return toCurrentUser(row);
}
