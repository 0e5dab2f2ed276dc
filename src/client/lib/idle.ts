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
 * Runs `work` in a task of its own once the page has shown its first content (the browser's
 * first-contentful-paint entry, which comes once that frame is on the screen), or at once where
 * the browser reports no paint timing. `fallback` ms bound the wait: a page whose first frame is
 * never shown (a tab hidden as it loads) runs `work` then.
 */
export function afterFirstContentfulPaint(work: () => void, fallback: number): void {
  // A task after the one that reported the paint.
  const inTaskOfItsOwn = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => work();
    channel.port2.postMessage(null);
  };
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return inTaskOfItsOwn();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    inTaskOfItsOwn();
  };
  const timer = setTimeout(run, fallback);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
}
