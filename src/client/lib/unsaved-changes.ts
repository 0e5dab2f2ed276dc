import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import { i18n } from './i18n.ts';

/**
 * Edits not yet saved, anywhere on the page: a settings form, an open rename or description.
 * Whatever would throw them away (a tab switch, a logout, a reload or leaving the site) asks first.
 */
const pending = new Set<symbol>();

/** Said when the owner would leave: read at that moment, in the language shown then. */
const LEAVE_WARNING = msg`You have unsaved changes. Leave without saving them?`;

export function hasUnsavedChanges(): boolean {
  return pending.size > 0;
}

/** True when nothing would be lost, or the owner says to go on anyway. */
export function confirmDiscard(): boolean {
  return !hasUnsavedChanges() || window.confirm(i18n._(LEAVE_WARNING));
}

/** Forgets every pending edit: after the owner chose to leave, or when the session is gone. */
export function forgetUnsavedChanges(): void {
  pending.clear();
}

function warnBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  // The browser shows its own question; the text is not used by any current browser.
  event.preventDefault();
  event.returnValue = i18n._(LEAVE_WARNING);
}

/** Registers this component's unsaved edit while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('unsaved edit');
    pending.add(token);
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      pending.delete(token);
      if (pending.size === 0) window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [dirty]);
}
