import { Suspense, type ReactNode } from 'react';

/**
 * A server-drawn screen taken over in two tasks instead of one. Hydrating the portfolio was one
 * task of about 115 ms on a phone at 4× CPU, the page's longest: its grids of tiles (half of it)
 * now wait for the next task, where Preact takes over the markup they left as it was (a part that
 * suspends while the page is hydrated keeps its server drawing). The header, the top bar and the
 * links work meanwhile; a click on a tile is kept (lib/early-clicks.ts) until its grid is taken.
 */

/** On the element a `HydrateLater` part draws, so that a click on it can be kept until it is taken. */
export const LATER_PART = { 'data-later-part': '' };
export const LATER_PART_SELECTOR = '[data-later-part]';

let hydrating = false;
let laterTask: Promise<void> | null = null;
let taken = false;

/** Runs the first screen's hydration, during which `HydrateLater` parts wait for the next task. */
export function hydrateInParts(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** Resolves once the parts left for later have been taken over (a task after theirs); at once when none was. */
export function laterPartsHydrated(): Promise<void> {
  if (!laterTask) return Promise.resolve();
  return laterTask.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function Later({ children }: { children: ReactNode }) {
  if (hydrating && !taken) {
    laterTask ??= new Promise((resolve) =>
      setTimeout(() => {
        taken = true;
        resolve();
      }, 0),
    );
    // Suspense's own protocol: a part that waits throws what it waits for.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw laterTask;
  }
  return children;
}

/** Its children are hydrated in the task after the rest of the first screen; drawn at once otherwise. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}
