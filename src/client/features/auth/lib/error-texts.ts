import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '#contract/error-codes.ts';

/**
 * The error answers the sign-in and recovery screens meet, in their catalog (`sign-in`), by their
 * codes; their English is the error catalog's (`#contract/error-codes.ts`), word for word.
 */
export const SIGN_IN_ERROR_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'auth.invalid_credentials': msg`Invalid username or password`,
  'auth.sign_in_expired': msg`This sign-in has expired. Please sign in again.`,
  'auth.wrong_code': msg`That code is not right. Try again.`,
  'auth.invalid_reset_link': msg`This reset link is invalid or has expired. Please request a new one.`,
  'auth.invalid_sign_in_link': msg`This sign-in link is invalid or has expired. Please request a new one.`,
  'auth.passkey_request_expired': msg`This passkey request has expired. Please try again.`,
  'auth.passkey_not_verified': msg`The passkey could not be verified. Please try again.`,
  'auth.passkey_unknown': msg`That passkey is not one of this site’s. Try another way.`,
  'auth.passkey_paused': msg`This passkey is paused since your password was reset. Sign in with your password, then keep it under Account, Security.`,
};
