import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '#client/lib/query-client.ts';
import { App } from '#client/app/app.tsx';
import { setServerPage } from '#client/lib/server-render.ts';
import { startIdsAfresh } from '#client/lib/react-on-preact.ts';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import type { PageData } from '#contract/page-data.ts';
import type { ContactFormPosted } from '#contract/contact.ts';
import { ContactScreenWithoutScript } from '#client/features/messages/components/contact-form-without-script.tsx';
import { GalleryUnlockScreenWithoutScript } from '#client/app/routes/gallery.tsx';
import type { GalleryUnlockRefusal } from '#contract/galleries.ts';

/**
 * The server's render of a visitor's first screen (docs/decisions/0018): the same components, on
 * the same Preact and its aliases (`vite build --ssr`, scripts/react-on-preact.ts), over the data
 * the page embeds, in the page's language. The browser's first render draws the same markup from
 * the same data and hydrates it (main.tsx).
 */

// Every language's catalogs, loaded once as the module is (imported as the browser imports them, so
// each stays a chunk of its own there): the visitor's, and a client's gallery's (the browser loads
// it with the gallery's screen, in the page's language; here every language is rendered in turn).
const CATALOGS: Record<Language, Messages> = {
  en: { ...(await import('#client/locales/en/visitor.po')).messages, ...(await import('#client/locales/en/gallery.po')).messages },
  de: { ...(await import('#client/locales/de/visitor.po')).messages, ...(await import('#client/locales/de/gallery.po')).messages },
  fr: { ...(await import('#client/locales/fr/visitor.po')).messages, ...(await import('#client/locales/fr/gallery.po')).messages },
  es: { ...(await import('#client/locales/es/visitor.po')).messages, ...(await import('#client/locales/es/gallery.po')).messages },
  ja: { ...(await import('#client/locales/ja/visitor.po')).messages, ...(await import('#client/locales/ja/gallery.po')).messages },
  ar: { ...(await import('#client/locales/ar/visitor.po')).messages, ...(await import('#client/locales/ar/gallery.po')).messages },
};
i18n.load(CATALOGS);

export interface ScreenToRender {
  /** The page's path, as the router reads it. */
  path: string;
  /** The page's first data, as embedded in it. */
  data: PageData;
  language: Language;
  /** The theme written on `<html data-theme>`. */
  theme: string;
}

/**
 * One render at a time: the path, the language and the id counter are the process's own while a
 * render runs, and a lazily loaded screen (the photo page) makes a render wait for its module.
 */
let queue: Promise<unknown> = Promise.resolve();

/** The first screen's HTML, to put inside `<div id="root">`. */
export function renderScreen(screen: ScreenToRender): Promise<string> {
  const render = async () => {
    setServerPage({ path: screen.path, theme: screen.theme });
    i18n.activate(screen.language in CATALOGS ? screen.language : SOURCE_LANGUAGE);
    startIdsAfresh();
    return renderToStringAsync(
      <StrictMode>
        <App pageData={screen.data} />
      </StrictMode>,
    );
  };
  const rendered = queue.then(render, render);
  queue = rendered.catch(() => undefined);
  return rendered;
}

/** The page answering a contact form posted without the script, in the page's language. */
export function renderContactScreen(screen: {
  language: Language;
  ownerId: number;
  ownerName: string;
  posted: ContactFormPosted;
}): Promise<string> {
  const render = async () => {
    i18n.activate(screen.language in CATALOGS ? screen.language : SOURCE_LANGUAGE);
    startIdsAfresh();
    return renderToStringAsync(
      <I18nProvider i18n={i18n}>
        <ContactScreenWithoutScript ownerId={screen.ownerId} ownerName={screen.ownerName} posted={screen.posted} />
      </I18nProvider>,
    );
  };
  const rendered = queue.then(render, render);
  queue = rendered.catch(() => undefined);
  return rendered;
}

/** The page answering a gallery's password posted without the script and refused, in the page's language. */
export function renderGalleryUnlockScreen(screen: { language: Language; token: string; refusal: GalleryUnlockRefusal }): Promise<string> {
  const render = async () => {
    i18n.activate(screen.language in CATALOGS ? screen.language : SOURCE_LANGUAGE);
    startIdsAfresh();
    return renderToStringAsync(
      <I18nProvider i18n={i18n}>
        {/* The form's own hooks ask for a query client; nothing is fetched where no script runs. */}
        <QueryClientProvider client={createQueryClient()}>
          <GalleryUnlockScreenWithoutScript token={screen.token} refusal={screen.refusal} />
        </QueryClientProvider>
      </I18nProvider>,
    );
  };
  const rendered = queue.then(render, render);
  queue = rendered.catch(() => undefined);
  return rendered;
}
