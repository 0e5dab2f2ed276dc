import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminSection } from '#contract/admin-sections.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { FailedJobsPanel } from '#client/features/jobs/components/failed-jobs-panel.tsx';
import { InboxPanel } from '#client/features/messages/components/inbox-panel.tsx';
import { GalleryNoticesPanel } from '#client/features/galleries/components/notices-panel.tsx';
import { AccountPanel } from './account-panel.tsx';
import { AdminNav } from './admin-nav.tsx';
import { PhotoWorkspace } from './photo-workspace.tsx';
import { useAdminSection } from './use-admin-section.ts';
import { PortfolioSettingsPanel } from '#client/features/owner/components/portfolio-settings-panel.tsx';
import { SiteWatermarkPanel } from '#client/features/watermarks/components/site-watermark-panel.tsx';

// The statistics and their chart library (uPlot) come in a chunk of their own, when their section opens.
const StatisticsPanel = lazy(() =>
  import('#client/features/statistics/components/statistics-panel.tsx').then((module) => ({ default: module.StatisticsPanel })),
);

const sections: Record<AdminSection, () => ReactNode> = {
  photos: () => <PhotoWorkspace />,
  settings: () => (
    <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
      <PortfolioSettingsPanel />
      <SiteWatermarkPanel />
    </div>
  ),
  messages: () => (
    <>
      <InboxPanel />
      <GalleryNoticesPanel />
    </>
  ),
  account: () => <AccountPanel />,
  statistics: () => (
    <Suspense
      fallback={
        <div className="flex justify-center py-8">
          <StatisticsSpinner />
        </div>
      }
    >
      <StatisticsPanel />
    </Suspense>
  ),
};

function StatisticsSpinner() {
  const { t } = useLingui();
  return <Spinner label={t`Loading the statistics`} />;
}

/**
 * The owner's admin area, one section at a time (use-admin-section.ts): the photo work (upload,
 * photo bank beside the categories), the page's settings, the inbox, the account, the statistics.
 * Work that failed in the background is shown above whichever is open.
 */
export function AdminView() {
  const { section, hrefOf } = useAdminSection();
  const [reopened, setReopened] = useState(0);
  const content = useRef<HTMLDivElement>(null);

  // After a switch the section starts at the top, and its first heading has the focus, so a
  // screen reader says where the owner is. Not on the first drawing: a reload leaves focus alone.
  const arrived = useRef({ section, reopened });
  useEffect(() => {
    if (arrived.current.section === section && arrived.current.reopened === reopened) return;
    arrived.current = { section, reopened };
    window.scrollTo(0, 0);
    return content.current ? focusFirstHeading(content.current) : undefined;
  }, [section, reopened]);

  // Tooltips are the owner's alone; their provider stays out of a visitor's bundle.
  return (
    <TooltipProvider>
      <section aria-labelledby="admin-heading" className="grid gap-4 lg:gap-6">
        <h1 id="admin-heading" className="text-2xl font-semibold tracking-tight">
          <Trans>Admin</Trans>
        </h1>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[10rem_minmax(0,1fr)] lg:items-start">
          <AdminNav current={section} hrefOf={hrefOf} onReopen={() => setReopened((count) => count + 1)} />
          <div ref={content} className="grid min-w-0 gap-6">
            <FailedJobsPanel />
            <div className="grid gap-6" data-admin-section={section}>
              {sections[section]()}
            </div>
          </div>
        </div>
      </section>
    </TooltipProvider>
  );
}

/**
 * Focuses the open section's first heading (made focusable from script only), or, while its
 * code is still loading (the statistics), the first one to appear; the returned function stops
 * waiting.
 */
function focusFirstHeading(content: HTMLElement): () => void {
  const focus = () => {
    const heading = content.querySelector<HTMLElement>('[data-admin-section] :is(h2, h3)');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(content, { childList: true, subtree: true });
  return () => observer.disconnect();
}
