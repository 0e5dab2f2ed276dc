import type { ReactNode } from 'react';
import { useLogout } from '#client/features/auth/api/logout.ts';

/**
 * The signed-in owner's logout, given to the top bar's button. Apart from the bar because it is
 * a mutation (TanStack's mutation observer with it), which a visitor's first load never needs.
 */
export function LogoutControl({ children }: { children: (logout: { pending: boolean; logOut: () => void }) => ReactNode }) {
  const logout = useLogout();
  return children({ pending: logout.isPending, logOut: () => logout.mutate() });
}
