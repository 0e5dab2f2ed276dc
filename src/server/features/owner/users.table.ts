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
  bannerImage: string | null;
  twitterUrl: string | null;
  substackUrl: string | null;
  linktreeUrl: string | null;
  createdAt: string;
  updatedAt: string;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
