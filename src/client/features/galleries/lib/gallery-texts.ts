import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { ErrorCode } from '#contract/error-codes.ts';

/**
 * What a client holding a gallery link reads from the gallery's API hooks and the downloads'
 * component, files outside the gallery's catalog (lingui.config.ts): kept here, in the gallery's
 * catalog (`app/section-catalogs.ts`), and read with `i18n._`, so those words stay out of the
 * visitor's first load. The owner's side of links is `api/links.ts` and `components/link-*.tsx`.
 */
export const GALLERY_TEXTS = {
  wrongPassword: msg`Wrong password`,
  notPicked: msg`Not picked`,
  stillPicked: msg`Still picked`,
  pickNotSaved: msg`The pick could not be saved`,
  limitReached: msg`Limit reached`,
  notSent: msg`Not sent`,
  picksNotSent: msg`The picks could not be sent`,
  notSaved: msg`Not saved`,
  verdictNotSaved: msg`The verdict could not be saved`,
  noDownloadsLeft: msg`No downloads left`,
  download: msg`Download`,
  downloadAll: msg`Download all`,
} satisfies Record<string, MessageDescriptor>;

/** "3 of 10 downloads left" under a download limit. */
export function downloadsLeftText(left: number, limit: number): string {
  return plural(limit, { one: `${left} of # download left`, other: `${left} of # downloads left` });
}

/** What "Download all" gets: "(12 photos, ZIP)", or "(12 photos, originals, ZIP)". */
export function downloadAllSize(count: number, originals: boolean): string {
  return originals ? plural(count, { one: '(# photo, originals, ZIP)', other: '(# photos, originals, ZIP)' }) : plural(count, { one: '(# photo, ZIP)', other: '(# photos, ZIP)' });
}

/** The viewer's Download, for a screen reader: "Download Harbour at dawn". */
export function downloadLabel(photo: string): string {
  return t`Download ${photo}`;
}

/**
 * The error answers a gallery's holder meets, by their codes; their English is the error catalog's
 * (`#contract/error-codes.ts`), word for word.
 */
export const GALLERY_ERROR_TEXTS: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'galleries.not_found': msg`Gallery not found`,
  'galleries.locked': msg`This gallery needs its password`,
  'galleries.wrong_password': msg`Wrong password`,
  'galleries.photo_not_found': msg`Photo not found in this gallery`,
  'galleries.downloads_off': msg`Downloads are not on for this gallery`,
  'galleries.too_many_zips': msg`At most {max} gallery downloads can run at a time. Wait for one to finish, then try again.`,
  'galleries.link_busy': msg`This gallery is being downloaded {max} times at once already. Wait for one to finish, then try again.`,
  'galleries.proofing_off': msg`Picking photos is not on for this gallery`,
  'galleries.picks_submitted': msg`Your picks were sent and are locked. Ask the photographer to reopen them.`,
  'galleries.pick_cap_one': msg`You can pick at most {cap} photo`,
  'galleries.pick_cap': msg`You can pick at most {cap} photos`,
  'galleries.no_picks': msg`Pick at least one photo before sending`,
  'galleries.comments_off': msg`Comments are not on for this gallery`,
  'galleries.download_limit_reached': msg`No downloads are left for this gallery. Ask the photographer to reset them.`,
};
