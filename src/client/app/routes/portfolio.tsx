import { lazy, Suspense } from 'react';
import { AppLayout } from '#client/app/layout.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { usePortfolioTab } from '#client/app/portfolio/use-portfolio-tab.ts';

// The admin area is the owner's alone: a visitor's browser never downloads it.
const AdminView = lazy(() =>
  import('#client/app/admin/admin-view.tsx').then((module) => ({ default: module.AdminView })),
);
// The owner's drag-to-reorder layer over the same page; visitors never download it either.
const SortablePortfolioView = lazy(() =>
  import('#client/app/admin/sortable-portfolio-view.tsx').then((module) => ({
    default: module.SortablePortfolioView,
  })),
);

/** `/` and `/:username`: the portfolio view, and for the owner the admin view. */
export function PortfolioPage() {
  const { isAuthenticated } = useAuth();
  const { tab, setTab } = usePortfolioTab();

  const tabs = (
    <TabsList aria-label="View">
      <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
      {isAuthenticated && <TabsTrigger value="admin">Admin</TabsTrigger>}
    </TabsList>
  );

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'admin' ? 'admin' : 'portfolio')}>
      <AppLayout tabs={tabs}>
        <TabsContent value="portfolio">
          {isAuthenticated ? (
            // Not the plain view as fallback: swapping it out would drop a dialog opened meanwhile.
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner label="Loading the portfolio" />
                </div>
              }
            >
              <SortablePortfolioView />
            </Suspense>
          ) : (
            <PortfolioView />
          )}
        </TabsContent>
        {isAuthenticated && (
          <TabsContent value="admin">
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner label="Loading the admin area" />
                </div>
              }
            >
              <AdminView />
            </Suspense>
          </TabsContent>
        )}
      </AppLayout>
    </Tabs>
  );
}
