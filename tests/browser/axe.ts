import axe from 'axe-core';
import { animationsEnded } from '#tests/fixtures/animations-ended.ts';

/**
 * WCAG 2.1 A and AA violations on the page as drawn, as "rule: targets" lines. Once the page's
 * animations have ended: a dialog fading in has, mid-way, text of too little contrast, which a
 * slow machine caught at times. `serious` keeps the serious and critical ones alone.
 */
export async function axeViolations({ serious = false }: { serious?: boolean } = {}): Promise<string[]> {
  await animationsEnded();
  const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return results.violations
    .filter((violation) => !serious || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
