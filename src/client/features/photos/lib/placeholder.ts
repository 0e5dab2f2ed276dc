import { whenIdle } from '#client/lib/idle.ts';

const bytesOf = (hash: string) => Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));

const colors = new Map<string, string | null>();
const previews = new Map<string, Promise<string | null>>();

/**
 * The picture's average colour, read from the ThumbHash's header: next to free, and written out
 * here so that a first paint's colours need no decoder. The thumbhash library (1 KB gzip) loads
 * with the first blurred preview, when the browser is idle.
 */
export function placeholderColor(hash: string | null): string | undefined {
  if (!hash) return undefined;
  let color = colors.get(hash);
  if (color === undefined) {
    color = averageColour(hash);
    colors.set(hash, color);
  }
  return color ?? undefined;
}

/** thumbhash's `thumbHashToAverageRGBA`, read from the hash's first three bytes. */
function averageColour(hash: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = bytesOf(hash);
  } catch {
    return null;
  }
  // A hash is at least its 5-byte header; anything shorter is damaged.
  if (bytes.length < 5) return null;
  const header = bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16);
  const l = (header & 63) / 63;
  const p = ((header >> 6) & 63) / 31.5 - 1;
  const q = ((header >> 12) & 63) / 31.5 - 1;
  const b = l - (2 / 3) * p;
  const r = (3 * l - b + q) / 2;
  const g = r - q;
  const channel = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 255);
  return `rgb(${channel(r)} ${channel(g)} ${channel(b)})`;
}

/**
 * The blurred preview of a ThumbHash as a data: URL, decoded once per hash; null when the hash is
 * damaged or the decoder could not be fetched. About a millisecond of work each, several on a
 * slow phone: callers ask for it when the browser is idle, and the decodes wait their turn in
 * slices (`decodeInSlices`), since a first screen's 48 decoded at once made one long task.
 */
export function placeholderDataUrl(hash: string): Promise<string | null> {
  let url = previews.get(hash);
  if (!url) {
    // A damaged hash, or a decoder that failed to arrive, only costs the preview.
    url = import('thumbhash')
      .then(({ thumbHashToDataURL }) => decodeInSlices(() => thumbHashToDataURL(bytesOf(hash))))
      .catch(() => null);
    previews.set(hash, url);
  }
  return url;
}

/** Work of a few milliseconds a slice, between which the browser answers input and paints. */
const SLICE_MS = 8;
const waiting: Array<() => void> = [];
let draining = false;

/** Previews wait for an idle moment at most this long; a tile's own colour shows meanwhile. */
export const PREVIEW_WAIT_MS = 500;

function drain(): void {
  const end = performance.now() + SLICE_MS;
  while (waiting.length > 0 && performance.now() < end) waiting.shift()!();
  if (waiting.length > 0) whenIdle(drain, PREVIEW_WAIT_MS, 0);
  else draining = false;
}

/** `decode`'s answer in a slice of its own; a decode that throws answers null. */
function decodeInSlices(decode: () => string): Promise<string | null> {
  return new Promise((resolve) => {
    waiting.push(() => {
      try {
        resolve(decode());
      } catch {
        resolve(null);
      }
    });
    if (!draining) {
      draining = true;
      whenIdle(drain, PREVIEW_WAIT_MS, 0);
    }
  });
}
