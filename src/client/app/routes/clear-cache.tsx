import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { AppLayout } from '#client/app/layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';

/**
 * Forgets everything this site keeps in the browser: local and session storage, the Cache Storage
 * and any service worker. Each step runs even when another fails.
 */
export async function clearSiteData(): Promise<void> {
  const steps: Promise<unknown>[] = [];
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch (error) {
    console.error('Could not clear storage', error);
  }
  if (typeof caches !== 'undefined') {
    steps.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  }
  if ('serviceWorker' in navigator) {
    steps.push(
      navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))),
    );
  }
  const results = await Promise.allSettled(steps);
  for (const result of results) if (result.status === 'rejected') console.error('Could not clear', result.reason);
}

/** `/clear-cache`: for a browser stuck on an old version of the site. */
export function ClearCachePage() {
  const [clearing, setClearing] = useState(false);

  const clearAndReload = async () => {
    setClearing(true);
    await clearSiteData();
    // A query the browser has never seen: the page and its data come fresh from the server.
    window.location.replace(`${screens.home}?v=${Date.now()}`);
  };

  return (
    <AppLayout>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">
            <Trans>Clear cache</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Clears what this site keeps in your browser (stored data, cached files and offline workers), then reloads the portfolio
              fresh from the server.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" disabled={clearing} onClick={() => void clearAndReload()}>
            <RefreshCw aria-hidden className={clearing ? 'motion-safe:animate-spin' : undefined} />
            {clearing ? <Trans>Clearing...</Trans> : <Trans>Clear cache and reload</Trans>}
          </Button>
        </CardContent>
      </Card>
    </AppLayout>
  );
}
