import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsEnded } from '#tests/fixtures/animations-ended.ts';

/**
 * The page's WCAG 2.1 A and AA violations, each as `rule: selector, selector` (an
 * `expect(…).toEqual([])` then names what failed); `include` scopes the scan, `seriousOnly` keeps
 * the serious and critical ones. Scanned once the page's animations have ended: a dialog fades in
 * over 150 ms, and text scanned mid-fade is drawn half-transparent and fails its contrast.
 */
export async function axeViolations(page: Page, options: { include?: string[]; seriousOnly?: boolean } = {}): Promise<string[]> {
  await page.evaluate(animationsEnded);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => !options.seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
