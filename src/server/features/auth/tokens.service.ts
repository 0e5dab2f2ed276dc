import { randomBytes } from 'node:crypto';
import { TOKEN_PREFIX, TokenScope, type ApiToken, type CreateTokenRequest, type NewApiToken } from '#contract/tokens.ts';
import type { AppContext } from '#server/app-context.ts';
import { invalid, notFound, notSignedIn } from '#server/lib/errors.ts';
import * as owner from '#server/features/owner/owner.service.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { hashToken } from './auth.service.ts';
import { requireFreshCheck, type FreshSession } from './security.service.ts';
import * as repo from './tokens.repository.ts';
import type { ApiTokenRow } from './tokens.table.ts';

type TokensContext = Pick<AppContext, 'db' | 'clock'>;

/** Failed bearer attempts per address, counted as failed sign-ins are. */
export const TOKEN_FAILURES_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** lastUsedAt is written at most this often, not on every call of a busy tool. */
const TOKEN_TOUCH_MS = 60 * 1000;

const scopesOf = (row: ApiTokenRow): TokenScope[] =>
  row.scopes.split(' ').filter((scope): scope is TokenScope => TokenScope.safeParse(scope).success);

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    tokenEnd: row.tokenEnd,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
  };
}

/**
 * A new token: 256 random bits, kept only as their SHA-256. A slow hash (argon2) guards secrets
 * people choose, which can be guessed offline; 256 random bits cannot be, and every API call
 * looks its token up by the hash, which must be the same each time (no salt) and cheap.
 * Only after a fresh check, as for a passkey: a borrowed session must not leave with a key that
 * outlives it.
 */
export async function createToken(ctx: TokensContext, userId: number, session: FreshSession, request: CreateTokenRequest): Promise<NewApiToken> {
  requireFreshCheck(ctx, session);
  const now = ctx.clock();
  const expiresAt = request.expiresAt === undefined ? null : new Date(request.expiresAt);
  if (expiresAt && expiresAt <= now) throw invalid('auth.token_expiry_past');
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertToken(ctx.db, {
    userId,
    name: request.name,
    tokenHash: hashToken(token),
    tokenEnd: token.slice(-4),
    // In the order of the catalog, each once, whatever order they came in.
    scopes: TokenScope.options.filter((scope) => request.scopes.includes(scope)).join(' '),
    createdAt: now.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    lastUsedAt: null,
  });
  return { ...toApiToken(row), token };
}

export async function listTokens(ctx: TokensContext, userId: number): Promise<ApiToken[]> {
  return (await repo.listTokens(ctx.db, userId)).map(toApiToken);
}

/** Revoked at once: the row goes, and the next call with the token is a stranger's. */
export async function revokeToken(ctx: TokensContext, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteToken(ctx.db, userId, id))) throw notFound('auth.token_not_found');
}

export interface ResolvedToken {
  user: UserRow;
  tokenId: number;
  scopes: TokenScope[];
}

/**
 * The owner and scopes behind a bearer token. An unknown, expired or revoked token is 401, and
 * counted against the address like a failed sign-in: past the limit it is 429 until the window
 * ends. A valid token is never held back by the count: 256 random bits are not guessed, and the
 * owner's own tool keeps working while a scanner at the same address waits.
 */
export async function resolveToken(ctx: TokensContext, token: string, address: string): Promise<ResolvedToken> {
  const row = await repo.findTokenByHash(ctx.db, hashToken(token));
  const now = ctx.clock();
  const user = row && (row.expiresAt === null || now < new Date(row.expiresAt)) ? await owner.findUserById(ctx, row.userId) : undefined;
  if (!row || !user) {
    await rateLimits.consume(ctx, rateLimits.limitKey('token:ip', address), TOKEN_FAILURES_PER_ADDRESS);
    throw notSignedIn('auth.token_invalid');
  }
  if (row.lastUsedAt === null || now.getTime() - new Date(row.lastUsedAt).getTime() >= TOKEN_TOUCH_MS) {
    await repo.touchToken(ctx.db, row.id, now.toISOString());
  }
  return { user, tokenId: row.id, scopes: scopesOf(row) };
}
