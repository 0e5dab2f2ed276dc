import type { Language } from '#contract/languages.ts';
import type { HeadingFont, ThemeDefault, TopBarBrand } from '#contract/portfolio.ts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  passwordHash: string;
  portfolioTitle: string | null;
  portfolioSubtitle: string | null;
  aboutText: string | null;
  showContactForm: Generated<number>;
  showCameraDetails: Generated<number>;
  bannerImage: string | null;
  twitterUrl: string | null;
  substackUrl: string | null;
  linktreeUrl: string | null;
  themeDefault: Generated<ThemeDefault>;
  topBarBrand: Generated<TopBarBrand>;
  headingFont: Generated<HeadingFont>;
  compactTopBar: Generated<number>;
  createdAt: string;
  updatedAt: string;
  /** 1: unsorted photos show to visitors as Other (the spec's default). */
  showOtherSection: Generated<number>;
  /** 1: a category without photos shows to visitors, with its empty text (the spec's default). */
  showEmptyCategories: Generated<number>;
  /** The site's watermark, JSON of the contract's Watermark; null for none (migration 0014). */
  watermark: Generated<string | null>;
  /** 1: titles that are only a file name (IMG_1234) are not shown to visitors (migration 0018). */
  hideFileNameTitles: Generated<number>;
  /** Videos start playing, muted, when the viewer opens on them (migration 0023). */
  autoplayVideos: Generated<number>;
  /** The invitation mail's subject and text, with their placeholders (0026); null: the default. */
  invitationSubject: Generated<string | null>;
  invitationText: Generated<string | null>;
  /** The language of a visitor who asks for none offered (migration 0029). */
  defaultLanguage: Generated<Language>;
  /** The languages offered, comma-separated (`en,de`); read through `knownLanguages`. */
  offeredLanguages: Generated<string>;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
