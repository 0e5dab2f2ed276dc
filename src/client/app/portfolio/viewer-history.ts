import { useSyncExternalStore } from 'react';
import { pathTo, screens } from '#contract/screens.ts';
import { subscribeToHistory } from '#client/lib/router.tsx';
import { onServer } from '#client/lib/server-render.ts';

/**
 * The viewer's place in the browser's history. Opening a photo pushes one entry, `/photo/{id}`,
 * marked with the address the viewer opened over; stepping replaces that entry with the next
 * photo's address. So the address always names the photo on screen (a link copied at any point
 * opens it), Back closes the viewer in one press however many photos were seen, and Forward
 * opens it again. The router keeps drawing the page underneath (see `viewerBackground`), so
 * neither the grid nor its scroll position is redrawn.
 */

const KEY = 'atelierViewer';

interface ViewerEntry {
  /** The address the viewer was opened over: the portfolio, or a photo page. */
  background: string;
}

function viewerEntry(): ViewerEntry | null {
  // A page the server renders has no history: its viewer is closed.
  if (onServer) return null;
  const state: unknown = window.history.state;
  if (!state || typeof state !== 'object') return null;
  const entry = (state as Record<string, unknown>)[KEY];
  return entry && typeof entry === 'object' && typeof (entry as ViewerEntry).background === 'string'
    ? (entry as ViewerEntry)
    : null;
}

/** A photo id from the address: digits only; anything else is a photo that does not exist. */
export function parsePhotoId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The address of the page under an open viewer, for the router to draw instead of the photo page
 * its own address names; null when the viewer is not open. Read at render: the location hook
 * re-renders on every history change, and the entry's state is already current by then.
 */
export function viewerBackground(location: string): string | null {
  const entry = viewerEntry();
  return entry && /\/photo\/[^/]+$/.test(location) ? entry.background : null;
}

function viewerPhotoId(): number | null {
  if (!viewerEntry()) return null;
  return parsePhotoId(/\/photo\/([^/]+)$/.exec(window.location.pathname)?.[1]);
}

/**
 * The photo the viewer shows, from the address; null when it is closed. Read from the history
 * itself: opening the viewer over a photo's own page pushes the same address with new state,
 * which the router's location (a path) does not see change.
 */
export function useViewerPhotoId(): number | null {
  return useSyncExternalStore(subscribeToHistory, viewerPhotoId, () => null);
}

export function openViewer(photoId: number): void {
  const background = `${window.location.pathname}${window.location.search}`;
  window.history.pushState({ [KEY]: { background } satisfies ViewerEntry }, '', pathTo(screens.photo, { id: photoId }));
}

export function stepViewer(photoId: number): void {
  window.history.replaceState(window.history.state, '', pathTo(screens.photo, { id: photoId }));
}

/** Goes back to the entry the viewer was opened from, as the Back button does. */
export function closeViewer(): void {
  if (viewerEntry()) window.history.back();
}
