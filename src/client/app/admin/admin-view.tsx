import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { FailedJobsPanel } from '#client/features/jobs/components/failed-jobs-panel.tsx';
import { InboxPanel } from '#client/features/messages/components/inbox-panel.tsx';
import { AccountPanel } from './account-panel.tsx';
import { PhotoWorkspace } from './photo-workspace.tsx';
import { PortfolioSettingsPanel } from '#client/features/owner/components/portfolio-settings-panel.tsx';
import { SiteWatermarkPanel } from '#client/features/watermarks/components/site-watermark-panel.tsx';

// The statistics and their chart library (uPlot) come in a chunk of their own, when the admin opens.
const StatisticsPanel = lazy(() =>
  import('#client/features/statistics/components/statistics-panel.tsx').then((module) => ({ default: module.StatisticsPanel })),
);

/**
 * The owner's admin area: photo work first (upload, photo bank beside the categories), then the
 * page's settings beside the inbox and the account.
 */
export function AdminView() {
  // Tooltips are the owner's alone; their provider stays out of a visitor's bundle.
  return (
    <TooltipProvider>
      <section aria-labelledby="admin-heading" className="grid gap-6">
        <h1 id="admin-heading" className="text-2xl font-semibold tracking-tight">
          Admin
        </h1>
        <FailedJobsPanel />
        <PhotoWorkspace />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="grid gap-6">
            <PortfolioSettingsPanel />
            <SiteWatermarkPanel />
          </div>
          <div className="grid gap-6">
            <InboxPanel />
            <AccountPanel />
          </div>
        </div>
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner label="Loading the statistics" />
            </div>
          }
        >
          <StatisticsPanel />
        </Suspense>
      </section>
    </TooltipProvider>
  );
}
