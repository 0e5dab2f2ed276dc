import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Language } from '#contract/languages.ts';
import type { PageData } from '#contract/page-data.ts';
import type { ContactFormPosted } from '#contract/contact.ts';
import type { GalleryUnlockRefusal } from '#contract/galleries.ts';
import type { PageRoute } from './page-routes.ts';

/**
 * The server's render of a visitor's first screen: `renderScreen` of the client's own
 * `src/client/entry-server.tsx`, built by `vite build --ssr` into dist/ssr (docs/decisions/0018).
 * The page route puts its HTML into `<div id="root">`; the browser hydrates it.
 */
export type RenderScreen = (screen: { path: string; data: PageData; language: Language; theme: string }) => Promise<string>;

/** The page answering a contact form posted without the script (`renderContactScreen` of the same bundle). */
export type RenderContactScreen = (screen: {
  language: Language;
  ownerId: number;
  ownerName: string;
  posted: ContactFormPosted;
}) => Promise<string>;

/** The page answering a gallery's password posted without the script and refused (`renderGalleryUnlockScreen`). */
export type RenderGalleryUnlockScreen = (screen: { language: Language; token: string; refusal: GalleryUnlockRefusal }) => Promise<string>;

export interface ScreenRenderer {
  renderScreen: RenderScreen;
  renderContactScreen: RenderContactScreen;
  renderGalleryUnlockScreen: RenderGalleryUnlockScreen;
}

/** The built renderer, or undefined when it is not built: the pages are then drawn by the browser alone, as before. */
export async function loadScreenRenderer(file: string | undefined): Promise<ScreenRenderer | undefined> {
  if (!file || !fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Partial<ScreenRenderer>;
  if (typeof module.renderScreen !== 'function') throw new Error(`${file} exports no renderScreen`);
  if (typeof module.renderContactScreen !== 'function') throw new Error(`${file} exports no renderContactScreen`);
  if (typeof module.renderGalleryUnlockScreen !== 'function') throw new Error(`${file} exports no renderGalleryUnlockScreen`);
  return { renderScreen: module.renderScreen, renderContactScreen: module.renderContactScreen, renderGalleryUnlockScreen: module.renderGalleryUnlockScreen };
}

/**
 * Whether the server renders the screen: a visitor's portfolio, a photo's page and a client's
 * gallery open to its visitor (or its password form, when the gallery is behind one), with the
 * data the browser's first render draws from. Not the signed-in owner's (it asks who is signed in
 * first, under a spinner), nor a screen without its data (a 404, a page whose data could not be read).
 */
export function rendersOnServer(route: PageRoute | null, data: PageData, visitor: boolean): boolean {
  if (!visitor || data.user !== null || !data.owner) return false;
  if (route?.kind === 'portfolio') return data.photoSections !== undefined;
  if (route?.kind === 'photo') return data.photo !== undefined;
  if (route?.kind === 'gallery') return data.gallery?.token === route.token || data.lockedGallery?.token === route.token;
  return false;
}
