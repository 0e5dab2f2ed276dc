import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { whenIdle } from '#client/lib/idle.ts';

/**
 * The portfolio's dialogs load apart from the page: a visitor's first load carries only what the
 * first paint needs. They are fetched when the browser is idle after that paint, so a first click
 * rarely waits, and each mounts on its first opening only.
 */
const loaders = {
  photo: () => import('#client/features/photos/components/photo-dialog.tsx'),
  release: () => import('#client/features/music/components/release-dialog.tsx'),
  about: () => import('#client/features/owner/components/about-dialog.tsx'),
  contact: () => import('#client/features/messages/components/contact-dialog.tsx'),
};

const LazyPhotoDialog = lazy(() => loaders.photo().then((module) => ({ default: module.PhotoDialog })));
const LazyReleaseDialog = lazy(() => loaders.release().then((module) => ({ default: module.ReleaseDialog })));
const LazyAboutDialog = lazy(() => loaders.about().then((module) => ({ default: module.AboutDialog })));
const LazyContactDialog = lazy(() => loaders.contact().then((module) => ({ default: module.ContactDialog })));

/**
 * Starts fetching the dialogs once the page is idle, one per idle moment, so that each one's
 * evaluation is a task of its own (the build adds no preload link per import for them:
 * `FETCHED_WHEN_IDLE` in vite.config.ts).
 */
export function prefetchDialogs(): () => void {
  const waiting = [loaders.photo, loaders.release, loaders.about];
  const loadNext = () => {
    void waiting.shift()?.();
    if (waiting.length > 0) cancel = whenIdle(loadNext, 3000, 1500);
  };
  let cancel = whenIdle(loadNext, 3000, 1500);
  return () => cancel();
}

/**
 * Starts fetching the contact form when the visitor shows they may open it (a pointer, mouse or
 * touch, over its button; focus), not when the page is idle: with its validation (zod) it took a phone at
 * 4× CPU 90-140 ms to evaluate, a long task while the visitor scrolled on. A module loads once.
 */
export const preloadContactDialog = () => void loaders.contact();

/**
 * Renders `Component` from its first opening on, and keeps it mounted after it closes so its
 * closing (and the focus going back to where it came from) runs as usual.
 */
function deferred<P extends object>(Component: LazyExoticComponent<ComponentType<P>>, isOpen: (props: P) => boolean) {
  return function DeferredDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const PhotoDialog = deferred(LazyPhotoDialog, (props) => props.photoId !== null);
export const ReleaseDialog = deferred(LazyReleaseDialog, (props) => props.release !== null);
export const AboutDialog = deferred(LazyAboutDialog, (props) => props.open);
export const ContactDialog = deferred(LazyContactDialog, (props) => props.open);
