import { useEffect, useRef } from 'react';

/** How far below the screen the end of what is drawn may be before the next batch is drawn. */
const DRAW_AHEAD_MARGIN = '0px 0px 200% 0px';

/**
 * Marks the end of what is drawn; asks for the next batch once it is within two screens of view.
 * Key it by the count drawn, so each batch gets a fresh observer that reports at once when the
 * page is still short of the margin (a tall screen, or a keyboard user tabbing to the end).
 */
export function DrawMore({ onNear, as: Element = 'div' }: { onNear: () => void; as?: 'div' | 'li' }) {
  const marker = useRef<HTMLDivElement & HTMLLIElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear]);
  return <Element ref={marker} aria-hidden className="col-span-full h-px" />;
}
