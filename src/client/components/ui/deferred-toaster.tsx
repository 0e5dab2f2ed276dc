import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast.ts';

const loadToaster = () => import('./toaster.tsx');
const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * The Toaster (Radix Toast and its layers) loads apart from the first paint: it mounts once the page
 * is idle (from then on F8 finds its region), or with a toast raised before that. The toast store
 * itself is in the first load, so an early toast shows as soon as the chunk arrives.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(toasts.length > 0);
  if (toasts.length > 0 && !needed) setNeeded(true);

  useEffect(() => {
    const mount = () => setNeeded(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(mount, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(mount, 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
