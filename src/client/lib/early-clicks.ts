import { useLayoutEffect } from 'react';
import { LATER_PART_SELECTOR, laterPartsHydrated } from './later-hydration.tsx';

/**
 * What the page's boot (src/client/boot.ts) leaves for the screen: the buttons, and the links
 * written as buttons, clicked on the server's drawing before the screen's code had taken it over
 * (a photo page's image, Share, Play; About, Contact, a tile), and how to stop keeping them.
 */
export interface KeptClicks {
  pressed: Array<HTMLButtonElement | HTMLAnchorElement>;
  /** When set, only clicks inside the elements it selects are kept: the parts not yet taken over. */
  within: string | null;
  stop(): void;
}

declare global {
  interface Window {
    atelierKeptClicks?: KeptClicks;
  }
}

/** Clicks each kept button or link again that hydration kept (one it drew anew is gone, and so is its click). */
function replay(pressed: KeptClicks['pressed']): void {
  for (const target of pressed) {
    if (target.isConnected && !(target instanceof HTMLButtonElement && target.disabled)) target.click();
  }
}

/**
 * In the layout of every screen the server draws: once the screen has taken over its drawing, the
 * clicks kept so far are given to it. A layout effect runs in the same task as the commit that
 * hydrated the buttons, so no click can reach both a live button and the list. The parts taken
 * over a task later (the grids of tiles, lib/later-hydration.tsx) keep theirs until then.
 */
export function useEarlyClicksReplayed(): void {
  useLayoutEffect(() => {
    const kept = window.atelierKeptClicks;
    if (!kept) return;
    kept.within = LATER_PART_SELECTOR;
    const now = kept.pressed.filter((target) => !target.closest(LATER_PART_SELECTOR));
    kept.pressed.splice(0, kept.pressed.length, ...kept.pressed.filter((target) => !now.includes(target)));
    replay(now);
    void laterPartsHydrated().then(() => {
      delete window.atelierKeptClicks;
      kept.stop();
      replay(kept.pressed);
    });
  }, []);
}
