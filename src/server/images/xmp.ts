/**
 * The rights a public copy of a photo carries in XMP: who to credit, the copyright
 * notice and the licence, as IPTC Photo Metadata and Creative Commons' ccREL name them, so an
 * image that travels away from the site still says whose it is. Nothing else goes in: no camera,
 * no date, no place.
 */
export interface ImageRights {
  /** The credit line (IPTC Credit Line, photoshop:Credit). */
  credit: string | null;
  /** The copyright notice (dc:rights). */
  copyright: string | null;
  /** The page that states the licence's terms (xmpRights:WebStatement, cc:license); null for none. */
  licenseUrl: string | null;
  /** The licence as a person reads it (xmpRights:UsageTerms), e.g. "CC BY 4.0". */
  licenseName: string | null;
}

export const hasRights = (rights: ImageRights | null | undefined): rights is ImageRights =>
  Boolean(rights && (rights.credit || rights.copyright || rights.licenseUrl || rights.licenseName));

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const altText = (tag: string, value: string) =>
  `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${tag}>`;

/** One XMP packet with the rights; null when there are none to tell. */
export function rightsXmp(rights: ImageRights | null | undefined): string | null {
  if (!hasRights(rights)) return null;
  const properties = [
    rights.credit ? `<photoshop:Credit>${escapeXml(rights.credit)}</photoshop:Credit>` : '',
    rights.copyright ? altText('dc:rights', rights.copyright) : '',
    // Marked: the image is rights-managed (anything but public domain).
    rights.licenseUrl?.includes('/publicdomain/zero/') ? '<xmpRights:Marked>False</xmpRights:Marked>' : '<xmpRights:Marked>True</xmpRights:Marked>',
    rights.licenseName ? altText('xmpRights:UsageTerms', rights.licenseName) : '',
    rights.licenseUrl ? `<xmpRights:WebStatement>${escapeXml(rights.licenseUrl)}</xmpRights:WebStatement>` : '',
    rights.licenseUrl ? `<cc:license rdf:resource="${escapeXml(rights.licenseUrl)}"/>` : '',
  ].filter(Boolean);
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about=""' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"' +
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"' +
    ' xmlns:cc="http://creativecommons.org/ns#">' +
    properties.join('') +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';

/**
 * The JPEG with an XMP segment (APP1) added right after its start, for a display copy written
 * without sharp's encoder (the gain-map JPEG): segments after it keep their own offsets (MPF counts
 * from its own segment). A JPEG that already has an XMP packet is answered unchanged.
 */
export function withXmpSegment(jpeg: Buffer, xmp: string): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  let position = 2;
  let insertAt = 2;
  while (position + 4 <= jpeg.length && jpeg[position] === 0xff) {
    const marker = jpeg[position + 1]!;
    if (marker === 0xda) break;
    const end = position + 2 + jpeg.readUInt16BE(position + 2);
    if (marker === 0xe1 && jpeg.toString('latin1', position + 4, position + 4 + XMP_NAMESPACE.length) === XMP_NAMESPACE) return jpeg;
    // After JFIF (APP0), which readers expect first.
    if (marker === 0xe0 && position === 2) insertAt = end;
    position = end;
  }
  const payload = Buffer.concat([Buffer.from(XMP_NAMESPACE, 'latin1'), Buffer.from(xmp, 'utf8')]);
  if (payload.length + 2 > 0xffff) return jpeg;
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, insertAt), header, payload, jpeg.subarray(insertAt)]);
}
