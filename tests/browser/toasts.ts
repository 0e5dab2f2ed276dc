import { page } from 'vitest/browser';

/**
 * The toasts on screen: list items of Radix's "Notifications (F8)" region. A modal dialog hides
 * the rest of the page from the accessibility tree, the toasts included (Radix announces them
 * through a live region of its own), so hidden ones count too.
 */
export function toasts() {
  return page.getByRole('region', { name: /notifications/i, includeHidden: true }).getByRole('listitem', { includeHidden: true });
}

/** The toast whose text holds `title`. */
export function toast(title: string) {
  return toasts().filter({ hasText: title });
}
