import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';

const bytesOf = (hash: string) => Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));

const colors = new Map<string, string | null>();
const previews = new Map<string, string | null>();

/** The picture's average colour, read from the ThumbHash's header: next to free. */
export function placeholderColor(hash: string | null): string | undefined {
  if (!hash) return undefined;
  let color = colors.get(hash);
  if (color === undefined) {
    try {
      const { r, g, b } = thumbHashToAverageRGBA(bytesOf(hash));
      color = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
    } catch {
      color = null;
    }
    colors.set(hash, color);
  }
  return color ?? undefined;
}

/**
 * The blurred preview of a ThumbHash as a data: URL, decoded once per hash. About a millisecond
 * of work each (more on a slow phone): callers ask for it when the browser is idle.
 */
export function placeholderDataUrl(hash: string | null): string | undefined {
  if (!hash) return undefined;
  let url = previews.get(hash);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(bytesOf(hash));
    } catch {
      // A damaged hash only costs the preview.
      url = null;
    }
    previews.set(hash, url);
  }
  return url ?? undefined;
}

/** Runs `work` when the browser has nothing better to do; returns the cancel. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}
