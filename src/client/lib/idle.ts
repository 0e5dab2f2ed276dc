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

/**
 * Runs `work` once the page has shown its first content (the browser's first-contentful-paint
 * entry, which comes once that frame is on the screen), or at once where the browser reports no
 * paint timing. `fallback` ms bound the wait: a page whose first frame is never shown (a tab
 * hidden as it loads) runs `work` then.
 */
export function afterFirstContentfulPaint(work: () => void, fallback: number): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return work();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    work();
  };
  const timer = setTimeout(run, fallback);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
}
