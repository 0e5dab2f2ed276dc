import axe from 'axe-core';

/** WCAG 2.1 A and AA violations on the page as drawn, as "rule: targets" lines. */
export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
