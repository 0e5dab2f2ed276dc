import { useMemo, useSyncExternalStore } from 'react';
import { navigate, subscribeToHistory, type NavigateOptions } from './router.tsx';

/**
 * The address's query as state, for the screens that read one (sign-in, password reset, the
 * owner's tab): apart from lib/router.tsx, so a visitor's first load does without it.
 */

const currentSearch = () => window.location.search;

type SearchInit = URLSearchParams | Record<string, string> | string;

/** Replaces the query of the current path; the path stays. */
function setSearchParams(next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions): void {
  const params = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(currentSearch())) : next);
  const query = params.toString();
  navigate(window.location.pathname + (query ? `?${query}` : ''), options);
}

export function useSearchParams(): [URLSearchParams, typeof setSearchParams] {
  const search = useSyncExternalStore(subscribeToHistory, currentSearch);
  return [useMemo(() => new URLSearchParams(search), [search]), setSearchParams];
}
