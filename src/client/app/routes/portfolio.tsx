import { lazy } from 'react';
import { AppLayout } from '#client/app/layout.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { loadOwnerPortfolioPage } from '#client/app/owner-code.ts';

// The owner's page (Admin tab, "View as visitor", drag layer, admin area) is code a visitor never
// runs: it loads apart, and the owner's first screen waits for it under the router's spinner.
const OwnerPortfolioPage = lazy(() => loadOwnerPortfolioPage().then((module) => ({ default: module.OwnerPortfolioPage })));

/** A visitor has one view: the tab stays for the spec's top bar, and never changes. */
const stayOnPortfolio = () => {};

/** `/` and `/:username`: the portfolio view, and for the owner the admin view. */
export function PortfolioPage() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <OwnerPortfolioPage />;
  return (
    <Tabs value="portfolio" onValueChange={stayOnPortfolio}>
      <AppLayout
        tabs={
          <div className="flex flex-wrap items-center gap-2">
            <TabsList aria-label="View">
              <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
            </TabsList>
          </div>
        }
      >
        <TabsContent value="portfolio">
          <PortfolioView />
        </TabsContent>
      </AppLayout>
    </Tabs>
  );
}
