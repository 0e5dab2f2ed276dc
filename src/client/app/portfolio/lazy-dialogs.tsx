import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The portfolio's dialogs load apart from the page: a visitor's first load carries only what the
 * first paint needs. Their scripts are fetched once the page has loaded (the page's head names
 * them, src/server/web/route-chunks.ts) and run when the visitor reaches for one (a pointer over a
 * tile or a button, a touch, focus), so a first click rarely waits for them; each mounts on its
 * first opening only.
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
 * Runs the viewer's or a release player's script as the visitor reaches for what opens it. Run
 * when the page was idle instead, with the About text's, they were long tasks of a phone at 4×
 * CPU (the viewer's alone 60-120 ms) while the visitor looked at the page or scrolled it. A
 * module loads once.
 */
export const preloadPhotoDialog = once(() => void loaders.photo());
export const preloadReleaseDialog = once(() => void loaders.release());
export const preloadAboutDialog = once(() => void loaders.about());

/**
 * Runs the contact form's script when the visitor shows they may open it (a pointer, mouse or
 * touch, over its button; focus): with its validation (zod) it took a phone at 4× CPU 90-140 ms
 * to evaluate, a long task while the visitor scrolled on.
 */
export const preloadContactDialog = once(() => void loaders.contact());

/** `run` the first time only: a pointer moving over the tiles reaches for them again and again. */
function once(run: () => void): () => void {
  let ran = false;
  return () => {
    if (ran) return;
    ran = true;
    run();
  };
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
