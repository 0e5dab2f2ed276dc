import type { PageData } from '#contract/page-data.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** `pageData` is given by the server's render; the browser reads the page's own. */
export function App({ pageData }: { pageData?: PageData }) {
  return (
    <AppProvider pageData={pageData}>
      <AppRouter />
    </AppProvider>
  );
}
