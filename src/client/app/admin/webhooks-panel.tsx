import { t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import {
  WEBHOOK_DELIVERIES_SHOWN,

  WEBHOOK_EVENTS,
  type NewWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '#contract/webhooks.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { QueryList, ShownOnce } from '#client/components/shown-once.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { useCreateWebhook, useDeleteWebhook, usePingWebhook, useWebhookDeliveries, useWebhooks } from '#client/features/webhooks/api/webhooks.ts';

import { formatDateTime as when } from '#client/lib/formats.ts';

/** What each event means, in the owner's language: the contract's `WEBHOOK_EVENT_TEXTS` in English. */
const webhookEventTexts = (): Record<WebhookEvent, string> => ({
  'photo.created': t`A photo was uploaded (or brought back from the trash)`,
  'photo.replaced': t`A photo's file was replaced`,
  'photo.deleted': t`A photo was moved to the trash`,
  'gallery.opened': t`A client opened a gallery link (at most once a day per link)`,
  'picks.submitted': t`A client sent their picks`,
  'comment.created': t`A visitor left a comment`,
});

/**
 * Webhooks: URLs the site calls, signed, when a photo is uploaded or deleted, a client opens a
 * gallery or sends picks. Registered with their events, the secret shown once, listed with their
 * delivery logs and a test. Loaded with the Account panel, beside the API tokens.
 */
export default function WebhooksPanel() {
  const hooks = useWebhooks();
  const [made, setMade] = useState<NewWebhook | null>(null);
  const { t } = useLingui();
  return (
    <PanelCard
      headingId="webhooks-heading"
      title={t`Webhooks`}
      description={t`Let your tools hear what happens here: each URL gets a POST, signed with its secret, for the events it asks for.`}
      contentClassName="grid gap-4"
    >
      {made && <MadeWebhook hook={made} onDone={() => setMade(null)} />}
      <QueryList query={hooks} label={t`Webhooks`} failedText={t`The webhooks could not be loaded.`} emptyText={t`No webhooks yet.`}>
        {(hook) => <WebhookRow key={hook.id} hook={hook} />}
      </QueryList>
      <NewWebhookForm onMade={setMade} />
    </PanelCard>
  );
}

/** The new hook's secret until the owner is done with it: it is never shown again. */
function MadeWebhook({ hook, onDone }: { hook: NewWebhook; onDone: () => void }) {
  const { t } = useLingui();
  const { url } = hook;
  return (
    <ShownOnce
      label={t`New webhook's secret`}
      inputLabel={t`Signing secret`}
      texts={{ copy: t`Copy secret`, copied: t`Secret copied`, notCopied: t`Could not copy the secret` }}
      value={hook.secret}
      onDone={onDone}
    >
      <Trans>
        Copy the signing secret for <strong className="break-all">{url}</strong> now: it is shown only this once. Your receiver checks each
        delivery's <span className="font-mono">X-Atelier-Signature</span> with it.
      </Trans>
    </ShownOnce>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const remove = useDeleteWebhook();
  const ping = usePingWebhook(hook.id);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const { t } = useLingui();
  const { url, secretEnd } = hook;
  const added = when(hook.createdAt);
  return (
    <li className="grid gap-2 rounded-md border p-2">
      <div className="flex flex-wrap items-start gap-2">
        <WebhookIcon aria-hidden className="mt-1 size-4 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="font-medium break-all">{hook.url}</p>
          <p className="text-xs break-words text-muted-foreground">{hook.events.join(', ')}</p>
          <p className="text-xs text-muted-foreground">
            <Trans>
              Secret ending …{secretEnd} · added {added}
            </Trans>
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 sm:size-9"
          aria-label={t`Delete the webhook ${url}`}
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="min-h-11 sm:min-h-9" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? t`Hide deliveries` : t`Deliveries`}
        </Button>
        <Button
          variant="outline"
          className="min-h-11 sm:min-h-9"
          disabled={ping.isPending}
          onClick={() => {
            setShowLog(true);
            ping.mutate();
          }}
        >
          <Send aria-hidden />
          {ping.isPending ? t`Sending…` : t`Send test`}
        </Button>
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog && <DeliveryLog hookId={hook.id} />}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t`Delete this webhook?`}
        description={t`${url} gets no more deliveries, not even those waiting to be tried again, and its log goes with it.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(hook.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

function DeliveryLog({ hookId }: { hookId: number }) {
  const deliveries = useWebhookDeliveries(hookId);
  const { t } = useLingui();
  const stateText: Record<WebhookDelivery['state'], string> = { delivered: t`Delivered`, pending: t`Retrying`, failed: t`Failed` };
  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">{t`Loading…`}</p>;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm">
        <Trans>The deliveries could not be loaded.</Trans>
      </p>
    );
  }
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">{t`Nothing sent yet.`}</p>;
  const shown = WEBHOOK_DELIVERIES_SHOWN;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">
        <Trans>Latest deliveries (up to {shown})</Trans>
      </h4>
      <ul aria-label={t`Deliveries`} className="grid gap-1">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="grid gap-0.5 rounded-md bg-muted/50 px-2 py-1.5 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={delivery.state === 'delivered' ? 'secondary' : delivery.state === 'failed' ? 'destructive' : 'outline'}>
                {stateText[delivery.state]}
              </Badge>
              <span className="font-mono">{delivery.event}</span>
              {delivery.statusCode !== null && <span className="text-muted-foreground">HTTP {delivery.statusCode}</span>}
              <span className="text-muted-foreground">
                <Plural value={delivery.attempts} one="# attempt" other="# attempts" /> · {when(delivery.attemptedAt ?? delivery.createdAt)}
              </span>
            </div>
            {delivery.error && <p className="text-xs break-words text-muted-foreground">{delivery.error}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewWebhookForm({ onMade }: { onMade: (hook: NewWebhook) => void }) {
  const create = useCreateWebhook();
  const ids = { url: useId(), events: useId() };
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const { t } = useLingui();
  const eventTexts = webhookEventTexts();
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((held) => held !== event)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : t`Enter an http:// or https:// address`,
      events: events.length > 0 ? undefined : t`Choose at least one event`,
    };
    setErrors(found);
    if (found.url || found.events) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          onMade(hook);
          setUrl('');
          setEvents([]);
          toast({ title: t`Webhook added`, description: t`Copy its secret now: it is shown only this once.` });
        },
        // The server's reason (a private address, a host not found) belongs under the URL.
        onError: (error) => setErrors({ url: errorMessage(error, t`The webhook could not be added. Please try again.`) }),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">
        <Trans>New webhook</Trans>
      </h3>
      <FormField id={ids.url} label={t`URL`} error={errors.url} hint={t`Your receiver's address, for example https://hooks.example.com/atelier`}>
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" className="h-11" value={url} onChange={(event) => setUrl(event.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${ids.events}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Events</Trans>
        </legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="flex min-h-11 items-start gap-2 text-sm sm:min-h-0">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" checked={events.includes(name)} onChange={(event) => toggle(name, event.target.checked)} />
            <span>
              <span className="font-mono">{name}</span>
              <span className="block text-muted-foreground">{eventTexts[name]}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id={`${ids.events}-error`} className="text-sm text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="min-h-11 justify-self-start" disabled={create.isPending}>
        {create.isPending ? t`Adding…` : t`Add webhook`}
      </Button>
    </form>
  );
}
