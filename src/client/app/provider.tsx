import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DeferredToaster } from '#client/components/ui/deferred-toaster.tsx';
import { seedQueryCache } from './page-data.ts';
import { handleSessionEnd } from './session-end.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = createQueryClient({ onUnauthorized: () => handleSessionEnd(client) });
    seedQueryCache(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
