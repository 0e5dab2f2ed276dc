import type { StatisticsEvent } from '#contract/statistics.ts';
import { whenIdle } from './idle.ts';

/**
 * Counts a visitor's action after the first page load (another screen, a photo opened, a
 * release opened, a click to a streaming service): the server counts the page it sends, so the
 * first load is never reported here. Nothing is sent when the browser asks not to be tracked
 * (Do-Not-Track, Global Privacy Control); the server refuses those, bots and the owner as well.
 * The sender is fetched when first needed, at an idle moment.
 */
export function countEvent(event: StatisticsEvent): void {
  if (typeof navigator === 'undefined') return;
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true) return;
  const send = () => void import('./statistics-beacon.ts').then((module) => module.sendStatisticsEvent(event)).catch(() => {});
  whenIdle(send, 2000, 0);
}
