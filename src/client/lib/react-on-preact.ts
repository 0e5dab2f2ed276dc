/**
 * What `react` and `react-dom` resolve to in the browser (vite.config.ts): Preact's compatibility
 * layer, 5 KB gzip where React DOM was 56 KB of the visitor's 90 KB first load, plus the two things
 * of React 19 the client relies on that the layer does not do (docs/decisions/0014). The types
 * stay React's: TypeScript reads @types/react, so the client is written for React and runs on this.
 */
import { options, type Context, type VNode } from 'preact';
import compat, { useContext, useState } from 'preact/compat';

// @ts-expect-error: its types are one `export =` namespace; Vite bundles the module's ES exports.
export * from 'preact/compat';

/**
 * Runs the `useEffect`s of the renders already committed. Preact hooks hand this function to
 * `options.requestAnimationFrame` to run it after the next frame; it is kept here to run it sooner.
 */
let runCommittedEffects: (() => void) | undefined;

// Preact's own scheduling (preact/hooks' afterNextFrame): after the next frame, or 35 ms at most.
options.requestAnimationFrame = (runEffects) => {
  runCommittedEffects = runEffects;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(runEffects);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
};

/**
 * A component about to render again: a vnode `renderComponent` copies from the one it rendered
 * (it carries its component instance; a vnode `createElement` makes has none yet). `__c` is the
 * instance's name in Preact 10's published build, the same name its devtools and signals read.
 */
function isRerender(vnode: VNode): boolean {
  return (vnode as VNode & { __c?: unknown }).__c != null;
}

/**
 * React 19 passes `ref` to a function component as a prop (`<Button ref={…}>` reaches the button
 * through `...props`); Preact keeps it apart and points it at the component. Here it becomes a
 * prop again for every function component; a class component (a render method) keeps it.
 *
 * And before a component renders again, the effects of what was committed before it run, as React
 * runs a commit's effects before it starts the next render. Preact runs them after a frame, so a
 * render that a layout effect or a ref asked for came first: Radix's Presence mounts a tooltip's
 * content in such a render, the content subscribed to "a tooltip opened" in it, and then heard its
 * own tooltip's announcement, from the effect of the render before, and closed at once.
 */
const previousVnodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode<{ ref?: unknown }>) => {
  const { type } = vnode;
  if (isRerender(vnode)) runCommittedEffects?.();
  else if (typeof type === 'function' && vnode.ref && !(type.prototype as { render?: unknown } | undefined)?.render) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null;
  }
  previousVnodeHook?.(vnode);
};

/**
 * A transition's updates render in a task of their own, as React renders a transition's lane in a
 * task of its scheduler's, so that what asked for it (a tap, a batch of tiles) is painted first.
 * Preact's compat runs the callback at once, and its updates render in the same task; since the
 * effects of a commit run before the next render (above), the portfolio's batches of 12 tiles,
 * each asked for by the effect of the one before, chained into one task of 36 tiles
 * (docs/decisions/0006). One callback a task, in the order asked.
 */
const transitions: Array<() => void> = [];
const transitionTask = new MessageChannel();
transitionTask.port1.onmessage = () => transitions.shift()?.();
// On Node (the server's render, which starts no transition) an open port would keep the process alive.
(transitionTask.port1 as { unref?: () => void }).unref?.();
export function startTransition(callback: () => void): void {
  transitions.push(callback);
  transitionTask.port2.postMessage(null);
}

/** React 19's `use`, for a context, the one use the client makes of it (a promise is refused). */
export function use<T>(usable: Context<T>): T {
  if (usable && typeof usable === 'function' && 'Consumer' in usable) return useContext(usable);
  throw new TypeError('use() takes a context here: Preact has no promise-reading use()');
}

let nextId = 0;

/**
 * Ids unique in the page. Preact's count from 0 in each root, and a portal opened before its root
 * asked for an id starts a root of its own: a Radix dialog's title then shared its id with a label
 * of the page, and the dialog took that label's name.
 */
export function useId(): string {
  const [id] = useState(() => `_p${(nextId++).toString(36)}_`);
  return id;
}

/**
 * Counts ids from the start again: the server calls it before each page it renders, so a page's
 * ids are the ones the browser's first render (its hydration) makes, counting from 0 too.
 */
export function startIdsAfresh(): void {
  nextId = 0;
}

export default { ...compat, startTransition, use, useId };
