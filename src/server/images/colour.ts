import type { Metadata } from 'sharp';

/**
 * What the pipeline needs to know about a photo's colour before it renders it: whether its
 * colours reach beyond sRGB (then every public copy is kept in Display P3), and whether it is an
 * Ultra HDR JPEG whose gain map the display copy keeps.
 */
export interface SourceColour {
  /** Rendered in Display P3 with sharp's compact P3 profile, instead of converted to sRGB. */
  wideGamut: boolean;
  /** A JPEG carrying a gain map (Ultra HDR, ISO 21496-1): the display copy keeps it. */
  gainMap: boolean;
}

export function sourceColourOf(metadata: Pick<Metadata, 'icc' | 'format' | 'gainMap' | 'space'>): SourceColour {
  const rgb = metadata.space === 'srgb' || metadata.space === 'rgb' || metadata.space === 'rgb16';
  return {
    wideGamut: rgb && metadata.icc !== undefined && gamutAreaOfProfile(metadata.icc) > SRGB_GAMUT_AREA * WIDE_GAMUT_MARGIN,
    gainMap: metadata.format === 'jpeg' && metadata.gainMap !== undefined,
  };
}

/**
 * A profile counts as wide when its primaries span a triangle clearly larger than sRGB's: Display
 * P3 is about 1.36 times sRGB, Adobe RGB 1.35, Rec. 2020 1.89. sRGB profiles written by cameras
 * and editors differ from the standard by rounding only, far below this margin.
 */
const WIDE_GAMUT_MARGIN = 1.1;

type Xyz = [number, number, number];

/** sRGB's primaries as an ICC v2/v4 profile stores them (adapted to the D50 connection space). */
const SRGB_D50_PRIMARIES: [Xyz, Xyz, Xyz] = [
  [0.4361, 0.2225, 0.0139],
  [0.3851, 0.7169, 0.0971],
  [0.1431, 0.0606, 0.7141],
];

function chromaticity([x, y, z]: Xyz): [number, number] {
  const sum = x + y + z;
  return sum > 0 ? [x / sum, y / sum] : [0, 0];
}

function triangleArea(primaries: [Xyz, Xyz, Xyz]): number {
  const [[rx, ry], [gx, gy], [bx, by]] = primaries.map(chromaticity) as [[number, number], [number, number], [number, number]];
  return Math.abs((gx - rx) * (by - ry) - (bx - rx) * (gy - ry)) / 2;
}

const SRGB_GAMUT_AREA = triangleArea(SRGB_D50_PRIMARIES);

/**
 * The xy area of the gamut of a matrix/TRC RGB profile, read from its rXYZ, gXYZ and bXYZ tags;
 * 0 for anything else (a grey or CMYK profile, a LUT-only profile, a damaged one), which is then
 * treated as sRGB, as every photo was before.
 */
export function gamutAreaOfProfile(icc: Buffer): number {
  if (icc.length < 132 || icc.toString('latin1', 16, 20) !== 'RGB ') return 0;
  const tagCount = icc.readUInt32BE(128);
  const colorants = new Map<string, Xyz>();
  for (let index = 0; index < tagCount; index += 1) {
    const entry = 132 + index * 12;
    if (entry + 12 > icc.length) return 0;
    const signature = icc.toString('latin1', entry, entry + 4);
    if (signature !== 'rXYZ' && signature !== 'gXYZ' && signature !== 'bXYZ') continue;
    const offset = icc.readUInt32BE(entry + 4);
    if (offset + 20 > icc.length || icc.toString('latin1', offset, offset + 4) !== 'XYZ ') return 0;
    const fixed = (at: number) => icc.readInt32BE(offset + 8 + at * 4) / 65536;
    colorants.set(signature, [fixed(0), fixed(1), fixed(2)]);
  }
  const red = colorants.get('rXYZ');
  const green = colorants.get('gXYZ');
  const blue = colorants.get('bXYZ');
  return red && green && blue ? triangleArea([red, green, blue]) : 0;
}

/**
 * The JPEG without its EXIF segments. Sharp's gain-map writer (libultrahdr) always writes a small
 * EXIF block of its own (orientation, resolution, version); no copy Atelier serves carries EXIF.
 * The EXIF segments stand before the MPF segment that locates the gain map, and MPF's offsets
 * count from that segment, so removing them leaves the gain map where MPF says it is.
 */
export function withoutExifSegments(jpeg: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let removed = false;
  let position = 2;
  while (position + 4 <= jpeg.length && jpeg[position] === 0xff) {
    const marker = jpeg[position + 1]!;
    // Start of scan: the entropy-coded data follows; nothing before it is left to look at.
    if (marker === 0xda) break;
    const end = position + 2 + jpeg.readUInt16BE(position + 2);
    const isExif = marker === 0xe1 && jpeg.toString('latin1', position + 4, position + 10) === 'Exif\0\0';
    if (isExif) removed = true;
    else kept.push(jpeg.subarray(position, end));
    position = end;
  }
  kept.push(jpeg.subarray(position));
  return removed ? Buffer.concat(kept) : jpeg;
}

// sharp 0.35.5 has keepGainMap() and withGainMap() at run time (documented, "experimental") but
// its TypeScript declarations omit them.
declare module 'sharp' {
  interface Sharp {
    /** Resize the gain map along with the image and write both (JPEG in and out only). */
    keepGainMap(): Sharp;
    /** Apply the input's gain map (or read HDR pixels) and write a new ISO 21496-1 gain map to JPEG. */
    withGainMap(): Sharp;
  }
}
