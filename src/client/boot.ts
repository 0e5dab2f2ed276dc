import type { KeptClicks } from '#client/lib/early-clicks.ts';
import type * as PageElements from '#contract/page-data-element.ts';

/**
 * The first script of a page the server drew (src/server/web/page-head.ts names it in the head
 * instead of the entry). Under a kilobyte, so the page's first frame shares the connection with
 * no script:
 * - it keeps the clicks on the server's drawing of buttons, and of links written as buttons, which
 *   do nothing (or lead elsewhere) until the screen has taken them over; the screen clicks them
 *   again then (lib/early-clicks.ts);
 * - once the page is shown (`whenShown`, below), or after a second at most, or at once in a tab
 *   hidden as it loads, it puts the entry's script, which the head keeps in a template, into the
 *   page. Fetched beside the first frame, the entry's 38 KB delayed it on a slow phone by as long
 *   as they took (Lighthouse: the portfolio's LCP 1.7 s, 1.35 s without).
 *
 * It imports nothing but types: a module the entry imports too would make it load the entry's
 * chunk (the first-load group in vite.config.ts).
 */

const ENTRY_TEMPLATE_ID: typeof PageElements.ENTRY_SCRIPT_ELEMENT_ID = 'entry-script';
const PRESSABLE = 'button, a[role="button"]';
const LONGEST_WAIT_MS = 1000;

const pressed: KeptClicks['pressed'] = [];

function keep(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement | HTMLAnchorElement>(PRESSABLE) : null;
  if (!target || !document.getElementById('root')?.contains(target)) return;
  if (kept.within && !target.closest(kept.within)) return;
  if (target instanceof HTMLAnchorElement) {
    // A click that asks for a new tab or window is the browser's.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
  }
  if (!pressed.includes(target)) pressed.push(target);
}

const kept: KeptClicks = { pressed, within: null, stop: () => document.removeEventListener('click', keep, true) };
document.addEventListener('click', keep, true);
window.atelierKeptClicks = kept;

let started = false;
function startEntry(): void {
  if (started) return;
  started = true;
  const template = document.getElementById(ENTRY_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  // A script brought in from a template runs; one written through innerHTML would not.
  document.head.append(document.importNode(template.content, true));
}

/**
 * The page is shown: its first frame (the first-contentful-paint entry), then the first screen's
 * images the server marked (`fetchpriority="high"`: the banner, a photo page's photo, the first
 * row of tiles) decoded and a frame later. An image decoded apart (`decoding="async"`) may reach
 * the screen a frame or more after the text.
 */
function whenShown(shown: () => void): void {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    const images = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
    void Promise.all(images.map((image) => image.decode().catch(() => {}))).then(() => requestAnimationFrame(() => setTimeout(shown, 0)));
  }).observe({ type: 'paint', buffered: true });
}

if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  startEntry();
} else {
  setTimeout(startEntry, LONGEST_WAIT_MS);
  whenShown(startEntry);
}
