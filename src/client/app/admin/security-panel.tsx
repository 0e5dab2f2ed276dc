import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Fingerprint, KeyRound, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import type { Passkey, SecurityOverview, TotpSetup } from '#contract/security.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/error-text.ts';
import { errorText } from '#contract/error-codes.ts';
import {
  useAddPasskey,
  useKeepPasskey,
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useRenamePasskey,
  useSecurityOverview,
  useSignedInBrowsers,
  useSignOutBrowser,
  useSignOutOtherBrowsers,
  useStartTotp,
} from '#client/features/auth/api/security.ts';
import { formatDateTime as when } from '#client/lib/formats.ts';
import { GuardedForm, needsFreshCheck, useFreshCheck, type Guard } from './fresh-check.tsx';
import { ownerErrorText } from './owner-error-texts.ts';

/**
 * The Security area of the Account panel: passkeys, the authenticator app, recovery codes and the
 * signed-in browsers. Loaded with the owner's code only.
 */
export default function SecurityPanel() {
  const overview = useSecurityOverview();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { t } = useLingui();

  return (
    <PanelCard
      headingId="security-heading"
      title={t`Security`}
      description={t`A second step after your password, and the browsers signed in to your account.`}
      contentClassName="grid gap-6"
    >
      {overview.data ? (
        <>
          <PasskeysSection overview={overview.data} onRecoveryCodes={setRecoveryCodes} />
          <AuthenticatorSection overview={overview.data} onRecoveryCodes={setRecoveryCodes} />
          <RecoveryCodesSection overview={overview.data} codes={recoveryCodes} onCodes={setRecoveryCodes} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{overview.isError ? t`Could not load your security settings.` : t`Loading…`}</p>
      )}
      <BrowsersSection overview={overview.data} />
    </PanelCard>
  );
}

/** One part of the panel; `name` makes its heading's id, the same in every language. */
function Section({ name, title, icon, children }: { name: string; title: string; icon: ReactNode; children: ReactNode }) {
  const id = `security-${name}`;
  return (
    <section aria-labelledby={id} className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 id={id} className="flex items-center gap-2 font-medium">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function PasskeysSection({ overview, onRecoveryCodes }: { overview: SecurityOverview; onRecoveryCodes: (codes: string[]) => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const { guard, dialog } = useFreshCheck(overview);
  const { t } = useLingui();
  return (
    <Section name="passkeys" title={t`Passkeys`} icon={<Fingerprint className="size-4" aria-hidden />}>
      <p className="text-sm text-muted-foreground">
        <Trans>Sign in with your fingerprint, face or device PIN instead of a password, or as the second step after it.</Trans>
      </p>
      {overview.passkeys.length > 0 && (
        <ul className="grid gap-2" aria-label={t`Your passkeys`}>
          {overview.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} guard={guard} />
          ))}
        </ul>
      )}
      {overview.passkeysUnavailable ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {ownerErrorText(overview.passkeysUnavailable) ?? errorText(overview.passkeysUnavailable)}
        </p>
      ) : (
        <GuardedForm
          guard={guard}
          action={async () => {
            const answer = await add.mutateAsync(name.trim() || t`Passkey`);
            setName('');
            if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
          }}
        >
          <FormField id="new-passkey-name" label={t`Name of the new passkey`} className="grid grow gap-2">
            {(field) => <Input {...field} value={name} maxLength={60} placeholder={t`Laptop, phone…`} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t`Waiting for passkey...` : t`Add a Passkey`}
          </Button>
        </GuardedForm>
      )}
      {dialog}
    </Section>
  );
}

function PasskeyRow({ passkey, guard }: { passkey: Passkey; guard: Guard }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const keep = useKeepPasskey();
  const [editing, setEditing] = useState<string | null>(null);
  const { t } = useLingui();
  const { name } = passkey;
  const added = when(passkey.createdAt);
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center">
      {editing === null ? (
        <div className="grid grow gap-2">
          <p className="font-medium break-words">
            {name}{' '}
            {passkey.paused && (
              <Badge variant="secondary">
                <Trans>Paused</Trans>
              </Badge>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            <Trans>Added {added}</Trans>
            {passkey.lastUsedAt ? ` · ${t`last used ${when(passkey.lastUsedAt)}`}` : ` · ${t`never used`}`}
          </p>
          {passkey.paused && (
            <p className="text-sm">
              <Trans>Paused since your password was reset: it works only after your password. Keep it if it is yours; remove it if not.</Trans>
            </p>
          )}
        </div>
      ) : (
        <form
          noValidate
          className="flex grow gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ id: passkey.id, name: editing }, { onSuccess: () => setEditing(null) });
          }}
        >
          <Input aria-label={t`New name for ${name}`} value={editing} maxLength={60} onChange={(event) => setEditing(event.target.value)} />
          <Button type="submit" disabled={rename.isPending || !editing.trim()}>
            <Trans>Save</Trans>
          </Button>
        </form>
      )}
      <div className="flex gap-2">
        {editing === null ? (
          <Button variant="outline" onClick={() => setEditing(passkey.name)}>
            <Trans>Rename</Trans>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setEditing(null)}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        {passkey.paused && (
          <Button variant="outline" disabled={keep.isPending} aria-label={t`Keep ${name}`} onClick={() => guard(() => keep.mutateAsync(passkey.id))}>
            <Trans>Keep</Trans>
          </Button>
        )}
        <Button variant="outline" disabled={remove.isPending} aria-label={t`Remove ${name}`} onClick={() => guard(() => remove.mutateAsync(passkey.id))}>
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  );
}

