import { Suspense, type ReactNode } from 'react';

/**
 * A server-drawn screen taken over in several tasks instead of one. Hydrating the portfolio was
 * one task of about 115 ms on a phone at 4× CPU, the page's longest: its grids of tiles (half of
 * it) now wait, each for a task of its own after the rest, where Preact takes over the markup
 * they left as it was (a part that suspends while the page is hydrated keeps its server drawing).
 * The header, the top bar and the links work meanwhile; a click on a tile is kept
 * (lib/early-clicks.ts) until every grid is taken.
 */

/** On the element a `HydrateLater` part draws, so that a click on it can be kept until it is taken. */
export const LATER_PART = { 'data-later-part': '' };
export const LATER_PART_SELECTOR = '[data-later-part]';

let hydrating = false;
/** The task the last part waits for: each part one task after the one before it. */
let lastPart: Promise<void> | null = null;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs the first screen's hydration, during which `HydrateLater` parts wait, each for a task of its own. */
export function hydrateInParts(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** Resolves once the parts left for later have been taken over (a task after the last); at once when none was. */
export function laterPartsHydrated(): Promise<void> {
  return lastPart ? lastPart.then(nextTask) : Promise.resolve();
}

function Later({ children }: { children: ReactNode }) {
  // Rendered again once what it waits for has come, after the first hydration: drawn then.
  if (hydrating) {
    const part = (lastPart ?? Promise.resolve()).then(nextTask);
    lastPart = part;
    // Suspense's own protocol: a part that waits throws what it waits for.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw part;
  }
  return children;
}

/** Its children are hydrated in a task after the rest of the first screen; drawn at once otherwise. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}
