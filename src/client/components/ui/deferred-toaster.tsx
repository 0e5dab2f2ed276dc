import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '#client/lib/idle.ts';
import { subscribeToasterDemand, toasterDemanded } from './toaster-demand.ts';

const loadToaster = () => import('./toaster.tsx');
const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * The Toaster (Radix Toast and its layers) loads apart from the first paint: it mounts once the page
 * is idle (from then on F8 finds its region), or with a toast raised before that: the store keeps
 * that toast, and the Toaster shows it as soon as its chunk arrives.
 */
export function DeferredToaster() {
  const demanded = useSyncExternalStore(subscribeToasterDemand, toasterDemanded, toasterDemanded);
  const [needed, setNeeded] = useState(demanded);
  if (demanded && !needed) setNeeded(true);

  useEffect(() => whenIdle(() => setNeeded(true), 3000, 1500), []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
