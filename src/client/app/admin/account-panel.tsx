import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { ChangePasswordDialog } from '#client/features/owner/components/change-password-dialog.tsx';

/** Passkeys, the authenticator app and the browsers: their code loads with the panel, not before. */
const SecurityPanel = lazy(() => import('./security-panel.tsx'));
const ApiTokensPanel = lazy(() => import('./api-tokens-panel.tsx'));
const WebhooksPanel = lazy(() => import('./webhooks-panel.tsx'));

export function AccountPanel() {
  const { user } = useAuth();
  const logout = useLogout();
  const { t } = useLingui();
  const username = user?.username;

  return (
    <>
    <PanelCard
      headingId="account-heading"
      title={t`Account`}
      description={
        user && (
          <>
            <Trans>
              Signed in as <span className="font-medium text-foreground">{username}</span>
            </Trans>
          </>
        )
      }
      contentClassName="flex flex-col gap-2 sm:flex-row"
    >
      <ChangePasswordDialog />
      <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut aria-hidden className="rtl:-scale-x-100" />
        <Trans>Logout</Trans>
      </Button>
    </PanelCard>
    <Suspense fallback={null}>
      <SecurityPanel />
    </Suspense>
    <Suspense fallback={null}>
      <ApiTokensPanel />
    </Suspense>
    <Suspense fallback={null}>
      <WebhooksPanel />
    </Suspense>
    </>
  );
}
