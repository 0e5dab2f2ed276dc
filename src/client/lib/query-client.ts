import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { onServer } from './server-render.ts';

export interface QueryClientOptions {
  /** Any read or write answered 401: the session may have ended under the page. */
  onUnauthorized?: () => void;
}

/** No retry, no refetch on focus, no polling; data is fresh until a mutation invalidates it. */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        // The server's render keeps no timer: its cache goes with the render (lib/server-render.ts).
        ...(onServer ? { gcTime: Infinity } : {}),
      },
      mutations: {
        retry: false,
      },
    },
  });
}
