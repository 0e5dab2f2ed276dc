import { t } from '@lingui/core/macro';
import type { TokenScope } from '#contract/tokens.ts';

/**
 * What each scope of an API token allows, in the owner's language: the contract's
 * `TOKEN_SCOPE_TEXTS` in English, word for word. Read while drawing.
 */
export const tokenScopeTexts = (): Record<TokenScope, string> => ({
  'photos:read': t`Read photos and categories as you see them, drafts and non-public ones included`,
  'photos:write': t`Upload, replace, edit, move and delete photos`,
  'categories:write': t`Create, rename, reorder and delete categories`,
  'galleries:read': t`Read gallery links and their clients' picks`,
  'galleries:write': t`Create, change and revoke gallery links`,
  'webhooks:write': t`Register and remove webhooks`,
});
