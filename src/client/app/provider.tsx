import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '#client/lib/i18n.ts';
import { DeferredToaster } from '#client/components/ui/deferred-toaster.tsx';
import type { PageData } from '#contract/page-data.ts';
import { seedQueryCache } from './page-data.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';

/** `pageData`: the page's first data, given by the server's render; the browser reads it from the page. */
export function AppProvider({ children, pageData }: { children: ReactNode; pageData?: PageData }) {
  const [queryClient] = useState(() => {
    const client: QueryClient = createQueryClient({
      // Only a signed-in owner's session ends under the page: its handler loads when that happens.
      onUnauthorized: () => void import('./session-end.ts').then(({ handleSessionEnd }) => handleSessionEnd(client)),
    });
    seedQueryCache(client, pageData);
    return client;
  });
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ReadersToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** The owner's toaster mounts when the page is idle; a visitor's with the first toast (deferred-toaster.tsx). */
function ReadersToaster() {
  const { isAuthenticated } = useAuth();
  return <DeferredToaster mountWhenIdle={isAuthenticated} />;
}
