import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Fingerprint } from 'lucide-react';
import type { SecurityOverview } from '#contract/security.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { useConfirmIdentity } from '#client/features/auth/api/security.ts';

/** The fresh check before a sensitive change, shared by the Security and API tokens panels. */

/** The server's answer when the last check is older than a few minutes (or there was none). */
export const needsFreshCheck = (error: unknown) => error instanceof ApiError && error.status === 403;

export type Guard = (action: () => Promise<unknown>) => void;

/** A field and its button, whose submit runs `action` behind the fresh check. */
export function GuardedForm({ guard, action, children }: { guard: Guard; action: () => Promise<unknown>; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        guard(action);
      }}
    >
      {children}
    </form>
  );
}

/**
 * Runs `action` once the owner has proved who they are in the last minutes; else asks first, for
 * the password, a code of the app or a passkey. When the server still answers that a check is
 * needed (the window ended meanwhile), it asks and runs the action again.
 */
export function useFreshCheck(overview: SecurityOverview | undefined) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const fresh = overview?.confirmedUntil != null && new Date(overview.confirmedUntil) > new Date();
  const guard: Guard = (action) => {
    const run = () => {
      action().catch((error: unknown) => {
        if (needsFreshCheck(error)) setPending(() => run);
      });
    };
    if (fresh) run();
    else setPending(() => run);
  };
  const dialog = (
    <ConfirmIdentityDialog
      open={pending !== null}
      totp={overview?.totp ?? false}
      onDone={() => {
        pending?.();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { guard, dialog };
}

function ConfirmIdentityDialog({ open, totp, onDone, onCancel }: { open: boolean; totp: boolean; onDone: () => void; onCancel: () => void }) {
  const confirm = useConfirmIdentity();
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    setPassword('');
    setCode('');
    confirm.reset();
    onCancel();
  };
  const succeed = () => {
    setPassword('');
    setCode('');
    confirm.reset();
    onDone();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Confirm It’s You</Trans>
          </DialogTitle>
          <DialogDescription>
            {totp
              ? t`Adding or turning off a sign-in method, new recovery codes, signing out other browsers and making an API token need your password, a code from your authenticator app or a passkey first. Being signed in is not enough.`
              : t`Adding or turning off a sign-in method, new recovery codes, signing out other browsers and making an API token need your password or a passkey first. Being signed in is not enough.`}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(code.trim() && !password ? { code: code.trim() } : { password }, { onSuccess: succeed });
          }}
        >
          <FormField id="confirm-identity-password" label={t`Password`} error={confirm.isError ? errorMessage(confirm.error, t`Could not confirm`) : undefined}>
            {(field) => <Input {...field} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </FormField>
          {totp && (
            <FormField id="confirm-identity-code" label={t`Or a code from your authenticator app`}>
              {(field) => <Input {...field} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />}
            </FormField>
          )}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" disabled={confirm.isPending} onClick={() => confirm.mutate('passkey', { onSuccess: succeed })}>
              <Fingerprint aria-hidden />
              <Trans>Use a passkey</Trans>
            </Button>
            <Button type="submit" disabled={confirm.isPending || (!password && !code.trim())}>
              <Trans>Confirm</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

