import { useId, useState, type FormEvent } from 'react';
import { Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_EVENT_TEXTS,
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

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Webhooks: URLs the site calls, signed, when a photo is uploaded or deleted, a client opens a
 * gallery or sends picks. Registered with their events, the secret shown once, listed with their
 * delivery logs and a test. Loaded with the Account panel, beside the API tokens.
 */
export default function WebhooksPanel() {
  const hooks = useWebhooks();
  const [made, setMade] = useState<NewWebhook | null>(null);
  return (
    <PanelCard
      headingId="webhooks-heading"
      title="Webhooks"
      description="Let your tools hear what happens here: each URL gets a POST, signed with its secret, for the events it asks for."
      contentClassName="grid gap-4"
    >
      {made && <MadeWebhook hook={made} onDone={() => setMade(null)} />}
      <QueryList query={hooks} label="Webhooks" failedText="The webhooks could not be loaded." emptyText="No webhooks yet.">
        {(hook) => <WebhookRow key={hook.id} hook={hook} />}
      </QueryList>
      <NewWebhookForm onMade={setMade} />
    </PanelCard>
  );
}

/** The new hook's secret until the owner is done with it: it is never shown again. */
function MadeWebhook({ hook, onDone }: { hook: NewWebhook; onDone: () => void }) {
  return (
    <ShownOnce label="New webhook's secret" inputLabel="Signing secret" noun="secret" value={hook.secret} onDone={onDone}>
      Copy the signing secret for <strong className="break-all">{hook.url}</strong> now: it is shown only this once. Your receiver checks each
      delivery's <span className="font-mono">X-Atelier-Signature</span> with it.
    </ShownOnce>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const remove = useDeleteWebhook();
  const ping = usePingWebhook(hook.id);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  return (
    <li className="grid gap-2 rounded-md border p-2">
      <div className="flex flex-wrap items-start gap-2">
        <WebhookIcon aria-hidden className="mt-1 size-4 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="font-medium break-all">{hook.url}</p>
          <p className="text-xs break-words text-muted-foreground">{hook.events.join(', ')}</p>
          <p className="text-xs text-muted-foreground">
            Secret ending …{hook.secretEnd} · added {when(hook.createdAt)}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 sm:size-9"
          aria-label={`Delete the webhook ${hook.url}`}
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="min-h-11 sm:min-h-9" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
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
          {ping.isPending ? 'Sending…' : 'Send test'}
        </Button>
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog && <DeliveryLog hookId={hook.id} />}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this webhook?"
        description={`${hook.url} gets no more deliveries, not even those waiting to be tried again, and its log goes with it.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(hook.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

const STATE_TEXT: Record<WebhookDelivery['state'], string> = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' };

function DeliveryLog({ hookId }: { hookId: number }) {
  const deliveries = useWebhookDeliveries(hookId);
  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm">
        The deliveries could not be loaded.
      </p>
    );
  }
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing sent yet.</p>;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">Latest deliveries (up to {WEBHOOK_DELIVERIES_SHOWN})</h4>
      <ul aria-label="Deliveries" className="grid gap-1">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="grid gap-0.5 rounded-md bg-muted/50 px-2 py-1.5 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={delivery.state === 'delivered' ? 'secondary' : delivery.state === 'failed' ? 'destructive' : 'outline'}>
                {STATE_TEXT[delivery.state]}
              </Badge>
              <span className="font-mono">{delivery.event}</span>
              {delivery.statusCode !== null && <span className="text-muted-foreground">HTTP {delivery.statusCode}</span>}
              <span className="text-muted-foreground">
                {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`} · {when(delivery.attemptedAt ?? delivery.createdAt)}
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
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((held) => held !== event)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : 'Enter an http:// or https:// address',
      events: events.length > 0 ? undefined : 'Choose at least one event',
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
          toast({ title: 'Webhook added', description: 'Copy its secret now: it is shown only this once.' });
        },
        // The server's reason (a private address, a host not found) belongs under the URL.
        onError: (error) => setErrors({ url: errorMessage(error, 'The webhook could not be added. Please try again.') }),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">New webhook</h3>
      <FormField id={ids.url} label="URL" error={errors.url} hint="Your receiver's address, for example https://hooks.example.com/atelier">
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" className="h-11" value={url} onChange={(event) => setUrl(event.target.value)} />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${ids.events}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="flex min-h-11 items-start gap-2 text-sm sm:min-h-0">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" checked={events.includes(name)} onChange={(event) => toggle(name, event.target.checked)} />
            <span>
              <span className="font-mono">{name}</span>
              <span className="block text-muted-foreground">{WEBHOOK_EVENT_TEXTS[name]}</span>
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
        {create.isPending ? 'Adding…' : 'Add webhook'}
      </Button>
    </form>
  );
}
