import { describe, expect, it } from 'vitest';
import { X_T4_DETAILS } from '#tests/fixtures/camera-details.ts';
import { cameraDetailsParts, formatShutter, formatTakenAt } from './camera-details.ts';

describe('camera details in the caption', () => {
  it('reads as a photographer writes them', () => {
    expect(
      cameraDetailsParts(X_T4_DETAILS, 'en-GB'),
    ).toEqual(['FUJIFILM X-T4', 'XF35mmF1.4 R', '35 mm', 'ƒ/2.8', '1/250 s', 'ISO 400', '1 May 2024']);
  });

  it('leaves out what the camera did not record', () => {
    expect(
      cameraDetailsParts({ camera: null, lens: null, focalLength: 50, aperture: null, exposureTime: null, iso: null, takenAt: null }),
    ).toEqual(['50 mm']);
  });

  it('writes long exposures in seconds and keeps the camera’s own date whatever the zone', () => {
    expect(formatShutter(2.5)).toBe('2.5 s');
    expect(formatShutter(1 / 8000)).toBe('1/8000 s');
    expect(formatTakenAt('2024-12-31T23:59:59', 'en-GB')).toBe('31 Dec 2024');
  });
});
