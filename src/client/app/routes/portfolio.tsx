import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, useId } from 'react';
import { AppLayout } from '#client/app/layout.tsx';
import { Tab, TabList, TabPanel } from '#client/components/ui/tab-markup.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { loadOwnerPortfolioPage } from '#client/app/owner-code.ts';

// The owner's page (Admin tab, "View as visitor", drag layer, admin area) is code a visitor never
// runs: it loads apart, and the owner's first screen waits for it under the router's spinner.
const OwnerPortfolioPage = lazy(() => loadOwnerPortfolioPage().then((module) => ({ default: module.OwnerPortfolioPage })));

/** `/` and `/:username`: the portfolio view, and for the owner the admin view. */
export function PortfolioPage() {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const tabsId = useId();
  if (isAuthenticated) return <OwnerPortfolioPage />;
  // A visitor has one view: the tab stays for the spec's top bar, and never changes.
  return (
    <AppLayout
      tabs={
        <div className="flex flex-wrap items-center gap-2">
          <TabList aria-label={t`View`}>
            <Tab baseId={tabsId} value="portfolio" selected>
              <Trans>Portfolio</Trans>
            </Tab>
          </TabList>
        </div>
      }
    >
      <TabPanel baseId={tabsId} value="portfolio">
        <PortfolioView />
      </TabPanel>
    </AppLayout>
  );
}
