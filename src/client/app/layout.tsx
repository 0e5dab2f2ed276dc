import type { ReactNode } from 'react';
import { useEarlyClicksReplayed } from '#client/lib/early-clicks.ts';
import { TopBar } from './top-bar.tsx';

/** The top bar above a page's main area. */
export function AppLayout({ tabs, children }: { tabs?: ReactNode; children?: ReactNode }) {
  useEarlyClicksReplayed();
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar tabs={tabs} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
