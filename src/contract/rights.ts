import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';

/**
 * Who made a photo and under what licence: alt text for screen readers and search, and
 * the rights a search engine shows beside the image (Google's image-licence markup) and that the
 * public copies carry in XMP. A photo's own licence, credit and copyright win; where one is empty,
 * its category's default applies.
 */

export const ALT_TEXT_MAX = 250;
export const CREDIT_MAX = 200;
export const COPYRIGHT_MAX = 300;

/** The licences one can pick; a custom licence is an https link instead. */
export const LICENSES = [
  'all-rights-reserved',
  'cc0',
  'cc-by',
  'cc-by-sa',
  'cc-by-nd',
  'cc-by-nc',
  'cc-by-nc-sa',
  'cc-by-nc-nd',
] as const;
export type NamedLicense = (typeof LICENSES)[number];

export const LICENSE_LABELS: Record<NamedLicense, string> = {
  'all-rights-reserved': 'All rights reserved',
  cc0: 'CC0 (public domain)',
  'cc-by': 'CC BY 4.0',
  'cc-by-sa': 'CC BY-SA 4.0',
  'cc-by-nd': 'CC BY-ND 4.0',
  'cc-by-nc': 'CC BY-NC 4.0',
  'cc-by-nc-sa': 'CC BY-NC-SA 4.0',
  'cc-by-nc-nd': 'CC BY-NC-ND 4.0',
};

export const isNamedLicense = (value: string): value is NamedLicense => (LICENSES as readonly string[]).includes(value);

/** Absent stays absent (the field is left as it is); blank or null clears it. */
function blankAsNull(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value || null;
}

const LICENSE_MESSAGE = 'Licence must be all-rights-reserved, a Creative Commons licence (cc0, cc-by…) or an https link';

/** A named licence or an https link to the licence's terms; blank clears it (null). */
export const LicenseField = z
  .string()
  .trim()
  .max(500, LICENSE_MESSAGE)
  .refine((value) => value === '' || ((isNamedLicense(value) || isHttpsUrl(value)) && withoutControls()(value)), LICENSE_MESSAGE)
  .nullish()
  .transform(blankAsNull)
  .optional();

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Trimmed text; blank clears it (null). */
export const rightsText = (max: number, message: string, field: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(withoutControls({ lines: true }), controlsMessage(field, { lines: true }))
    .nullish()
    .transform(blankAsNull)
    .optional();

export const AltTextField = rightsText(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`, 'Alt text');
export const CreditField = rightsText(CREDIT_MAX, `Credit must be at most ${CREDIT_MAX} characters`, 'Credit');
export const CopyrightField = rightsText(COPYRIGHT_MAX, `Copyright must be at most ${COPYRIGHT_MAX} characters`, 'Copyright');

/** Licence, credit and copyright: a photo's own, a category's default, or the two merged. */
export interface Rights {
  license: string | null;
  credit: string | null;
  copyright: string | null;
}

/** What applies to a photo: its own value of each, else its category's default. */
export function effectiveRights(own: Rights, categoryDefault: Rights | null | undefined): Rights {
  return {
    license: own.license ?? categoryDefault?.license ?? null,
    credit: own.credit ?? categoryDefault?.credit ?? null,
    copyright: own.copyright ?? categoryDefault?.copyright ?? null,
  };
}

export const sameRights = (a: Rights, b: Rights) => a.license === b.license && a.credit === b.credit && a.copyright === b.copyright;

/** The page that states a licence's terms; null for all rights reserved (no public terms). */
export function licenseUrl(license: string | null): string | null {
  if (!license || license === 'all-rights-reserved') return null;
  if (license === 'cc0') return 'https://creativecommons.org/publicdomain/zero/1.0/';
  if (isNamedLicense(license)) return `https://creativecommons.org/licenses/${license.slice(3)}/4.0/`;
  return license;
}

/** The licence as a visitor reads it. */
export function licenseLabel(license: string | null): string | null {
  if (!license) return null;
  return isNamedLicense(license) ? LICENSE_LABELS[license] : license;
}
