import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '#contract/error-codes.ts';

/**
 * The error texts a visitor meets (the contact form, a missing photo, a rate limit, the server's
 * own failure), in the visitor's catalog, by their codes. Their English is the error catalog's
 * (`#contract/error-codes.ts`), word for word, which a test holds them to. Every other code still
 * reads in English until the owner's screens are translated, with a catalog of their own.
 */
export const TRANSLATED_ERROR_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'server.error': msg`Something went wrong on our side. Please try again.`,
  'limits.too_many_attempts': msg`Too many attempts. Please wait a moment and try again.`,
  'request.invalid_address': msg`This address is not valid. Check the link and try again.`,
  'contact.portfolio_not_found': msg`This portfolio does not exist`,
  'contact.form_off': msg`The contact form is switched off`,
  'photos.not_found': msg`Photo not found`,
};