function AuthenticatorSection({ overview, onRecoveryCodes }: { overview: SecurityOverview; onRecoveryCodes: (codes: string[]) => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const { guard, dialog } = useFreshCheck(overview);
  const { t } = useLingui();

  return (
    <Section name="authenticator-app" title={t`Authenticator App`} icon={<ShieldCheck className="size-4" aria-hidden />}>
      {overview.totp ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            <Badge variant="secondary">
              <Trans>On</Trans>
            </Badge>{' '}
            <Trans>Sign-ins ask for a code from your authenticator app.</Trans>
          </p>
          <Button variant="outline" disabled={disable.isPending} onClick={() => guard(() => disable.mutateAsync(undefined))}>
            <Trans>Turn Off</Trans>
          </Button>
        </div>
      ) : setup ? (
        <div className="grid gap-3">
          <p className="text-sm">
            <Trans>Scan this QR code with your authenticator app, or type the key, then enter the code it shows.</Trans>
          </p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt={t`QR code for your authenticator app`} className="size-44 rounded-md bg-white p-1" />
          <p className="text-sm">
            {t`Key:`} <code className="rounded bg-muted px-1 py-0.5 font-mono break-all" data-testid="totp-secret">{setup.secret}</code>
          </p>
          <GuardedForm
            guard={guard}
            action={async () => {
              const answer = await confirm.mutateAsync(code.trim());
              setSetup(null);
              setCode('');
              if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
            }}
          >
            <FormField id="totp-confirm-code" label={t`Code from the app`} className="grow" error={confirm.isError && !needsFreshCheck(confirm.error) ? errorMessage(confirm.error, t`That code is not right`) : undefined}>
              {(field) => <Input {...field} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />}
            </FormField>
            <Button type="submit" disabled={confirm.isPending || !code.trim()}>
              <Trans>Turn On</Trans>
            </Button>
          </GuardedForm>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            <Trans>Off. Use an app such as 1Password, Aegis or Google Authenticator.</Trans>
          </p>
          <Button variant="outline" disabled={start.isPending} onClick={() => guard(async () => setSetup(await start.mutateAsync(undefined)))}>
            <Trans>Set Up</Trans>
          </Button>
        </div>
      )}
      {dialog}
    </Section>
  );
}

function RecoveryCodesSection({ overview, codes, onCodes }: { overview: SecurityOverview; codes: string[] | null; onCodes: (codes: string[] | null) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const { guard, dialog } = useFreshCheck(overview);
  const { t } = useLingui();
  const left = overview.recoveryCodesLeft;
  return (
    <Section name="recovery-codes" title={t`Recovery Codes`} icon={<KeyRound className="size-4" aria-hidden />}>
      {dialog}
      {codes ? (
        <div className="grid gap-2">
          <p className="text-sm">
            <Trans>Keep these somewhere safe. Each works once, and they are shown only now.</Trans>
          </p>
          <ul aria-label={t`Your recovery codes`} className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button variant="outline" onClick={() => onCodes(null)}>
            <Trans>I Saved Them</Trans>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            <Trans>{left} of 10 left, for when your passkeys and app are out of reach.</Trans>
          </p>
          <Button variant="outline" disabled={regenerate.isPending} onClick={() => guard(async () => onCodes((await regenerate.mutateAsync(undefined)).recoveryCodes))}>
            <Trans>New Codes</Trans>
          </Button>
        </div>
      )}
    </Section>
  );
}

function BrowsersSection({ overview }: { overview: SecurityOverview | undefined }) {
  const browsers = useSignedInBrowsers();
  const signOut = useSignOutBrowser();
  const signOutOthers = useSignOutOtherBrowsers();
  const { guard, dialog } = useFreshCheck(overview);
  const others = browsers.data?.filter((browser) => !browser.current).length ?? 0;
  const { t } = useLingui();
  return (
    <Section name="signed-in-browsers" title={t`Signed-in Browsers`} icon={<MonitorSmartphone className="size-4" aria-hidden />}>
      <ul className="grid gap-2" aria-label={t`Signed-in browsers`}>
        {browsers.data?.map((browser) => {
          const { device, address } = browser;
          const signedIn = when(browser.firstSeen);
          const lastSeen = when(browser.lastSeen);
          return (
            <li key={browser.id} className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center">
              <div className="grid grow gap-2">
                <p className="font-medium">
                  {device}{' '}
                  {browser.current && (
                    <Badge variant="secondary">
                      <Trans>This browser</Trans>
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  <Trans>
                    {address} · signed in {signedIn} · last seen {lastSeen}
                  </Trans>
                </p>
              </div>
              {!browser.current && (
                <Button variant="outline" disabled={signOut.isPending} aria-label={t`Sign out ${device} at ${address}`} onClick={() => guard(() => signOut.mutateAsync(browser.id))}>
                  <LogOut aria-hidden className="rtl:-scale-x-100" />
                  <Trans>Sign Out</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <Button variant="outline" disabled={signOutOthers.isPending} onClick={() => guard(() => signOutOthers.mutateAsync(undefined))}>
          <Trans>Sign Out All Other Browsers</Trans>
        </Button>
      )}
      {dialog}
    </Section>
  );
}
