import type { ReactNode } from 'react';
import { Link } from '#client/lib/router.tsx';
import { screens } from '#contract/routes.ts';

/** The frame of the sign-in screens: the product name back to the portfolio, a centred card. */
export function AuthPageShell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted px-4 py-10">
      <Link
        href={screens.home}
        className="rounded-sm text-xl font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Atelier
      </Link>
      {children}
    </main>
  );
}
