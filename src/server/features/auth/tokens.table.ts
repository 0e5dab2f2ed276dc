import type { Generated, Selectable } from 'kysely';

/** A personal access token of the owner. */
export interface ApiTokenTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** SHA-256 of the token, hex: the key a request's token is found by. */
  tokenHash: string;
  /** The token's last 4 characters, for the owner's list. */
  tokenEnd: string;
  /** Its scopes, separated by spaces. */
  scopes: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}
export type ApiTokenRow = Selectable<ApiTokenTable>;
