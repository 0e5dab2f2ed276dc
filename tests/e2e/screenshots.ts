import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { animationsEnded } from '#tests/fixtures/animations-ended.ts';

/**
 * With SCREENSHOT_DIR set, keeps a screen's look there, light and dark, to be looked at: a
 * desktop's at 1440 × 900, a phone's at its own 375 px. Without it, does nothing, so a test can
 * say where its looks are without paying for them in CI.
 */
export async function keepLook(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize()!;
  if (viewport.width > 375) await page.setViewportSize({ width: 1440, height: 900 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), colorScheme);
    await page.emulateMedia({ colorScheme });
    // The theme's colours change over a transition: kept mid-way, a button looks greyed out.
    await page.evaluate(animationsEnded);
    await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}-${colorScheme}.png`) });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}
