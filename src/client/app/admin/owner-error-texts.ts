import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { ErrorCode } from '#contract/error-codes.ts';

/**
 * The error texts the owner meets in the admin, by their codes, in the owner's catalog: their
 * English is the error catalog's (`#contract/error-codes.ts`), word for word, which a test holds
 * them to. The owner's page adds them to `errorMessage` (lib/error-text.ts) as it loads; a code
 * not here reads in English.
 */
export const OWNER_ERROR_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'request.too_large': msg`Request body is too large`,
  'request.value_out_of_range': msg`Invalid input: a value is out of range or holds a character that cannot be stored`,
  'upload.malformed': msg`The upload was cut short or is not valid multipart/form-data. Please try again.`,
  'upload.too_many_files': msg({ message: 'Too many files: at most {max} at once' }),
  'images.empty': msg`The file is empty`,
  'images.svg_refused': msg({ message: 'SVG images are not accepted; use a {formats} image' }),
  'images.wrong_format': msg({ message: 'Not a {formats} image' }),
  'images.damaged': msg`The image is damaged or incomplete`,
  'images.too_many_pixels': msg`The image has too many pixels`,
  'images.too_many_megapixels': msg({ message: 'The image has too many pixels (at most {megapixels} megapixels)' }),
  'images.decoder_missing': msg({ message: '{format} files need {tool} on the server: install the Debian package {package}' }),
  'images.decode_timed_out': msg({ message: 'The image took longer than {seconds} seconds to decode' }),
  'audio.file_too_large': msg({ message: 'The track is larger than {size}' }),
  'audio.too_long': msg({ message: 'The track is longer than {minutes} minutes' }),
  'audio.wrong_format': msg`Not a WAV, FLAC or MP3 file`,
  'audio.too_many_tracks': msg({ message: 'A release has at most {max} tracks' }),
  'videos.damaged': msg`The video is damaged or has no picture`,
  'videos.too_long': msg({ message: 'The video is longer than {minutes} minutes' }),
  'videos.too_large': msg({ message: 'The video is larger than {size}' }),
  'auth.not_signed_in': msg`You must be signed in`,
  'auth.wrong_code': msg`That code is not right. Try again.`,
  'auth.current_password_required': msg`Current password is required`,
  'auth.current_password_incorrect': msg`Current password is incorrect`,
  'auth.confirm_identity': msg`Confirm it is you first: your password, a code from your authenticator app, or a passkey.`,
  'auth.passkey_paused_confirm': msg`This passkey is paused since your password was reset. Confirm with your password.`,
  'auth.passkey_too_new': msg`A passkey added since you signed in cannot confirm it is you. Use your password.`,
  'auth.passkeys_need_a_domain': msg`Passkeys need the site to have a domain name, and this site's address (PUBLIC_URL) is an IP address. Give the site a domain name (docs/deploy.md), or use an authenticator app.`,
  'auth.token_expiry_past': msg`The expiry must be in the future`,
  'auth.passkey_request_expired': msg`This passkey request has expired. Please try again.`,
  'auth.passkey_not_verified': msg`The passkey could not be verified. Please try again.`,
  'auth.passkey_already_added': msg`This passkey is already added`,
  'auth.totp_already_on': msg`The authenticator app is already on. Turn it off first to set up another.`,
  'auth.totp_not_waiting': msg`Start the setup again: no authenticator app is waiting for a code.`,
  'auth.session_not_found': msg`That browser is already signed out`,
  'webhooks.private_target': msg({ message: 'This address is on a private or local network ({address}); webhooks go to public addresses only' }),
  'webhooks.unresolvable_target': msg({ message: 'The host {host} could not be found' }),
  'webhooks.too_many': msg({ message: 'At most {max} webhooks' }),
  'owner.default_language_not_offered': msg`The default language must be one of the languages offered`,
  'banner.too_large': msg`The banner must be at most 5 MB`,
  'watermarks.logo_too_large': msg({ message: 'The logo must be at most {megabytes} MB' }),
  'watermarks.logo_not_stored': msg`The logo is not stored on this server; upload it again`,
  'categories.not_found': msg`Category not found`,
  'categories.not_restorable': msg`This category can no longer be restored`,
  'photos.not_restorable': msg`These photos can no longer be restored`,
  'photos.file_too_large': msg({ message: 'The file is larger than {size}' }),
  'photos.upload_refused_one': msg({ message: 'Could not upload the file ({reasons})' }),
  'photos.upload_refused': msg({ message: 'Could not upload any of the {count} files ({reasons})' }),
  'photos.replace_changed_meanwhile': msg`The photo changed while its file was being replaced. Please try again.`,
  'galleries.link_not_found': msg`Link not found`,
};

/** The owner's text for a code the page shows by itself (not an answer's), or undefined. */
export function ownerErrorText(code: ErrorCode): string | undefined {
  const descriptor = OWNER_ERROR_TEXTS[code];
  return descriptor ? i18n._(descriptor) : undefined;
}
