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

/** A browser that signed in: its cookie spares it the per-account sign-in limit. */
export interface TrustedDeviceTable {
  /** SHA-256 of the device cookie's secret, hex. */
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}
export type TrustedDeviceRow = Selectable<TrustedDeviceTable>;

/** A one-time sign-in link mailed to the recovery address. */
export interface SignInLinkTable {
  /** SHA-256 of the link's token, hex. */
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}
export type SignInLinkRow = Selectable<SignInLinkTable>;
