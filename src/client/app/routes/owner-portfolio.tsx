import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Eye } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { confirmDiscard } from '#client/lib/unsaved-changes.ts';
import { AppLayout } from '#client/app/layout.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { usePortfolioTab } from '#client/app/portfolio/use-portfolio-tab.ts';
import { addErrorTexts } from '#client/lib/error-text.ts';
import { OWNER_ERROR_TEXTS } from '#client/app/admin/owner-error-texts.ts';

// The error texts the owner meets, in the owner's catalog, which loads with this page.
addErrorTexts(OWNER_ERROR_TEXTS);

// The admin area: fetched when its tab opens.
const AdminView = lazy(() =>
  import('#client/app/admin/admin-view.tsx').then((module) => ({ default: module.AdminView })),
);
// The owner's drag-to-reorder layer over the same page.
const SortablePortfolioView = lazy(() =>
  import('#client/app/admin/sortable-portfolio-view.tsx').then((module) => ({
    default: module.SortablePortfolioView,
  })),
);

/**
 * `/` and `/:username` for the signed-in owner: the portfolio with the drag layer, "View as
 * visitor", and the admin view in its tab. A visitor's page (routes/portfolio.tsx) never loads it.
 */
export function OwnerPortfolioPage() {
  const { tab, setTab } = usePortfolioTab();
  // The owner's preview of the public page: no handles, no drafts, exactly what a visitor gets.
  const [asVisitor, setAsVisitor] = useState(false);
  const { t } = useLingui();

  // Leaving the admin tab unmounts its forms: an unsaved edit is asked about first.
  const changeTab = (value: string) => {
    if (!confirmDiscard()) return;
    setTab(value === 'admin' ? 'admin' : 'portfolio');
  };

  const tabs = (
    // On a phone this row is the part of the top bar that stays in sight (styles.css). It stays one
    // row in every language: View as visitor takes what the tabs leave, on two lines if it must.
    <div data-owner-tabs className="flex items-center gap-2 sm:flex-wrap">
      <TabsList aria-label={t`View`} className="h-13 shrink-0 sm:h-10">
        <TabsTrigger value="portfolio" className="h-11 max-sm:px-2.5 sm:h-auto">
          <Trans>Portfolio</Trans>
        </TabsTrigger>
        <TabsTrigger value="admin" className="h-11 max-sm:px-2.5 sm:h-auto">
          <Trans>Admin</Trans>
        </TabsTrigger>
      </TabsList>
      <Button
        variant={asVisitor ? 'default' : 'outline'}
        size="sm"
        className="h-11 min-w-0 shrink gap-1.5 px-2.5 text-start leading-tight whitespace-normal sm:h-9 sm:shrink-0 sm:gap-2 sm:px-3 sm:whitespace-nowrap"
        aria-pressed={asVisitor}
        onClick={() => {
          if (!asVisitor && !confirmDiscard()) return;
          setAsVisitor(!asVisitor);
          if (!asVisitor) setTab('portfolio');
        }}
      >
        <Eye aria-hidden />
        <Trans>View as visitor</Trans>
      </Button>
    </div>
  );

  return (
    // Manual activation: a tab switches on a click, Enter or Space, not on focus. Focus comes back
    // to the tab as the unsaved-changes question closes, which would ask it a second time.
    <Tabs value={tab} onValueChange={changeTab} activationMode="manual">
      <AppLayout tabs={tabs}>
        <TabsContent value="portfolio">
          {asVisitor ? (
            <PortfolioView asVisitor />
          ) : (
            // Not the plain view as fallback: swapping it out would drop a dialog opened meanwhile.
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner label={t`Loading the portfolio`} />
                </div>
              }
            >
              <SortablePortfolioView />
            </Suspense>
          )}
        </TabsContent>
        <TabsContent value="admin">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label={t`Loading the admin area`} />
              </div>
            }
          >
            <AdminView />
          </Suspense>
        </TabsContent>
      </AppLayout>
    </Tabs>
  );
}
