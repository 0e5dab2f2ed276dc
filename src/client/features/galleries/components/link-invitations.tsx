import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Mail, RotateCw } from 'lucide-react';
import {
  GALLERY_INVITATION_BATCH_MAX,
  GALLERY_INVITATION_MESSAGE_MAX,
  GALLERY_REMINDER_DAYS_MAX,
  type GalleryInvitation,
  type GalleryLink,
} from '#contract/galleries.ts';
import { thumbnailPath } from '#contract/image-urls.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { formatDateTime, formatDay } from '#client/lib/formats.ts';
import { useUpdateLink } from '#client/features/galleries/api/links.ts';
import {
  useCategoryPhotoChoices,
  useInvitations,
  useInvitationTemplate,
  useInvite,
  useResendInvitation,
  useSaveInvitationTemplate,
} from '#client/features/galleries/api/invitations.ts';

const timeOf = (iso: string) => formatDateTime(iso);
const dayOf = (iso: string) => formatDay(iso);
/** A date input's value for an ISO time, in the owner's own time zone. */
const dateInputOf = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
/** The start of the chosen day, in the owner's time zone: a gallery "opens on 12 June" from that morning. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();

/** Addresses typed one per line or separated by commas. */
const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** Days typed by the owner for a reminder (`what`): blank is off; else a whole number from 1. */
function parseDays(text: string, what: 'expiry' | 'picks'): { days: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { days: null };
  const max = GALLERY_REMINDER_DAYS_MAX;
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) {
    return { error: what === 'expiry' ? t`Expiry reminder must be a whole number of days, at least 1` : t`Picks reminder must be a whole number of days, at least 1` };
  }
  if (Number(trimmed) > max) {
    return { error: what === 'expiry' ? t`Expiry reminder must be at most ${max} days` : t`Picks reminder must be at most ${max} days` };
  }
  return { days: Number(trimmed) };
}

/** The new link's choice to be sent by mail: the server then keeps its address, not only its hash. */
export function MailableField({ mailable, onChange }: { mailable: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={id} checked={mailable} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
        <Label htmlFor={id}>
          <Trans>Send it by mail from here</Trans>
        </Label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        <Trans>
          Invitations, reminders and the sneak peek's opening mail need the site to keep the link's address. Off, it keeps only a hash and
          shows the address this once.
        </Trans>
      </p>
    </div>
  );
}

/** A link's invitations by mail, its reminders and its sneak peek, in the links dialog. */
export function LinkInvitations({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { t } = useLingui();
  const { label, invitationCount } = link;
  const previewCount = link.previewPhotoIds.length;
  const invited = invitationCount === 0 ? t`Not sent by mail` : t`Sent to ${invitationCount} by mail`;
  const peek = link.releaseAt && new Date(link.releaseAt) > new Date() ? ` · ${t`Sneak peek of ${previewCount} until ${dayOf(link.releaseAt)}`}` : '';
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-invitations={link.id}>
          {invited}
          {peek}
        </p>
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <Mail aria-hidden />
          <Trans>Invite</Trans>
          <span className="sr-only">
            {' '}
            <Trans>for {label}</Trans>
          </span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="grid gap-5 rounded-md bg-muted/50 p-3">
          {link.mailable ? (
            <>
              <InviteForm link={link} categoryId={categoryId} />
              <Recipients link={link} />
            </>
          ) : (
            <p className="text-sm">
              <Trans>The site keeps no address of this link to mail: make a new link with "Send it by mail from here" on.</Trans>
            </p>
          )}
          <DeliverySettings link={link} categoryId={categoryId} />
          <InvitationText />
        </div>
      )}
    </div>
  );
}

