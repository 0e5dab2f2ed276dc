import type { ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { screens } from '#contract/routes.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { useLogout } from '#client/features/auth/api/logout.ts';

export function TopBar({ tabs }: { tabs?: ReactNode }) {
  const { user } = useAuth();
  const logout = useLogout();

  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:flex-nowrap sm:px-6">
        <Link
          href={screens.home}
          className="rounded-sm text-lg font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Atelier
        </Link>
        {/* On a phone the tabs take a row of their own under the name and the logout control. */}
        {tabs && <div className="order-last w-full sm:order-none sm:w-auto">{tabs}</div>}
        {user && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto max-w-[60%] sm:max-w-xs"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <LogOut aria-hidden />
            <span>Logout</span>
            <span className="truncate text-muted-foreground">{user.username}</span>
          </Button>
        )}
      </div>
    </header>
  );
}
