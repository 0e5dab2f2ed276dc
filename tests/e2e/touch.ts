import type { Page } from '@playwright/test';

type Point = { x: number; y: number };

/**
 * Fingers moved through the browser's own input pipeline (CDP touch events), one or two, from
 * `from` to `to` in a few steps: a swipe, or a pinch. Playwright's own touch is a tap alone.
 */
export async function touch(page: Page, from: Point[], to: Point[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (share: number) => from.map((start, id) => ({ id, x: start.x + (to[id]!.x - start.x) * share, y: start.y + (to[id]!.y - start.y) * share }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (const share of [0.25, 0.5, 0.75, 1]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(share) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
