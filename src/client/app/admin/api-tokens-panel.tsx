import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { TOKEN_SCOPES, type ApiToken, type NewApiToken, type TokenScope } from '#contract/tokens.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { QueryList, ShownOnce } from '#client/components/shown-once.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '#client/features/auth/api/tokens.ts';
import { useSecurityOverview } from '#client/features/auth/api/security.ts';
import { formatDateTime as when } from '#client/lib/formats.ts';
import { useFreshCheck } from './fresh-check.tsx';
import { tokenScopeTexts } from './token-scope-texts.ts';
/** The last moment of the chosen day, in the owner's time zone. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

/**
 * Personal access tokens for the owner's tools (a Lightroom publish service, a script): made with
 * a name, scopes and an optional expiry, shown once, listed with their last use, revoked at once.
 * Loaded with the Account panel.
 */
export default function ApiTokensPanel() {
  const tokens = useApiTokens();
  const [made, setMade] = useState<NewApiToken | null>(null);
  const { t } = useLingui();
  return (
    <PanelCard
      headingId="api-tokens-heading"
      title={t`API tokens`}
      description={t`Let your tools publish to this site: each token does only what its scopes allow, and never reaches your account or its security.`}
      contentClassName="grid gap-4"
    >
      {made && <MadeToken token={made} onDone={() => setMade(null)} />}
      <QueryList query={tokens} label={t`API tokens`} failedText={t`The tokens could not be loaded.`} emptyText={t`No tokens yet.`}>
        {(token) => <TokenRow key={token.id} token={token} />}
      </QueryList>
      <NewTokenForm onMade={setMade} />
    </PanelCard>
  );
}

/** The new token until the owner is done with it: it is never shown again. */
function MadeToken({ token, onDone }: { token: NewApiToken; onDone: () => void }) {
  const { t } = useLingui();
  const { name } = token;
  return (
    <ShownOnce
      label={t`New token ${name}`}
      inputLabel={t`Token ${name}`}
      texts={{ copy: t`Copy token`, copied: t`Token copied`, notCopied: t`Could not copy the token` }}
      value={token.token}
      onDone={onDone}
    >
      <Trans>
        Copy the token for <strong className="break-words">{name}</strong> now: it is shown only this once. Later the list shows its last
        characters; a lost token is revoked and made again.
      </Trans>
    </ShownOnce>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  const { t } = useLingui();
  const { name, tokenEnd } = token;
  const used = token.lastUsedAt ? t`last used ${when(token.lastUsedAt)}` : t`never used`;
  const until = token.expiresAt ? (expired ? t`expired ${when(token.expiresAt)}` : t`until ${when(token.expiresAt)}`) : t`no expiry`;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border p-2">
      <KeyRound aria-hidden className="size-4 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">{token.name}</p>
        <p className="text-xs text-muted-foreground">{token.scopes.join(', ')}</p>
        <p className="text-xs text-muted-foreground">
          <Trans>Ending …{tokenEnd}</Trans> · {used} · {until}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 sm:size-9"
        aria-label={t`Revoke the token ${name}`}
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t`Revoke this token?`}
        description={t`${name} stops working at once: every tool that uses it is refused from its next call.`}
        confirmLabel={t`Revoke`}
        pendingLabel={t`Revoking…`}
        pending={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(token.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

function NewTokenForm({ onMade }: { onMade: (token: NewApiToken) => void }) {
  const create = useCreateApiToken();
  // A token outlives the session: it is made only after the owner proves who they are, as a passkey is.
  const { guard, dialog } = useFreshCheck(useSecurityOverview().data);
  const ids = { name: useId(), scopes: useId(), expiry: useId() };
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const { t } = useLingui();
  const scopeTexts = tokenScopeTexts();
  const toggle = (scope: TokenScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((held) => held !== scope)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : t`Name is required`, scopes: scopes.length > 0 ? undefined : t`Choose at least one scope` };
    setErrors(found);
    if (found.name || found.scopes) return;
    guard(() =>
      create.mutateAsync(
        { name, scopes, ...(expiry ? { expiresAt: endOfDay(expiry) } : {}) },
        {
          onSuccess: (token) => {
            onMade(token);
            setName('');
            setScopes([]);
            setExpiry('');
            toast({ title: t`Token made`, description: t`Copy it now: it is shown only this once.` });
          },
        },
      ),
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">
        <Trans>New token</Trans>
      </h3>
      <FormField id={ids.name} label={t`Name`} error={errors.name} hint={t`What uses it, for example "Lightroom on the studio Mac"`}>
        {(control) => <Input {...control} className="h-11" value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${ids.scopes}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Scopes</Trans>
        </legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-11 items-start gap-2 text-sm sm:min-h-0">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <span className="font-mono">{scope}</span>
              <span className="block text-muted-foreground">{scopeTexts[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id={`${ids.scopes}-error`} className="text-sm text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <FormField id={ids.expiry} label={t`Works until (optional)`}>
        {(control) => <Input {...control} type="date" className="h-11" value={expiry} onChange={(event) => setExpiry(event.target.value)} />}
      </FormField>
      <Button type="submit" className="min-h-11 justify-self-start" disabled={create.isPending}>
        {create.isPending ? t`Making…` : t`Make token`}
      </Button>
      {dialog}
    </form>
  );
}
