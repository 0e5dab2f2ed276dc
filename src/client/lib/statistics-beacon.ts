import { visitorApi } from '#contract/screens.ts';
import type { StatisticsEvent } from '#contract/statistics.ts';

/**
 * Sends one statistics event (docs/privacy.md) as a beacon, which the browser delivers even as
 * the page is left (a click to a streaming service opens another tab or page). Loaded on first
 * use only, never in a visitor's first load.
 */
export function sendStatisticsEvent(event: StatisticsEvent): void {
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(visitorApi.events, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon: fetch with keepalive does the same.
  }
  void fetch(visitorApi.events, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
}
