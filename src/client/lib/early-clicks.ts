import { useLayoutEffect } from 'react';

/**
 * Clicks on the server's drawing of a page before the script has taken it over. Its buttons are
 * drawn (a photo page's image, Share, Play) but do nothing until the screen's code has arrived and
 * hydrated them, and a tap then — a phone still fetching the photo page's chunk, say — would be
 * lost. From the entry's first line the page keeps the buttons clicked, and the screen clicks them
 * again once it has taken over. Links need none of this: they work without the script.
 */
let clicked: HTMLButtonElement[] | null = null;
let root: HTMLElement | null = null;

function keep(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && clicked && !clicked.includes(button)) clicked.push(button);
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
  const buttons = clicked;
  clicked = null;
  root?.removeEventListener('click', keep, true);
  root = null;
  // A button hydration kept is the one clicked; one it drew anew is gone, and so is its click.
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}

/**
 * In the layout of every screen the server draws: once the screen has taken over its drawing, the
 * clicks kept so far are given to it. A layout effect runs in the same task as the commit that
 * hydrated the buttons, so no click can reach both a live button and the list.
 */
export function useEarlyClicksReplayed(): void {
  useLayoutEffect(replayEarlyClicks, []);
}
