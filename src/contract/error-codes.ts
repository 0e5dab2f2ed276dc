/**
 * Every error the API answers, by code: a stable `area.snake_case` name and its English text.
 * The server renders an error's `message` from here and sends the code beside it, with the values
 * the text holds as `params`; the client shows the text it finds here for the code, so a
 * translation (or a public API client) needs the code and the params, never the English.
 *
 * A `{name}` in a text is filled from the params of that name. A text that reads differently for
 * one and for many is two codes (English has two forms; other languages get their own texts).
 * To add an error: add its code here, throw it with the helpers of `server/lib/errors.ts`.
 *
 * Plain data, no schema library: the client's error helper imports it.
 */
export const ERROR_TEXTS = {
  // The request itself, before any feature reads it.
  /** Invalid input: the message is the first issue's own text (the contract's schemas), see `issues`. */
  'request.invalid': 'Invalid request',
  'request.bad_json': "Body is not valid JSON but content-type is set to 'application/json'",
  'request.empty_json': "Body cannot be empty when content-type is set to 'application/json'",
  'request.bad_content_length': 'Request body size did not match Content-Length',
  'request.too_large': 'Request body is too large',
  'request.unsupported_media_type': 'Unsupported Media Type',
  /** Any other refusal of the HTTP framework: the message is the framework's own. */
  'request.failed': 'The request could not be handled',
  'request.invalid_address': 'This address is not valid. Check the link and try again.',
  'request.no_route': 'No route for {method} {path}',
  'request.cross_site': 'Cross-site request refused',
  /** PostgreSQL refused a value (a number past its column's range, a NUL character). */
  'request.value_out_of_range': 'Invalid input: a value is out of range or holds a character that cannot be stored',
  'server.error': 'Something went wrong on our side. Please try again.',
  /** A rate limit (signing in, the contact form, a gallery's password…): `retryAfterSeconds` says when to try again. */
  'limits.too_many_attempts': 'Too many attempts. Please wait a moment and try again.',

  // Files sent and files served.
  'upload.not_multipart': 'Send the files as multipart/form-data',
  'upload.malformed': 'The upload was cut short or is not valid multipart/form-data. Please try again.',
  'upload.one_file_only': 'Send one file only',
  'upload.too_many_files': 'Too many files: at most {max} at once',
  'files.not_found': 'No such file',
  'files.range_not_satisfiable': 'Range not satisfiable',
  'images.empty': 'The file is empty',
  'images.svg_refused': 'SVG images are not accepted; use a {formats} image',
  'images.wrong_format': 'Not a {formats} image',
  'images.damaged': 'The image is damaged or incomplete',
  'images.too_many_pixels': 'The image has too many pixels',
  'images.too_many_megapixels': 'The image has too many pixels (at most {megapixels} megapixels)',
  /** A HEIC or RAW file on a server without its decoder (a Debian package of system tools). */
  'images.decoder_missing': '{format} files need {tool} on the server: install the Debian package {package}',
  'images.decode_timed_out': 'The image took longer than {seconds} seconds to decode',
  /** A release's audio tracks. */
  'audio.none_sent': 'No track was sent; add an audio file in the "track" field',
  'audio.file_too_large': 'The track is larger than {size}',
  'audio.too_long': 'The track is longer than {minutes} minutes',
  'audio.wrong_format': 'Not a WAV, FLAC or MP3 file',
  'audio.tool_missing': 'Audio tracks need {tool} on the server: install the Debian package {package}',
  'audio.too_many_tracks': 'A release has at most {max} tracks',
  'audio.track_not_found': 'Track not found',
  'audio.order_mismatch': 'Send every track of the release once, in the new order',
  'videos.damaged': 'The video is damaged or has no picture',
  'videos.too_long': 'The video is longer than {minutes} minutes',
  'videos.too_large': 'The video is larger than {size}',

  // Signing in and the account's security.
  'auth.not_signed_in': 'You must be signed in',
  'auth.signed_out': 'Not signed in',
  'auth.invalid_credentials': 'Invalid username or password',
  'auth.sign_in_expired': 'This sign-in has expired. Please sign in again.',
  'auth.wrong_code': 'That code is not right. Try again.',
  'auth.current_password_required': 'Current password is required',
  'auth.current_password_incorrect': 'Current password is incorrect',
  'auth.confirm_identity': 'Confirm it is you first: your password, a code from your authenticator app, or a passkey.',
  'auth.passkey_paused_confirm': 'This passkey is paused since your password was reset. Confirm with your password.',
  'auth.passkey_too_new': 'A passkey added since you signed in cannot confirm it is you. Use your password.',
  'auth.passkey_paused': 'This passkey is paused since your password was reset. Sign in with your password, then keep it under Account, Security.',
  'auth.passkeys_need_a_domain': "Passkeys need the site to have a domain name, and this site's address (PUBLIC_URL) is an IP address. Give the site a domain name (docs/deploy.md), or use an authenticator app.",
  /** A bearer token that is unknown, expired or revoked. */
  'auth.token_invalid': 'This token is unknown, expired or revoked.',
  'auth.token_scope_missing': 'This token lacks the scope {scope}.',
  /** The account, its security and the tokens themselves answer a signed-in browser only. */
  'auth.token_not_allowed': 'Tokens cannot be used here: sign in instead.',
  'auth.token_not_found': 'No such token',
  'auth.token_expiry_past': 'The expiry must be in the future',
  // Webhooks.
  'webhooks.not_found': 'No such webhook',
  /** A target on loopback, a private network or another range that is not the public internet. */
  'webhooks.private_target': 'This address is on a private or local network ({address}); webhooks go to public addresses only',
  'webhooks.unresolvable_target': 'The host {host} could not be found',
  'webhooks.too_many': 'At most {max} webhooks',
  'auth.invalid_reset_link': 'This reset link is invalid or has expired. Please request a new one.',
  'auth.invalid_sign_in_link': 'This sign-in link is invalid or has expired. Please request a new one.',
  'auth.passkey_request_expired': 'This passkey request has expired. Please try again.',
  'auth.passkey_not_verified': 'The passkey could not be verified. Please try again.',
  'auth.passkey_already_added': 'This passkey is already added',
  'auth.passkey_not_found': 'Passkey not found',
  'auth.passkey_unknown': 'That passkey is not one of this site’s. Try another way.',
  'auth.passkey_not_yours': 'That passkey is not yours.',
  'auth.totp_already_on': 'The authenticator app is already on. Turn it off first to set up another.',
  'auth.totp_not_waiting': 'Start the setup again: no authenticator app is waiting for a code.',
  'auth.totp_not_on': 'The authenticator app is not on',
  'auth.session_not_found': 'That browser is already signed out',

  // The owner, the site and its settings.
  'users.not_found': 'User not found',
  'owner.none_yet': 'This site has no owner yet',
  'owner.unknown_banner': 'Unknown banner image; upload it first',
  'owner.default_language_not_offered': 'The default language must be one of the languages offered',
  'banner.missing': 'No banner was sent; add an image file in the "banner" field',
  'banner.too_large': 'The banner must be at most 5 MB',
  'watermarks.logo_missing': 'No logo was sent; add a PNG or WebP image in the "logo" field',
  'watermarks.logo_too_large': 'The logo must be at most {megabytes} MB',
  'watermarks.logo_not_stored': 'The logo is not stored on this server; upload it again',
  'jobs.failed_not_found': 'No failed job with this id',

  // Visitors' messages.
  'contact.portfolio_not_found': 'This portfolio does not exist',
  'contact.form_off': 'The contact form is switched off',
  'messages.not_found': 'Message not found',

  // Categories and photos.
  'categories.not_found': 'Category not found',
  'categories.id_not_found': 'Category {id} not found',
  'categories.does_not_exist': 'Category {id} does not exist',
  'categories.not_restorable': 'This category can no longer be restored',
  'categories.repeated': 'Each category may appear only once',
  'photos.not_found': 'Photo not found',
  'photos.id_not_found': 'Photo {id} not found',
  'photos.not_in_place': 'Photo {id} is not in that place',
  'photos.not_restorable': 'These photos can no longer be restored',
  'photos.repeated': 'Each photo may appear only once',
  'photos.none_sent': 'No photos were sent; add image files in the "photos" field',
  'photos.file_too_large': 'The file is larger than {size}',
  'photos.position_required': 'Each file of a selection needs its position, a whole number from 0 to {max}',
  'photos.position_repeated': 'Position {position} was sent twice',
  /** Nothing of an upload was stored: `reasons` is each file's name and reason, as `rejected` lists them. */
  'photos.upload_refused_one': 'Could not upload the file ({reasons})',
  'photos.upload_refused': 'Could not upload any of the {count} files ({reasons})',
  'photos.replace_file_missing': 'Send the new file in the "photo" field',
  'photos.replace_changed_meanwhile': 'The photo changed while its file was being replaced. Please try again.',

  // Client galleries: links, downloads and picks.
  'galleries.link_not_found': 'Link not found',
  'galleries.link_not_restorable': 'This link can no longer be restored',
  'galleries.not_found': 'Gallery not found',
  'galleries.locked': 'This gallery needs its password',
  'galleries.wrong_password': 'Wrong password',
  'galleries.photo_not_found': 'Photo not found in this gallery',
  'galleries.downloads_off': 'Downloads are not on for this gallery',
  'galleries.too_many_zips': 'At most {max} gallery downloads can run at a time. Wait for one to finish, then try again.',
  'galleries.link_busy': 'This gallery is being downloaded {max} times at once already. Wait for one to finish, then try again.',
  'galleries.proofing_off': 'Picking photos is not on for this gallery',
  'galleries.picks_submitted': 'Your picks were sent and are locked. Ask the photographer to reopen them.',
  'galleries.pick_cap_one': 'You can pick at most {cap} photo',
  'galleries.pick_cap': 'You can pick at most {cap} photos',
  'galleries.no_picks': 'Pick at least one photo before sending',
  'galleries.comments_off': 'Comments are not on for this gallery',
  'galleries.download_limit_reached': 'No downloads are left for this gallery. Ask the photographer to reset them.',
  'galleries.link_not_mailable': 'The site keeps no address of this link to mail. Make a new link with "Send it by mail" on.',
  'galleries.invitation_not_found': 'Invitation not found',
  'galleries.invitation_wrong_password': "That is not the link's password",
  'galleries.invitation_no_password': 'This link has no password to send',
  'galleries.preview_photo_not_found': 'A sneak peek photo is not in this gallery',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TEXTS;

/** Every code, in the catalog's order (the OpenAPI enum). */
export const ERROR_CODES = Object.keys(ERROR_TEXTS) as [ErrorCode, ...ErrorCode[]];

/** The values an error's text holds, by placeholder name. */
export type ErrorParams = Record<string, string | number>;

type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The params a code's text needs: one per `{name}`, checked when the server throws it. */
export type ErrorParamsOf<Code extends ErrorCode> = { [Name in Placeholders<(typeof ERROR_TEXTS)[Code]>]: string | number };

/** A code's params as the rest of a call: none for a text without placeholders. */
export type ErrorParamsArg<Code extends ErrorCode> =
  [Placeholders<(typeof ERROR_TEXTS)[Code]>] extends [never] ? [params?: ErrorParams] : [params: ErrorParamsOf<Code> & ErrorParams];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXTS, code);
}

/** A code's English text with its placeholders filled; a placeholder without its param stays as written. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_TEXTS[code].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** The code of "you can pick at most N photos", whose English reads differently for one. */
export const pickCapCode = (cap: number) => (cap === 1 ? 'galleries.pick_cap_one' : 'galleries.pick_cap') satisfies ErrorCode;
