import { useSearchParams } from '#client/lib/search-params.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';

export type PortfolioTab = 'portfolio' | 'admin';

/** The admin section open when the owner left the Admin tab: the tab opens it again. */
let leftSection: string | null = null;

/**
 * The portfolio page's view, kept in `?tab=admin` (with the admin's `&section=`) so a reload
 * keeps it. A visitor always gets the portfolio view, whatever the URL says.
 */
export function usePortfolioTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const tab: PortfolioTab = isAuthenticated && searchParams.get('tab') === 'admin' ? 'admin' : 'portfolio';

  const setTab = (next: PortfolioTab) => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'admin') {
          params.set('tab', 'admin');
          if (leftSection && !params.has('section')) params.set('section', leftSection);
        } else {
          if (params.get('tab') === 'admin') leftSection = params.get('section');
          params.delete('tab');
          params.delete('section');
        }
        return params;
      },
      { replace: true },
    );
  };

  return { tab, setTab };
}
