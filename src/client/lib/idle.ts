/**
 * Runs `work` once the browser is idle, at the latest after `timeout` ms; where there is no
 * requestIdleCallback (Safari), after `fallback` ms. Returns the cancel.
 */
export function whenIdle(work: () => void, timeout: number, fallback: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, fallback);
  return () => clearTimeout(timer);
}
