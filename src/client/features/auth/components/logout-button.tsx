import { LogOut } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { confirmDiscard } from '#client/lib/unsaved-changes.ts';

/**
 * The signed-in owner's Logout in the top bar, with their name. It loads apart from the bar: its
 * mutation (TanStack's mutation observer with it) is nothing a visitor's first load needs.
 */
export function LogoutButton({ username }: { username: string }) {
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      size="sm"
      // 44 px to touch on a phone, taking no more of the row's height than the name does, and as
      // narrow as its words let it: there its icon gives way to the portfolio's name (top-bar.tsx).
      className="-my-2 h-11 min-w-0 gap-1.5 px-2 sm:my-0 sm:h-9 sm:max-w-xs sm:gap-2 sm:px-3"
      disabled={logout.isPending}
      onClick={() => {
        if (confirmDiscard()) logout.mutate();
      }}
    >
      <LogOut aria-hidden className="max-sm:hidden" />
      <span className="shrink-0">
        <Trans>Logout</Trans>
      </span>
      <span className="truncate text-muted-foreground">{username}</span>
    </Button>
  );
}
