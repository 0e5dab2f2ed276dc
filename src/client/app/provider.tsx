import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { DeferredToaster } from '#client/components/ui/deferred-toaster.tsx';
import { seedQueryCache } from './page-data.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
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
