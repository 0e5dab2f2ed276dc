import { createContext, use, useSyncExternalStore, type ComponentProps, type MouseEvent } from 'react';
import { onServer, serverPage } from './server-render.ts';

/**
 * The browser's address as React state: the part of wouter the app used (docs/decisions/0008).
 * Which screen a path shows is the contract's `matchScreen`, shared with the server's pages.
 */

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

// The History API announces only popstate; pushState and replaceState are announced here as
// window events of their own names, whoever calls them (the viewer's history calls them itself).
// Once per page: the module is evaluated once.
const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

if (typeof window !== 'undefined') {
  for (const type of ['pushState', 'replaceState'] as const) {
    const original = window.history[type].bind(window.history);
    window.history[type] = (...args) => {
      original(...args);
      window.dispatchEvent(new Event(type));
    };
  }
}

/** Calls `onChange` on every change of the address. */
export function subscribeToHistory(onChange: () => void): () => void {
  for (const type of HISTORY_EVENTS) window.addEventListener(type, onChange);
  return () => {
    for (const type of HISTORY_EVENTS) window.removeEventListener(type, onChange);
  };
}

// On the server, the path of the page it renders (there is no window).
const currentPath = () => (onServer ? serverPage().path : window.location.pathname);

export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
}

/** The path (without the query), and `navigate`. */
export function useLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribeToHistory, currentPath), navigate];
}

const ParamsContext = createContext<Record<string, string>>({});
export const ParamsProvider = ParamsContext;

/** The `:name` values of the screen's pattern, as `ParamsProvider` gives them. */
export function useParams<Params extends Record<string, string | undefined>>(): Params {
  return use(ParamsContext) as Params;
}

type LinkProps = ComponentProps<'a'> & { href: string; replace?: boolean };

/** An `<a>` that moves inside the app; a modified or middle click stays the browser's. */
export function Link({ href, replace, onClick, ...props }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return;
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return <a {...props} href={href} onClick={follow} />;
}
