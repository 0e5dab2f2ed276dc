import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';

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

/** Starts fetching the dialogs once the page is idle; the contact form only when it is offered. */
export function prefetchDialogs({ contact = false }: { contact?: boolean } = {}): () => void {
  const load = () => {
    void loaders.photo();
    void loaders.release();
    void loaders.about();
    if (contact) void loaders.contact();
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 1500);
  return () => clearTimeout(timer);
}

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
