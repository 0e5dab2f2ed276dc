import type { CameraDetails } from '#contract/photos.ts';

/** Up to two decimals, without trailing zeros: 2.8, 35, 0.5. */
const number = (value: number) => String(Math.round(value * 100) / 100);

/** 1/250 s below a second, 2.5 s above it, as cameras write it. */
export function formatShutter(seconds: number): string {
  if (seconds >= 1) return `${number(seconds)} s`;
  return `1/${Math.round(1 / seconds)} s`;
}

/** The camera's zone-less local time as a date in the visitor's language, never shifted by their zone. */
export function formatTakenAt(takenAt: string, locale?: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(takenAt);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The caption's line: "FUJIFILM X-T4 · XF35mmF1.4 R · 35 mm · ƒ/2.8 · 1/250 s · ISO 400 · 1 May 2024". */
export function cameraDetailsParts(camera: CameraDetails, locale?: string): string[] {
  const parts: Array<string | null> = [
    camera.camera,
    camera.lens,
    camera.focalLength === null ? null : `${number(camera.focalLength)} mm`,
    camera.aperture === null ? null : `ƒ/${number(camera.aperture)}`,
    camera.exposureTime === null ? null : formatShutter(camera.exposureTime),
    camera.iso === null ? null : `ISO ${number(camera.iso)}`,
    camera.takenAt === null ? null : formatTakenAt(camera.takenAt, locale),
  ];
  return parts.filter((part): part is string => Boolean(part));
}
