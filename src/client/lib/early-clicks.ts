import { useLayoutEffect } from 'react';

/**
 * What the page's boot (src/client/boot.ts) leaves for the screen: the buttons, and the links
 * written as buttons, clicked on the server's drawing before the screen's code had taken it over
 * (a photo page's image, Share, Play; About, Contact, a tile), and how to stop keeping them.
 */
export interface KeptClicks {
  pressed: Array<HTMLButtonElement | HTMLAnchorElement>;
  stop(): void;
}

declare global {
  interface Window {
    atelierKeptClicks?: KeptClicks;
  }
}

function replayEarlyClicks(): void {
  const kept = window.atelierKeptClicks;
  if (!kept) return;
  delete window.atelierKeptClicks;
  kept.stop();
  // A button hydration kept is the one clicked; one it drew anew is gone, and so is its click.
  for (const pressed of kept.pressed) {
    if (pressed.isConnected && !(pressed instanceof HTMLButtonElement && pressed.disabled)) pressed.click();
  }
}

/**
 * In the layout of every screen the server draws: once the screen has taken over its drawing, the
 * clicks kept so far are given to it. A layout effect runs in the same task as the commit that
 * hydrated the buttons, so no click can reach both a live button and the list.
 */
export function useEarlyClicksReplayed(): void {
  useLayoutEffect(replayEarlyClicks, []);
}
