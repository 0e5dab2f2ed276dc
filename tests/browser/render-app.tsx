import '#client/styles.css';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { createRoot, type Root } from 'react-dom/client';
import { createQueryClient } from '#client/lib/query-client.ts';
import { i18n } from '#client/lib/i18n.ts';
import { App } from '#client/app/app.tsx';

let mounted: { root: Root; element: HTMLElement } | undefined;

/**
 * The real client, router, providers and toaster, opened at `path` as a browser that typed the
 * address would open it. Without the page data the server embeds, it asks the API for everything,
 * which the test's contract handlers answer.
 */
export async function renderApp(path: string): Promise<void> {
  unmountApp();
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  element.id = 'root';
  document.body.append(element);
  const root = createRoot(element);
  mounted = { root, element };
  root.render(<App />);
  await Promise.resolve();
}

export function unmountApp(): void {
  if (!mounted) return;
  const { root, element } = mounted;
  mounted = undefined;
  root.unmount();
  element.remove();
  // The toaster and dialogs portal into the body; each test starts from an empty one.
  document.body.replaceChildren();
}

let component: { root: Root; element: HTMLElement } | undefined;

/**
 * One component of the client, alone in the page, inside the providers its texts and queries need; the next
 * call (or `unmountComponent`) takes it away.
 */
export function renderComponent(ui: ReactNode): void {
  unmountComponent();
  const element = document.createElement('main');
  document.body.append(element);
  const root = createRoot(element);
  component = { root, element };
  root.render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

export function unmountComponent(): void {
  if (!component) return;
  component.root.unmount();
  component = undefined;
  document.body.replaceChildren();
}
