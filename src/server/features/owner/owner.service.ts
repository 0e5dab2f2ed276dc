import type { CurrentUser } from '#contract/auth.ts';
import { knownLanguages, SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import type { PortfolioOwner, PortfolioSettingsChanges } from '#contract/portfolio.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import * as repo from './owner.repository.ts';
import type { UserRow, UserUpdate } from './users.table.ts';

/**
 * The users row is both the owner's credentials and their portfolio's settings; this service is
 * its one home. Auth reads and writes the credentials through it, the portfolio the settings.
 */

type OwnerContext = Pick<AppContext, 'db' | 'clock'>;

/** The owner's switches: booleans in the contract, 0 or 1 in a column of the same name. */
const SWITCHES = ['showContactForm', 'showCameraDetails', 'compactTopBar', 'showOtherSection', 'showEmptyCategories', 'hideFileNameTitles', 'autoplayVideos'] as const;
type Switch = (typeof SWITCHES)[number];

function switchesOf(row: UserRow): Record<Switch, boolean> {
  return Object.fromEntries(SWITCHES.map((name) => [name, row[name] === 1])) as Record<Switch, boolean>;
}

/** A change of settings as columns: the switches it names as 0 or 1, the languages as their list, the rest as they come. */
function settingsColumns({ languages, ...changes }: Omit<PortfolioSettingsChanges, 'currentPassword'>): UserUpdate {
  const columns: Record<string, unknown> = { ...changes };
  for (const name of SWITCHES) if (changes[name] !== undefined) columns[name] = changes[name] ? 1 : 0;
  if (languages !== undefined) columns.offeredLanguages = knownLanguages(languages).join(',');
  return columns;
}

/** The languages a row offers; never none, and never without its default. */
function offeredLanguagesOf(row: Pick<UserRow, 'offeredLanguages' | 'defaultLanguage'>): Language[] {
  return knownLanguages([...row.offeredLanguages.split(','), row.defaultLanguage]);
}

/** The site's default language and the languages it offers, as a page negotiates them. */
export interface SiteLanguages {
  defaultLanguage: Language;
  languages: Language[];
}

/** The owner's languages; English alone before the site has an owner. */
export async function getSiteLanguages(ctx: Pick<AppContext, 'db'>): Promise<SiteLanguages> {
  const owner = await repo.findOwner(ctx.db);
  if (!owner) return { defaultLanguage: SOURCE_LANGUAGE, languages: [SOURCE_LANGUAGE] };
  return { defaultLanguage: owner.defaultLanguage, languages: offeredLanguagesOf(owner) };
}

export function toPortfolioOwner(row: UserRow): PortfolioOwner {
  return {
    id: row.id,
    username: row.username,
    portfolioTitle: row.portfolioTitle,
    portfolioSubtitle: row.portfolioSubtitle,
    aboutText: row.aboutText,
    bannerImage: row.bannerImage,
    twitterUrl: row.twitterUrl,
    substackUrl: row.substackUrl,
    linktreeUrl: row.linktreeUrl,
    themeDefault: row.themeDefault,
    topBarBrand: row.topBarBrand,
    headingFont: row.headingFont,
    ...switchesOf(row),
    defaultLanguage: row.defaultLanguage,
    languages: offeredLanguagesOf(row),
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toPortfolioOwner(row), email: row.email };
}

/** The site's one owner; the username in a /{username} path is not used to find it. */
export async function getPortfolioOwner(ctx: Pick<AppContext, 'db'>): Promise<PortfolioOwner> {
  const owner = await repo.findOwner(ctx.db);
  if (!owner) throw notFound('owner.none_yet');
  return toPortfolioOwner(owner);
}

export function findUserById(ctx: Pick<AppContext, 'db'>, id: number): Promise<UserRow | undefined> {
  return repo.findUserById(ctx.db, id);
}

export function findUserByUsername(ctx: Pick<AppContext, 'db'>, username: string): Promise<UserRow | undefined> {
  return repo.findUserByUsername(ctx.db, username);
}

/** The user whose email this is, compared without case. */
export function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(ctx.db, email);
}

export async function hasAnyUser(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return (await repo.countUsers(ctx.db)) > 0;
}

/** The owner's first row: credentials given, every setting empty. */
export async function createUser(
  ctx: OwnerContext,
  user: { username: string; email: string | null; passwordHash: string },
): Promise<UserRow> {
  const now = ctx.clock().toISOString();
  return repo.insertUser(ctx.db, {
    ...user,
    portfolioTitle: null,
    portfolioSubtitle: null,
    aboutText: null,
    bannerImage: null,
    twitterUrl: null,
    substackUrl: null,
    linktreeUrl: null,
    createdAt: now,
    updatedAt: now,
  });
}

/** Stores a new password hash; `ctx.db` may be a transaction the caller holds. */
export async function storePasswordHashOf(ctx: OwnerContext, userId: number, passwordHash: string): Promise<void> {
  await repo.updateUser(ctx.db, userId, { passwordHash, updatedAt: ctx.clock().toISOString() });
}

/**
 * Saves the owner's settings. A banner must be a file the banner upload made, so the field can
 * never point at another photo's file or outside the uploads folder.
 */
export async function updatePortfolioSettings(
  ctx: OwnerContext,
  userId: number,
  changes: Omit<PortfolioSettingsChanges, 'currentPassword'>,
  options: { bannerExists?: (name: string) => Promise<boolean> } = {},
): Promise<CurrentUser> {
  if (changes.bannerImage && options.bannerExists && !(await options.bannerExists(changes.bannerImage))) {
    throw invalid('owner.unknown_banner');
  }
  if (changes.defaultLanguage !== undefined || changes.languages !== undefined) {
    // Either may change alone: the pair the row will hold is checked.
    const current = await repo.findUserById(ctx.db, userId);
    if (!current) throw notFound('users.not_found');
    const defaultLanguage = changes.defaultLanguage ?? current.defaultLanguage;
    const languages = changes.languages ?? current.offeredLanguages.split(',');
    if (!languages.includes(defaultLanguage)) throw invalid('owner.default_language_not_offered');
  }
  const row = await repo.updateUser(ctx.db, userId, {
    ...settingsColumns(changes),
    updatedAt: ctx.clock().toISOString(),
  });
  if (!row) throw notFound('users.not_found');
  return toCurrentUser(row);
}
