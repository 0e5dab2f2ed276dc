/** Personal access tokens: what the owner's tools (a publish plugin, a script) send as `Authorization: Bearer`. */
import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';

/**
 * What a token may do. A route names the one scope it needs; a route that names none (the
 * account, its security, the tokens themselves) refuses every token.
 */
export const TOKEN_SCOPES = ['photos:read', 'photos:write', 'categories:write', 'galleries:read', 'galleries:write', 'webhooks:write'] as const;
export const TokenScope = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof TokenScope>;

/** What each scope allows, in the owner's words: the admin's checkboxes and the API guide. */
export const TOKEN_SCOPE_TEXTS: Record<TokenScope, string> = {
  'photos:read': 'Read photos and categories as you see them, drafts and non-public ones included',
  'photos:write': 'Upload, replace, edit, move and delete photos',
  'categories:write': 'Create, rename, reorder and delete categories',
  'galleries:read': "Read gallery links and their clients' picks",
  'galleries:write': 'Create, change and revoke gallery links',
  'webhooks:write': 'Register and remove webhooks',
};

/** Every token starts so: a secret scanner (or the owner) tells it from other secrets. */
export const TOKEN_PREFIX = 'atl_';

export const TOKEN_NAME_MAX_LENGTH = 100;

export const CreateTokenRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(TOKEN_NAME_MAX_LENGTH, `Name must be at most ${TOKEN_NAME_MAX_LENGTH} characters`)
    .refine(withoutControls(), controlsMessage('Name')),
  scopes: z.array(TokenScope).min(1, 'Choose at least one scope').max(TOKEN_SCOPES.length),
  /** When it stops working; none for a token that works until it is revoked. */
  expiresAt: z.iso.datetime({ offset: true, message: 'Expiry must be a date and time (ISO 8601)' }).optional(),
});
export type CreateTokenRequest = z.infer<typeof CreateTokenRequest>;

/** A token as the owner's list shows it: never the secret nor its hash, only its last characters. */
export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(TokenScope),
  /** The token's last 4 characters, to tell tokens apart. */
  tokenEnd: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer that makes a token: the one time its secret is shown. */
export const NewApiToken = ApiToken.extend({ token: z.string() });
export type NewApiToken = z.infer<typeof NewApiToken>;

export const ApiTokenList = z.array(ApiToken);
export type ApiTokenList = z.infer<typeof ApiTokenList>;