function InviteForm({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const send = useInvite(link.id, categoryId);
  const ids = { emails: useId(), message: useId(), include: useId(), password: useId() };
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [includePassword, setIncludePassword] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  const { label } = link;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = addressesOf(emails);
    if (list.length === 0) return setError(t`Valid email is required`);
    if (list.length > GALLERY_INVITATION_BATCH_MAX) return setError(t`At most ${GALLERY_INVITATION_BATCH_MAX} recipients at once`);
    const wrong = list.find((address) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address));
    if (wrong) return setError(t`Not an email address: ${wrong}`);
    setError(undefined);
    send.mutate(
      { emails: list, message: message.trim() || undefined, includePassword, password: includePassword ? password : undefined },
      {
        onSuccess: (rows) => {
          setEmails('');
          setMessage('');
          setIncludePassword(false);
          setPassword('');
          toast({ title: plural(rows.length, { one: 'Invitation sent', other: '# invitations sent' }), description: link.label });
        },
        onError: (failure) => setError(errorMessage(failure, t`The invitation could not be sent`)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label={t`Send the link for ${label} by mail`}>
      <h4 className="text-sm font-semibold">
        <Trans>Send by mail</Trans>
      </h4>
      <FormField id={ids.emails} label={t`Email addresses`} error={error} hint={t`One address per line, or separated by commas.`}>
        {(control) => <Textarea {...control} rows={2} autoComplete="off" value={emails} onChange={(event) => setEmails(event.target.value)} />}
      </FormField>
      <FormField id={ids.message} label={t`Personal message (optional)`}>
        {(control) => (
          <Textarea {...control} rows={3} maxLength={GALLERY_INVITATION_MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} />
        )}
      </FormField>
      {link.hasPassword && (
        <>
          <div className="flex min-h-11 items-center gap-3">
            <input
              id={ids.include}
              type="checkbox"
              className="size-5 accent-primary"
              checked={includePassword}
              onChange={(event) => setIncludePassword(event.target.checked)}
            />
            <Label htmlFor={ids.include}>
              <Trans>Put the password in this mail</Trans>
            </Label>
          </div>
          {includePassword && (
            <FormField id={ids.password} label={t`The link's password`} hint={t`The site keeps only a hash of it: type it for this mail.`}>
              {(control) => (
                <Input {...control} type="password" autoComplete="off" className="h-11" value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
            </FormField>
          )}
        </>
      )}
      <Button type="submit" className="min-h-11 justify-self-start" disabled={send.isPending}>
        {send.isPending ? t`Sending…` : t`Send invitation`}
      </Button>
    </form>
  );
}

const stateTexts = (): Record<GalleryInvitation['state'], string> => ({
  sending: t`Sending…`,
  sent: t`Sent`,
  outbox: t`In the outbox (no mail server set)`,
  failed: t`Failed`,
});

function Recipients({ link }: { link: GalleryLink }) {
  const rows = useInvitations(link.id);
  const resend = useResendInvitation(link.id);
  const { t } = useLingui();
  const { label } = link;
  if (rows.isPending) return <Spinner label={t`Loading the recipients`} />;
  if (rows.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The recipients could not be loaded.</Trans>
      </p>
    );
  if (rows.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Not sent to anyone yet.</Trans>
      </p>
    );
  const states = stateTexts();
  return (
    <ul aria-label={t`Recipients of ${label}`} className="grid gap-2">
      {rows.data.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-2 rounded-md border bg-background p-2" data-invitation-state={row.state}>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="text-sm font-medium break-all">{row.email}</p>
            <p className={`text-xs ${row.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}`}>
              {states[row.state]}
              {row.state === 'failed' && row.error ? `: ${row.error}` : ''}
              {row.sentAt && row.state !== 'failed' ? ` · ${timeOf(row.sentAt)}` : ''}
              {row.sends > 1 ? ` · ${plural(row.sends, { other: 'sent # times' })}` : ''}
              {row.remindedAt ? ` · ${t`reminded`}` : ''}
            </p>
          </div>
          <Button
            variant="outline"
            className="min-h-11 sm:min-h-9"
            disabled={resend.isPending || row.state === 'sending'}
            onClick={() => resend.mutate({ id: row.id, request: {} }, { onSuccess: () => toast({ title: t`Sent again`, description: row.email }) })}
          >
            <RotateCw aria-hidden />
            <Trans>Resend</Trans>
            <span className="sr-only"> {t`to ${row.email}`}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The reminders and the sneak peek of a link. */
function DeliverySettings({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const update = useUpdateLink(categoryId);
  const ids = { expiry: useId(), expiryDays: useId(), picks: useId(), picksDays: useId(), release: useId() };
  const [expiryOn, setExpiryOn] = useState(link.expiryReminderDays !== null);
  const [expiryDays, setExpiryDays] = useState(String(link.expiryReminderDays ?? 3));
  const [picksOn, setPicksOn] = useState(link.picksReminderDays !== null);
  const [picksDays, setPicksDays] = useState(String(link.picksReminderDays ?? 7));
  const [release, setRelease] = useState(dateInputOf(link.releaseAt));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(link.previewPhotoIds));
  const [errors, setErrors] = useState<{ expiry?: string | undefined; picks?: string | undefined; release?: string | undefined }>({});
  const photos = useCategoryPhotoChoices(categoryId, release !== '');
  const { t } = useLingui();
  const { label } = link;
  const chosenCount = chosen.size;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const expiry = expiryOn ? parseDays(expiryDays, 'expiry') : { days: null };
    const picks = picksOn ? parseDays(picksDays, 'picks') : { days: null };
    const next = {
      expiry: 'error' in expiry ? expiry.error : expiryOn && expiry.days === null ? t`Give the days, or turn the reminder off` : undefined,
      picks: 'error' in picks ? picks.error : picksOn && picks.days === null ? t`Give the days, or turn the reminder off` : undefined,
      release: release && chosen.size === 0 ? t`Choose at least one photo for the sneak peek` : undefined,
    };
    setErrors(next);
    if (next.expiry || next.picks || next.release || 'error' in expiry || 'error' in picks) return;
    update.mutate(
      {
        id: link.id,
        changes: {
          expiryReminderDays: expiry.days,
          picksReminderDays: picks.days,
          releaseAt: release ? startOfDay(release) : null,
          previewPhotoIds: release ? [...chosen] : [],
        },
      },
      { onSuccess: () => toast({ title: t`Saved`, description: link.label }) },
    );
  };
  const toggle = (photoId: number) => {
    const next = new Set(chosen);
    if (next.has(photoId)) next.delete(photoId);
    else next.add(photoId);
    setChosen(next);
  };
  return (
    <form noValidate onSubmit={save} className="grid gap-3 border-t pt-4" aria-label={t`Reminders and sneak peek of ${label}`}>
      <h4 className="text-sm font-semibold">
        <Trans>Reminders</Trans>
      </h4>
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.expiry} checked={expiryOn} onCheckedChange={setExpiryOn} />
        <Label htmlFor={ids.expiry}>
          <Trans>Remind the invited before the link expires</Trans>
        </Label>
      </div>
      {expiryOn && (
        <FormField id={ids.expiryDays} label={t`Days before the expiry`} error={errors.expiry} hint={link.expiresAt ? undefined : t`The link has no expiry yet: nothing is sent until it has one.`}>
          {(control) => <Input {...control} inputMode="numeric" className="h-11 w-24" value={expiryDays} onChange={(event) => setExpiryDays(event.target.value)} />}
        </FormField>
      )}
      {link.proofing && (
        <>
          <div className="flex min-h-11 items-center gap-3">
            <Switch id={ids.picks} checked={picksOn} onCheckedChange={setPicksOn} />
            <Label htmlFor={ids.picks}>
              <Trans>Remind them of picks started and not sent</Trans>
            </Label>
          </div>
          {picksOn && (
            <FormField id={ids.picksDays} label={t`Days after the first pick`} error={errors.picks}>
              {(control) => <Input {...control} inputMode="numeric" className="h-11 w-24" value={picksDays} onChange={(event) => setPicksDays(event.target.value)} />}
            </FormField>
          )}
        </>
      )}
      <h4 className="pt-2 text-sm font-semibold">
        <Trans>Sneak peek</Trans>
      </h4>
      <FormField
        id={ids.release}
        label={t`Whole gallery opens on (optional)`}
        error={errors.release}
        hint={t`Until then the link shows only the photos chosen below; the invited get a mail when it opens.`}
      >
        {(control) => <Input {...control} type="date" className="h-11 w-48" value={release} onChange={(event) => setRelease(event.target.value)} />}
      </FormField>
      {release !== '' &&
        (photos.isPending ? (
          <Spinner label={t`Loading the photos`} />
        ) : photos.isError ? (
          <p role="alert" className="text-sm">
            <Trans>The photos could not be loaded.</Trans>
          </p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm">
              <SneakPeekCount chosen={chosenCount} total={photos.data.length} />
            </legend>
            <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {photos.data.map((photo) => (
                <li key={photo.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-1 hover:bg-muted">
                    <input type="checkbox" className="size-5 shrink-0 accent-primary" checked={chosen.has(photo.id)} onChange={() => toggle(photo.id)} />
                    <img src={thumbnailPath(photo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
                    <span className="min-w-0 truncate text-sm">{photo.title || t`Photo ${photo.id}`}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={update.isPending}>
        {update.isPending ? t`Saving…` : t`Save reminders and sneak peek`}
      </Button>
    </form>
  );
}

function SneakPeekCount({ chosen, total }: { chosen: number; total: number }) {
  return <Trans>Photos in the sneak peek ({chosen} of {total})</Trans>;
}

/** The invitation's subject and text, the owner's for every link, behind a disclosure. */
function InvitationText() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2 border-t pt-4">
      <Button variant="ghost" className="min-h-11 justify-self-start sm:min-h-9" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        <Trans>Edit the invitation text</Trans>
      </Button>
      {open && <InvitationTextForm id={panelId} />}
    </div>
  );
}

function InvitationTextForm({ id }: { id: string }) {
  const template = useInvitationTemplate(true);
  const { t } = useLingui();
  if (template.isPending) return <Spinner label={t`Loading the invitation`} />;
  if (template.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The invitation could not be loaded.</Trans>
      </p>
    );
  return <InvitationTextFields id={id} subject={template.data.subject} text={template.data.text} />;
}

function InvitationTextFields({ id, subject: initialSubject, text: initialText }: { id: string; subject: string; text: string }) {
  const save = useSaveInvitationTemplate();
  const ids = { subject: useId(), text: useId() };
  const [subject, setSubject] = useState(initialSubject);
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  // The template's own placeholders, given as values: a text in braces would be one of the catalog's.
  const [client, gallery, link, expiry, message, site] = ['{client}', '{gallery}', '{link}', '{expiry}', '{message}', '{site}'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && !text.includes('{link}')) return setError(t`Text must hold ${link}, or the mail would not carry the gallery`);
    setError(undefined);
    save.mutate({ subject, text }, { onSuccess: () => toast({ title: t`Invitation saved`, description: t`Every link sends it from now on.` }) });
  };
  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-3">
      <p className="text-xs text-muted-foreground">
        <Trans>
          For every link. Placeholders: {client} (the link's label), {gallery}, {link}, {expiry}, {message} (your personal message), {site}. Blank
          goes back to the default.
        </Trans>
      </p>
      <FormField id={ids.subject} label={t`Subject`}>
        {(control) => <Input {...control} className="h-11" value={subject} onChange={(event) => setSubject(event.target.value)} />}
      </FormField>
      <FormField id={ids.text} label={t`Text`} error={error}>
        {(control) => <Textarea {...control} rows={8} value={text} onChange={(event) => setText(event.target.value)} />}
      </FormField>
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save the invitation`}
      </Button>
    </form>
  );
}
