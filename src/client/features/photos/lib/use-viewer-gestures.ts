import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { readingDirection } from '#client/lib/i18n.ts';

/**
 * The viewer's hands and keys: swipe to step, swipe down to close, pinch, double tap, double click,
 * wheel and + / - to zoom (0 resets), drag or the arrow keys to pan a zoomed photo. The transform is written straight to the element, not
 * through React, so a gesture costs no render per frame; React hears only whether it is zoomed.
 */

/** How far a swipe must travel, as a share of the stage's width, to step. */
const STEP_SHARE = 0.15;
/** How far down a swipe must travel, in px, to close. */
const CLOSE_DISTANCE = 110;
/** Movement under this many px is a tap, not a drag. */
const TAP_SLOP = 10;
/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_DISTANCE = 40;
/** The zoom a double tap or double click goes to, when the photo has the pixels for it. */
const DOUBLE_TAP_SCALE = 2.5;
/** One press of + or - zooms by this factor. */
const KEY_ZOOM_STEP = 1.5;
/** One press of an arrow key pans a zoomed photo by this share of the stage. */
const KEY_PAN_SHARE = 0.15;

export interface ViewerGestureOptions {
  /** The largest useful scale: the largest stored copy at its own pixels, at least DOUBLE_TAP_SCALE. */
  maxScale: number;
  onStep: (by: 1 | -1) => void;
  onClose: () => void;
  /** Any touch of the photo: a slideshow pauses. */
  onInteract?: () => void;
}

interface Transform {
  scale: number;
  x: number;
  y: number;
  /** The swipe's own offset while the photo is not zoomed. */
  swipeX: number;
  swipeY: number;
}

type Gesture =
  | { kind: 'drag'; startX: number; startY: number; from: Transform; axis: 'x' | 'y' | null; moved: boolean }
  | { kind: 'pinch'; startDistance: number; startMid: { x: number; y: number }; from: Transform };

const IDENTITY: Transform = { scale: 1, x: 0, y: 0, swipeX: 0, swipeY: 0 };

