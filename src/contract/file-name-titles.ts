/**
 * Titles that are only a file name. An upload without an embedded title is titled by its file
 * name less the extension (the spec's default); the owner may hide such titles from visitors. A
 * module of its own, without zod, for the server's pages and the client alike.
 */

/** The longest title (PHOTO_TITLE_MAX of photos.ts, repeated here to stay free of zod). */
const TITLE_MAX = 255;

/** Control characters, and the bidi overrides that could make a text read backwards. */
export const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A file's name without folders, extension or control characters, at most 255 characters; '' when none is left. */
export function fileNameStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? '';
  const stem = base.includes('.', 1) ? base.slice(0, base.lastIndexOf('.')) : base;
  const clean = stem.normalize('NFC').replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, TITLE_MAX).join('').trim();
}

/**
 * The names cameras, phones and drones give their files: IMG_1234, DSC01234, _DSC1234, DSCF1234,
 * P1010001, PXL_20240501_182210123, IMG-20240501-WA0001, DJI_0001, GOPR0001, 20240501_182210,
 * "2024-05-01 18.22.10", with an editor's suffix (-Edit, _2, " (1)", " copy") or a second extension.
 */
const CAMERA_NAME = new RegExp(
  '^(?:_?(?:IMG|DSC[FNI]?|MG|PXL|DJI|GOPR|G[HXP]|MVI|PICT|CIMG|SDC|SAM|HPIM|EPSN|KIF|IMAG|RIMG|PANO|DCP|VID|P)[_-]?\\d{3,}' +
    '|\\d{8}[_-]\\d{6}' +
    '|\\d{4}-\\d{2}-\\d{2}[ _]\\d{2}[._:-]\\d{2}[._:-]\\d{2})' +
    '(?:[_-][A-Za-z0-9]+)*(?:\\.[A-Za-z0-9]{1,4})?(?: ?\\(\\d+\\)| copy(?: \\d+)?)?$',
  'i',
);

/**
 * Whether a title is only a file name: a camera's name (whatever the file was called), or the
 * very name the photo was uploaded under when that is one word (a name of words with spaces,
 * "Sunset over Lisbon", is a title someone wrote, even as a file name).
 */
export function isFileNameTitle(title: string, originalName: string | null): boolean {
  const trimmed = title.trim();
  if (!trimmed) return false;
  if (CAMERA_NAME.test(trimmed)) return true;
  return originalName !== null && !/\s/.test(trimmed) && trimmed === fileNameStem(originalName);
}
