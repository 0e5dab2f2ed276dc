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
import { GuardedForm, needsFreshCheck, useFreshCheck, type Guard } from './fresh-check.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The Security area of the Account panel: passkeys, the authenticator app, recovery codes and the
 * signed-in browsers. Loaded with the owner's code only.
 */
export default function SecurityPanel() {
  const overview = useSecurityOverview();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <PanelCard
      headingId="security-heading"
      title="Security"
      description="A second step after your password, and the browsers signed in to your account."
      contentClassName="grid gap-6"
    >
      {overview.data ? (
        <>
          <PasskeysSection overview={overview.data} onRecoveryCodes={setRecoveryCodes} />
          <AuthenticatorSection overview={overview.data} onRecoveryCodes={setRecoveryCodes} />
          <RecoveryCodesSection overview={overview.data} codes={recoveryCodes} onCodes={setRecoveryCodes} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{overview.isError ? 'Could not load your security settings.' : 'Loading…'}</p>
      )}
      <BrowsersSection overview={overview.data} />
    </PanelCard>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `security-${title.toLowerCase().replace(/\W+/g, '-')}`;
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
  return (
    <Section title="Passkeys" icon={<Fingerprint className="size-4" aria-hidden />}>
      <p className="text-sm text-muted-foreground">Sign in with your fingerprint, face or device PIN instead of a password, or as the second step after it.</p>
      {overview.passkeys.length > 0 && (
        <ul className="grid gap-2" aria-label="Your passkeys">
          {overview.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} guard={guard} />
          ))}
        </ul>
      )}
      {overview.passkeysUnavailable ? (
        <p role="note" className="rounded-md border border-dashed p-3 text-sm">
          {errorText(overview.passkeysUnavailable)}
        </p>
      ) : (
        <GuardedForm
          guard={guard}
          action={async () => {
            const answer = await add.mutateAsync(name.trim() || 'Passkey');
            setName('');
            if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
          }}
        >
          <FormField id="new-passkey-name" label="Name of the new passkey" className="grid grow gap-2">
            {(field) => <Input {...field} value={name} maxLength={60} placeholder="Laptop, phone…" onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for passkey...' : 'Add a Passkey'}
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
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center">
      {editing === null ? (
        <div className="grid grow gap-2">
          <p className="font-medium break-words">
            {passkey.name} {passkey.paused && <Badge variant="secondary">Paused</Badge>}
          </p>
          <p className="text-xs text-muted-foreground">
            Added {when(passkey.createdAt)}
            {passkey.lastUsedAt ? ` · last used ${when(passkey.lastUsedAt)}` : ' · never used'}
          </p>
          {passkey.paused && (
            <p className="text-sm">Paused since your password was reset: it works only after your password. Keep it if it is yours; remove it if not.</p>
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
          <Input aria-label={`New name for ${passkey.name}`} value={editing} maxLength={60} onChange={(event) => setEditing(event.target.value)} />
          <Button type="submit" disabled={rename.isPending || !editing.trim()}>
            Save
          </Button>
        </form>
      )}
      <div className="flex gap-2">
        {editing === null ? (
          <Button variant="outline" onClick={() => setEditing(passkey.name)}>
            Rename
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        )}
        {passkey.paused && (
          <Button variant="outline" disabled={keep.isPending} aria-label={`Keep ${passkey.name}`} onClick={() => guard(() => keep.mutateAsync(passkey.id))}>
            Keep
          </Button>
        )}
        <Button variant="outline" disabled={remove.isPending} aria-label={`Remove ${passkey.name}`} onClick={() => guard(() => remove.mutateAsync(passkey.id))}>
          Remove
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

  return (
    <Section title="Authenticator App" icon={<ShieldCheck className="size-4" aria-hidden />}>
      {overview.totp ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            <Badge variant="secondary">On</Badge> Sign-ins ask for a code from your authenticator app.
          </p>
          <Button variant="outline" disabled={disable.isPending} onClick={() => guard(() => disable.mutateAsync(undefined))}>
            Turn Off
          </Button>
        </div>
      ) : setup ? (
        <div className="grid gap-3">
          <p className="text-sm">Scan this QR code with your authenticator app, or type the key, then enter the code it shows.</p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code for your authenticator app" className="size-44 rounded-md bg-white p-1" />
          <p className="text-sm">
            Key: <code className="rounded bg-muted px-1 py-0.5 font-mono break-all" data-testid="totp-secret">{setup.secret}</code>
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
            <FormField id="totp-confirm-code" label="Code from the app" className="grow" error={confirm.isError && !needsFreshCheck(confirm.error) ? errorMessage(confirm.error, 'That code is not right') : undefined}>
              {(field) => <Input {...field} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />}
            </FormField>
            <Button type="submit" disabled={confirm.isPending || !code.trim()}>
              Turn On
            </Button>
          </GuardedForm>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Off. Use an app such as 1Password, Aegis or Google Authenticator.</p>
          <Button variant="outline" disabled={start.isPending} onClick={() => guard(async () => setSetup(await start.mutateAsync(undefined)))}>
            Set Up
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
  return (
    <Section title="Recovery Codes" icon={<KeyRound className="size-4" aria-hidden />}>
      {dialog}
      {codes ? (
        <div className="grid gap-2">
          <p className="text-sm">Keep these somewhere safe. Each works once, and they are shown only now.</p>
          <ul aria-label="Your recovery codes" className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button variant="outline" onClick={() => onCodes(null)}>
            I Saved Them
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{overview.recoveryCodesLeft} of 10 left, for when your passkeys and app are out of reach.</p>
          <Button variant="outline" disabled={regenerate.isPending} onClick={() => guard(async () => onCodes((await regenerate.mutateAsync(undefined)).recoveryCodes))}>
            New Codes
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
  return (
    <Section title="Signed-in Browsers" icon={<MonitorSmartphone className="size-4" aria-hidden />}>
      <ul className="grid gap-2" aria-label="Signed-in browsers">
        {browsers.data?.map((browser) => (
          <li key={browser.id} className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center">
            <div className="grid grow gap-2">
              <p className="font-medium">
                {browser.device} {browser.current && <Badge variant="secondary">This browser</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                {browser.address} · signed in {when(browser.firstSeen)} · last seen {when(browser.lastSeen)}
              </p>
            </div>
            {!browser.current && (
              <Button variant="outline" disabled={signOut.isPending} aria-label={`Sign out ${browser.device} at ${browser.address}`} onClick={() => guard(() => signOut.mutateAsync(browser.id))}>
                <LogOut aria-hidden />
                Sign Out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button variant="outline" disabled={signOutOthers.isPending} onClick={() => guard(() => signOutOthers.mutateAsync(undefined))}>
          Sign Out All Other Browsers
        </Button>
      )}
      {dialog}
    </Section>
  );
}