export function useViewerGestures({ maxScale, onStep, onClose, onInteract }: ViewerGestureOptions) {
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const transform = useRef<Transform>(IDENTITY);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null);
  const lastPointerType = useRef('mouse');
  const [zoomed, setZoomed] = useState(false);
  const handlers = useRef({ onStep, onClose, onInteract });
  useLayoutEffect(() => {
    handlers.current = { onStep, onClose, onInteract };
  });

  const stageBox = () => stageRef.current?.getBoundingClientRect() ?? new DOMRect(0, 0, 1, 1);

  /** Keeps a zoomed photo's edges from leaving the stage's edges. */
  const clamp = useCallback((next: Transform): Transform => {
    const stage = stageBox();
    const frame = frameRef.current;
    const width = (frame?.offsetWidth ?? 0) * next.scale;
    const height = (frame?.offsetHeight ?? 0) * next.scale;
    const maxX = Math.max(0, (width - stage.width) / 2);
    const maxY = Math.max(0, (height - stage.height) / 2);
    return { ...next, x: Math.min(maxX, Math.max(-maxX, next.x)), y: Math.min(maxY, Math.max(-maxY, next.y)) };
  }, []);

  const apply = useCallback((next: Transform, animate = false) => {
    transform.current = next;
    const frame = frameRef.current;
    if (frame) {
      frame.style.transition = animate ? 'transform 200ms ease-out' : 'none';
      frame.style.transform = `translate3d(${next.x + next.swipeX}px, ${next.y + next.swipeY}px, 0) scale(${next.scale})`;
    }
    const stage = stageRef.current;
    // Swiping down fades the surround, so the photo is seen to be going away.
    if (stage) stage.style.setProperty('--viewer-fade', String(1 - Math.min(0.6, Math.max(0, next.swipeY) / 400)));
    setZoomed(next.scale > 1.01);
  }, []);

  /** Zooms to `scale` keeping the point under (clientX, clientY) where it is. */
  const zoomTo = useCallback(
    (scale: number, clientX?: number, clientY?: number, animate = false) => {
      const stage = stageBox();
      const current = transform.current;
      const next = Math.min(maxScale, Math.max(1, scale));
      const pointX = (clientX ?? stage.left + stage.width / 2) - (stage.left + stage.width / 2);
      const pointY = (clientY ?? stage.top + stage.height / 2) - (stage.top + stage.height / 2);
      const ratio = next / current.scale;
      apply(
        clamp({
          scale: next,
          x: pointX - (pointX - current.x) * ratio,
          y: pointY - (pointY - current.y) * ratio,
          swipeX: 0,
          swipeY: 0,
        }),
        animate,
      );
    },
    [apply, clamp, maxScale],
  );

  const toggleZoom = useCallback(
    (clientX?: number, clientY?: number) => {
      if (transform.current.scale > 1.01) apply(IDENTITY, true);
      else zoomTo(Math.min(DOUBLE_TAP_SCALE, maxScale), clientX, clientY, true);
    },
    [apply, zoomTo, maxScale],
  );

  /**
   * + (or =) and - zoom about the centre, 0 goes back to the fitted photo, and the arrow keys pan
   * while zoomed. True when the key was the photo's; false leaves it to the viewer (an arrow key
   * steps to the next photo when this one is not zoomed).
   */
  const onKey = useCallback(
    (key: string): boolean => {
      const current = transform.current;
      const isZoomed = current.scale > 1.01;
      if (key === '+' || key === '=') {
        zoomTo(current.scale * KEY_ZOOM_STEP, undefined, undefined, true);
      } else if (key === '-' || key === '_') {
        const next = current.scale / KEY_ZOOM_STEP;
        if (next <= 1.01) apply(IDENTITY, true);
        else zoomTo(next, undefined, undefined, true);
      } else if (key === '0') {
        if (!isZoomed) return false;
        apply(IDENTITY, true);
      } else if (isZoomed && key.startsWith('Arrow')) {
        const stage = stageBox();
        const by = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key];
        if (!by) return false;
        // The view moves the way the arrow points, so the photo moves the other way.
        apply(clamp({ ...current, x: current.x + by[0]! * stage.width * KEY_PAN_SHARE, y: current.y + by[1]! * stage.height * KEY_PAN_SHARE }), true);
      } else {
        return false;
      }
      handlers.current.onInteract?.();
      return true;
    },
    [apply, clamp, zoomTo],
  );

  // Wheel and trackpad pinch: a listener of our own, as React's wheel listener cannot stop the page zooming.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      handlers.current.onInteract?.();
      // A trackpad pinch arrives as a wheel with ctrlKey and small deltas.
      const speed = event.ctrlKey ? 0.01 : 0.002;
      zoomTo(transform.current.scale * Math.exp(-event.deltaY * speed), event.clientX, event.clientY);
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [zoomTo]);

  const startGesture = () => {
    const points = [...pointers.current.values()];
    if (points.length >= 2) {
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      gesture.current = {
        kind: 'pinch',
        startDistance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        startMid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        from: { ...transform.current, swipeX: 0, swipeY: 0 },
      };
    } else if (points.length === 1) {
      const [point] = points as [{ x: number; y: number }];
      gesture.current = { kind: 'drag', startX: point.x, startY: point.y, from: transform.current, axis: null, moved: false };
    } else {
      gesture.current = null;
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // Only the photo's own surface: a button on top keeps its click.
    if (event.button !== 0 || (event.target as Element).closest('button, a, select, input')) return;
    lastPointerType.current = event.pointerType;
    // Not over a video: its own controls take the clicks a capture would send to the stage; a
    // swipe across it still reaches the stage, as its pointer events bubble.
    if (!(event.target as Element).closest('video')) event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    handlers.current.onInteract?.();
    startGesture();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      transform.current = current.from;
      zoomTo(current.from.scale * (distance / current.startDistance), current.startMid.x, current.startMid.y);
      apply(clamp({ ...transform.current, x: transform.current.x + mid.x - current.startMid.x, y: transform.current.y + mid.y - current.startMid.y }));
      return;
    }
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    current.moved = true;
    // A drag begun on a video is the stage's from here, wherever the pointer goes.
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
    if (current.from.scale > 1.01) {
      apply(clamp({ ...current.from, x: current.from.x + dx, y: current.from.y + dy }));
      return;
    }
    current.axis ??= Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
    apply(current.axis === 'x' ? { ...IDENTITY, swipeX: dx } : { ...IDENTITY, swipeY: Math.max(0, dy) });
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'drag' && pointers.current.size === 0) {
      const { swipeX, swipeY, scale } = transform.current;
      if (!current.moved) {
        // A tap may zoom (the second of a double tap): the transform is its to set.
        onTap(event);
        gesture.current = null;
        return;
      } else if (scale <= 1.01 && current.axis === 'x' && Math.abs(swipeX) > stageBox().width * STEP_SHARE) {
        apply(IDENTITY);
        // A swipe against the reading direction brings the next photo in, as turning a page does:
        // leftwards in a left-to-right language, rightwards in a right-to-left one.
        const towardsStart = readingDirection() === 'rtl' ? swipeX > 0 : swipeX < 0;
        handlers.current.onStep(towardsStart ? 1 : -1);
        return;
      } else if (scale <= 1.01 && current.axis === 'y' && swipeY > CLOSE_DISTANCE) {
        handlers.current.onClose();
        return;
      }
      if (scale <= 1.01) apply(IDENTITY, true);
    }
    // A finger lifted from a pinch: the other one carries on as a pan, from here.
    startGesture();
  };

  /** Touch has no dblclick to rely on: two taps close in time and place are one. */
  const onTap = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    const now = event.timeStamp;
    const last = lastTap.current;
    if (last && now - last.time < DOUBLE_TAP_MS && Math.hypot(event.clientX - last.x, event.clientY - last.y) < DOUBLE_TAP_DISTANCE) {
      lastTap.current = null;
      toggleZoom(event.clientX, event.clientY);
    } else {
      lastTap.current = { time: now, x: event.clientX, y: event.clientY };
    }
  };

  return {
    stageRef,
    frameRef,
    zoomed,
    onKey,
    stageProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      // A touch double tap is told apart above; a browser may still send its dblclick after it.
      onDoubleClick: (event: ReactMouseEvent) => {
        if (lastPointerType.current === 'mouse') toggleZoom(event.clientX, event.clientY);
      },
    },
  };
}
