import type { Generated, Selectable } from 'kysely';

export interface SessionTable {
  /** SHA-256 of the cookie secret, hex. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}
export type SessionRow = Selectable<SessionTable>;

export interface PasswordResetTokenTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}
export type PasswordResetTokenRow = Selectable<PasswordResetTokenTable>;
