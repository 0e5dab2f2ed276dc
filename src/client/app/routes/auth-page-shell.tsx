import type { ReactNode } from 'react';
import { Link } from '#client/lib/router.tsx';
import { brandNameOf } from '#contract/site-name.ts';
import { screens } from '#contract/screens.ts';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';

/** The frame of the sign-in screens: the site's name back to the portfolio, a centred card. */
export function AuthPageShell({ children }: { children: ReactNode }) {
  const owner = usePortfolioOwner().data;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted px-4 py-10">
      <Link
        href={screens.home}
        className="rounded-sm text-xl font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {brandNameOf(owner)}
      </Link>
      {children}
    </main>
  );
}
