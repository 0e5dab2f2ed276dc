import type { KeyboardEvent } from 'react';

/**
 * A link that acts as a button with the script (`role="button"`: it opens a dialog where it is)
 * and is a plain link without it (docs/decisions/0018): Space presses it as it presses a button,
 * where on a link it would scroll the page.
 */
export function pressOnSpace(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}
