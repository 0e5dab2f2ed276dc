import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '#client/lib/idle.ts';
import { subscribeToasterDemand, toasterDemanded } from './toaster-demand.ts';

const loadToaster = () => import('./toaster.tsx');
const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * The Toaster (Radix Toast and its layers) loads apart from the first paint. For the signed-in
 * owner it mounts once the page is idle (from then on F8 finds its region); for a visitor, with
 * the first toast (a link copied, a message sent), the store keeping that toast until the
 * Toaster's chunk has run and shows it: mounted at idle, it was a long task of a phone at 4× CPU
 * (Radix's layers and the class merger's tables) on a page that mostly raises no toast.
 */
export function DeferredToaster({ mountWhenIdle }: { mountWhenIdle: boolean }) {
  const demanded = useSyncExternalStore(subscribeToasterDemand, toasterDemanded, toasterDemanded);
  const [needed, setNeeded] = useState(demanded);
  if (demanded && !needed) setNeeded(true);

  useEffect(() => (mountWhenIdle ? whenIdle(() => setNeeded(true), 3000, 1500) : undefined), [mountWhenIdle]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
