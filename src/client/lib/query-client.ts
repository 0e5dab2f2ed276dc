import { QueryClient } from '@tanstack/react-query';

/** No retry, no refetch on focus, no polling; data is fresh until a mutation invalidates it. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
