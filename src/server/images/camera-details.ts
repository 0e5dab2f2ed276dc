import exifr from 'exifr';
import type { CameraDetails } from '#contract/photos.ts';

/**
 * Reads what the camera recorded from an image's EXIF: camera, lens, focal length, aperture,
 * shutter, ISO and the time taken. Only these tags are picked; GPS is never parsed, so a location
 * cannot reach the database. A file without EXIF, or with broken EXIF, gives null: camera details
 * are a nicety and never cost an upload.
 */

const PICKED_TAGS = ['Make', 'Model', 'LensMake', 'LensModel', 'FocalLength', 'FNumber', 'ExposureTime', 'ISO', 'DateTimeOriginal'];

/** Longest text kept of a tag: the longest real lens names are about 60 characters. */
const TEXT_MAX = 100;

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // EXIF text is padded with NULs and spaces; control characters are never meant to show.
  const clean = value.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ').replace(/\s+/g, ' ').trim();
  return clean ? [...clean].slice(0, TEXT_MAX).join('') : null;
}

function positive(value: unknown, max: number): number | null {
  const number: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 && number <= max ? number : null;
}

/** "Canon" + "Canon EOS R5" reads "Canon EOS R5", not "Canon Canon EOS R5". */
function cameraName(make: string | null, model: string | null): string | null {
  if (!make) return model;
  if (!model) return make;
  const firstWord = make.split(' ')[0]!.toLowerCase();
  return model.toLowerCase().startsWith(firstWord) ? model : `${make} ${model}`;
}

/** EXIF's "2024:05:01 18:22:10" as "2024-05-01T18:22:10": the camera's clock, which has no zone. */
function takenAt(value: unknown): string | null {
  const match = typeof value === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  if (year === '0000' || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) return null;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/** The details of EXIF tags as exifr gives them (numbers for rationals, text unrevived). */
export function cameraDetailsOf(tags: Record<string, unknown>): CameraDetails | null {
  const details: CameraDetails = {
    camera: cameraName(text(tags.Make), text(tags.Model)),
    lens: text(tags.LensModel),
    focalLength: positive(tags.FocalLength, 10_000),
    aperture: positive(tags.FNumber, 1_000),
    exposureTime: positive(tags.ExposureTime, 100_000),
    iso: positive(tags.ISO, 10_000_000),
    takenAt: takenAt(tags.DateTimeOriginal),
  };
  return Object.values(details).some((value) => value !== null) ? details : null;
}

/** The camera details of an image file (a path or its bytes); null when it has none. */
export async function readCameraDetails(source: string | Buffer): Promise<CameraDetails | null> {
  try {
    const tags: unknown = await exifr.parse(source, {
      pick: PICKED_TAGS,
      gps: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
      translateValues: false,
    });
    return tags && typeof tags === 'object' ? cameraDetailsOf(tags as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** EXIF's details, each one missing taken from `fallback` (a RAW's as LibRaw reads them). */
export function withDetailsFrom(details: CameraDetails | null, fallback: CameraDetails | null): CameraDetails | null {
  if (!fallback) return details;
  if (!details) return fallback;
  const merged = { ...details };
  for (const key of Object.keys(merged) as Array<keyof CameraDetails>) {
    if (merged[key] === null) (merged as Record<string, unknown>)[key] = fallback[key];
  }
  return merged;
}
