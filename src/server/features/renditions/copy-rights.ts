import { effectiveRights, licenseLabel, licenseUrl, sameRights, type Rights } from '#contract/rights.ts';
import type { ImageRights } from '#server/images/xmp.ts';
import type { RightsSourceRow } from './renditions.repository.ts';

/** The rights that apply to a photo: its own, else its live category's defaults. */
export function rightsOfRow(row: Pick<RightsSourceRow, 'license' | 'credit' | 'copyright' | 'defaultLicense' | 'defaultCredit' | 'defaultCopyright'>): Rights {
  return effectiveRights(
    { license: row.license, credit: row.credit, copyright: row.copyright },
    { license: row.defaultLicense, credit: row.defaultCredit, copyright: row.defaultCopyright },
  );
}

const isEmpty = (rights: Rights) => !rights.license && !rights.credit && !rights.copyright;

/** What the XMP of the public copies says; null when there is nothing to say. */
export function imageRightsOf(rights: Rights): ImageRights | null {
  if (isEmpty(rights)) return null;
  return { credit: rights.credit, copyright: rights.copyright, licenseUrl: licenseUrl(rights.license), licenseName: licenseLabel(rights.license) };
}

/** The `rendered_rights` column: the JSON of the rights the copies carry, null for none. */
export function renderedRightsColumn(rights: Rights): string | null {
  return isEmpty(rights) ? null : JSON.stringify(rights);
}

/** Whether a photo's copies carry other rights than apply to it now. */
export function rightsOutOfDate(row: RightsSourceRow): boolean {
  const rendered = row.renderedRights === null ? { license: null, credit: null, copyright: null } : (JSON.parse(row.renderedRights) as Rights);
  return !sameRights(rendered, rightsOfRow(row));
}
