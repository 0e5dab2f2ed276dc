import type { Generated, Selectable } from 'kysely';

export interface SessionTable {
  /** SHA-256 of the cookie secret, hex. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** Set while the session is half signed in: the second step must come before this time. */
  pendingUntil: string | null;
  /** "Chrome on macOS", read from the user agent at sign-in. */
  device: string | null;
  address: string | null;
  /** The id the owner's session list uses, random; the id above never leaves the server. */
  handle: string | null;
  /** When the owner last proved who they are in this session (password or passkey). */
  confirmedAt: string | null;
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
