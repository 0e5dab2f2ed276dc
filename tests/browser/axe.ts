import axe from 'axe-core';

/**
 * WCAG 2.1 A and AA violations on the page as drawn, as "rule: targets" lines. Once the page's
 * animations have ended: a dialog fading in has, mid-way, text of too little contrast, which a
 * slow machine caught at times.
 */
export async function axeViolations(): Promise<string[]> {
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
