import { useSyncExternalStore } from 'react';

/**
 * The photos of the owner's latest upload, so the grids can mark them where they land (first in
 * the photo bank or the chosen category). Held for the page's life; a new upload replaces it.
 */

let recent: ReadonlySet<number> = new Set();
let latestUpload = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Starts a new upload: the photos of the one before stop being marked. */
export function beginRecentUpload(): number {
  latestUpload += 1;
  recent = new Set();
  notify();
  return latestUpload;
}

/** Marks photos as part of upload `upload` (ignored when a newer one has begun). */
export function markRecentUploads(upload: number, ids: number[]): void {
  if (upload !== latestUpload || ids.length === 0) return;
  recent = new Set([...recent, ...ids]);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsRecentUpload(id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => recent.has(id),
    () => false,
  );
}
