import { useSearchParams } from '#client/lib/search-params.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';

export type PortfolioTab = 'portfolio' | 'admin';

/**
 * The portfolio page's view, kept in `?tab=admin` so a reload keeps it.
 * A visitor always gets the portfolio view, whatever the URL says.
 */
export function usePortfolioTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const tab: PortfolioTab = isAuthenticated && searchParams.get('tab') === 'admin' ? 'admin' : 'portfolio';

  const setTab = (next: PortfolioTab) => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'admin') params.set('tab', 'admin');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  };

  return { tab, setTab };
}
