import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#client/app/app.tsx';
import { fetchLaterScripts, fetchScreenScripts } from '#client/lib/later-scripts.ts';
import { hydrateInParts } from '#client/lib/later-hydration.tsx';
import { activateLanguage, pageLanguage } from '#client/lib/i18n.ts';
import { SOURCE_LANGUAGE } from '#contract/languages.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A transition: React draws the first screen in slices of a few milliseconds, so a phone is not
// blocked for the whole first render (its tiles, the top bar), and a tap meanwhile is answered.
// A first screen the server rendered (src/client/entry-server.tsx) is taken over as it is: the
// same components over the same data draw the same markup, which hydration adopts.
const render = () =>
  startTransition(() => {
    if (root.firstElementChild) hydrateInParts(() => hydrateRoot(root, app));
    else createRoot(root).render(app);
  });

// The page's language first (the server wrote it on <html lang> and named its catalog in the
// head, so it is on its way already): the first screen is drawn in it, never in English first.
// Should its catalog fail to load, the page is drawn in English rather than not at all.
// The screen's own scripts (a photo page's) are asked for beside it, a few links per task.
const start = () =>
  void Promise.all([
    fetchScreenScripts(),
    activateLanguage(pageLanguage()).catch((error: unknown) => {
      console.error(error);
      return activateLanguage(SOURCE_LANGUAGE);
    }),
  ])
    .finally(() => {
      render();
      fetchLaterScripts();
    });

// On a page the server drew, the boot (boot.ts) runs this once the page is shown, and keeps the
// clicks on its drawing meanwhile.
start();
