import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { InboxPanel } from '#client/features/messages/components/inbox-panel.tsx';
import { AccountPanel } from './account-panel.tsx';
import { PhotoWorkspace } from './photo-workspace.tsx';
import { PortfolioSettingsPanel } from '#client/features/owner/components/portfolio-settings-panel.tsx';

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
        <PhotoWorkspace />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <PortfolioSettingsPanel />
          <div className="grid gap-6">
            <InboxPanel />
            <AccountPanel />
          </div>
        </div>
      </section>
    </TooltipProvider>
  );
}
