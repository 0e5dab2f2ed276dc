/**
 * Whether a toast has been raised yet, apart from the toast store: the deferred Toaster watches
 * this to mount at once for an early toast, while the store itself (use-toast.ts) travels with the
 * lazy chunks that raise toasts, out of a visitor's first load.
 */
let demanded = false;
const listeners = new Set<() => void>();

export function demandToaster(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

export function subscribeToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterDemanded = (): boolean => demanded;
