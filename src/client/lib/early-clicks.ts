import { useLayoutEffect } from 'react';

/**
 * Clicks on the server's drawing of a page before the script has taken it over. Its buttons are
 * drawn (a photo page's image, Share, Play) but do nothing until the screen's code has arrived and
 * hydrated them, and a tap then — a phone still fetching the photo page's chunk, say — would be
 * lost. From the entry's first line the page keeps the buttons clicked, and the screen clicks them
 * again once it has taken over.
 *
 * A link written as a button (`<a role="button">`: About and Contact, a tile) is kept too: without
 * the script it leads somewhere else (the text on the header card, the photo's page), and followed
 * in that moment it would not do what the page, drawn with its script, says it does. Plain links,
 * and a click that asks for a new tab or window, are left to the browser.
 */
type Pressable = HTMLButtonElement | HTMLAnchorElement;

let clicked: Pressable[] | null = null;
let root: HTMLElement | null = null;

const PRESSABLE = 'button, a[role="button"]';

function keep(event: MouseEvent): void {
  const pressed = event.target instanceof Element ? event.target.closest<Pressable>(PRESSABLE) : null;
  if (!pressed || !clicked) return;
  if (pressed instanceof HTMLAnchorElement) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
  }
  if (!clicked.includes(pressed)) clicked.push(pressed);
}

/** Starts keeping clicks, when the server drew the page (else there is nothing to click yet). */
export function keepEarlyClicks(pageRoot: HTMLElement): void {
  if (!pageRoot.firstElementChild) return;
  clicked = [];
  root = pageRoot;
  root.addEventListener('click', keep, true);
}

function replayEarlyClicks(): void {
  if (!clicked) return;
  const kept = clicked;
  clicked = null;
  root?.removeEventListener('click', keep, true);
  root = null;
  // A button hydration kept is the one clicked; one it drew anew is gone, and so is its click.
  for (const pressed of kept) if (pressed.isConnected && !(pressed instanceof HTMLButtonElement && pressed.disabled)) pressed.click();
}

/**
 * In the layout of every screen the server draws: once the screen has taken over its drawing, the
 * clicks kept so far are given to it. A layout effect runs in the same task as the commit that
 * hydrated the buttons, so no click can reach both a live button and the list.
 */
export function useEarlyClicksReplayed(): void {
  useLayoutEffect(replayEarlyClicks, []);
}
