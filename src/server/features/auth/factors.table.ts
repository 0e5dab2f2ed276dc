import type { Selectable } from 'kysely';

/** A passkey (WebAuthn credential) of the owner. */
export interface PasskeyTable {
  /** The credential id, base64url. */
  id: string;
  userId: number;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  createdAt: string;
  lastUsedAt: string | null;
  /**
   * Set by a password reset by mail: the passkey then serves only as the step after the password,
   * and proves nothing on its own, until the owner keeps it.
   */
  pausedAt: string | null;
}
export type PasskeyRow = Selectable<PasskeyTable>;

/** The authenticator app's secret: on once `confirmedAt` is set. */
export interface TotpFactorTable {
  /** The user's id. */
  id: number;
  /** Base32. */
  secret: string;
  confirmedAt: string | null;
  /** The last time step a code was accepted for; codes of it and before are refused. */
  lastStep: number;
  createdAt: string;
}
export type TotpFactorRow = Selectable<TotpFactorTable>;

export interface RecoveryCodeTable {
  /** SHA-256 of the code, hex. */
  id: string;
  userId: number;
  createdAt: string;
}
export type RecoveryCodeRow = Selectable<RecoveryCodeTable>;

/** A WebAuthn challenge handed out and not yet answered. */
export interface WebauthnChallengeTable {
  /** The challenge, base64url. */
  id: string;
  purpose: 'register' | 'authenticate';
  userId: number | null;
  expiresAt: string;
}
export type WebauthnChallengeRow = Selectable<WebauthnChallengeTable>;
