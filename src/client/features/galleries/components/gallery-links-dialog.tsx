import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Copy, Link2, Trash2 } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import type { GalleryDownloads, GalleryLink, NewGalleryLink } from '#contract/galleries.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { formatDay } from '#client/lib/formats.ts';
import { useCategoryLinks, useCreateLink, useRevokeLink } from '#client/features/galleries/api/links.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { DownloadsField, LinkDownloads } from './link-downloads.tsx';
import { LinkProofing, parsePickCap, ProofingFields } from './link-proofing.tsx';
import { LinkInvitations, MailableField } from './link-invitations.tsx';
import { LinkReview, parseDownloadLimit, ReviewFields } from './link-review.tsx';
import { LinkActivity } from './link-activity.tsx';
import { LinkLanguageField } from './link-language.tsx';
import type { Language } from '#contract/languages.ts';

/** The end of the chosen day, in the owner's own time zone: a link "until 12 June" works all that day. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();
const dayOf = (iso: string) => formatDay(iso);

/** The category's links, one per recipient, made, copied and revoked here; opened from its card. */
export function GalleryLinksButton({ category }: { category: Category }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const { name } = category;
  return (
    <>
      <Button variant="ghost" className="h-11 shrink-0 sm:h-8" onClick={() => setOpen(true)}>
        <Link2 aria-hidden />
        <Trans>Links</Trans>
        <span className="sr-only">
          {' '}
          <Trans>to {name}</Trans>
        </span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>
              <Trans>Links to {name}</Trans>
            </DialogTitle>
            <DialogDescription>
              {category.visibility === 'private'
                ? t`This category is private: its links are paused and answer "not found" until you make it unlisted or public again.`
                : category.visibility === 'public'
                  ? t`One link per client: whoever holds it sees this category, which visitors see anyway.`
                  : t`One link per client: whoever holds it sees this category, even though it is unlisted.`}{' '}
              <Trans>Revoking a link ends it at once.</Trans>
            </DialogDescription>
          </DialogHeader>
          {open && <GalleryLinks category={category} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function GalleryLinks({ category }: { category: Category }) {
  const links = useCategoryLinks(category.id);
  // The address of the link just made: the server keeps only a hash of its token, so this is the one time it is shown.
  const [made, setMade] = useState<NewGalleryLink | null>(null);
  const { t } = useLingui();
  const { name } = category;
  return (
    <div className="grid gap-6">
      {made && <MadeLink link={made} onDone={() => setMade(null)} />}
      {links.isPending ? (
        <Spinner label={t`Loading the links`} />
      ) : links.isError ? (
        <p role="alert" className="text-sm">
          <Trans>The links could not be loaded.</Trans>
        </p>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No links yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Links to ${name}`} className="grid gap-2">
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} categoryId={category.id} />
          ))}
        </ul>
      )}
      <NewLinkForm categoryId={category.id} onMade={setMade} />
    </div>
  );
}

/** The new link's address, with its copy button, until the owner is done with it. */
function MadeLink({ link, onDone }: { link: NewGalleryLink; onDone: () => void }) {
  const url = new URL(link.path, window.location.origin).href;
  const { t } = useLingui();
  const { label } = link;
  const copy = async () => {
    const copied = await copyText(url);
    toast(copied ? { title: t`Link copied` } : { title: t`Could not copy the link`, description: url, variant: 'destructive' });
  };
  return (
    <section aria-label={t`New link for ${label}`} className="grid gap-2 rounded-md border border-primary p-3">
      <p className="text-sm">
        <Trans>
          Send this link to <strong className="break-words">{label}</strong> now: only you see it, and only this once. Later the list shows its
          last characters; a lost link is revoked and made again.
        </Trans>
      </p>
      <Input readOnly aria-label={t`Address of the link for ${label}`} className="h-11 font-mono" value={url} onFocus={(event) => event.target.select()} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void copy()}>
          <Copy aria-hidden />
          <Trans>Copy link</Trans>
          <span className="sr-only">
            {' '}
            <Trans>for {label}</Trans>
          </span>
        </Button>
        <Button variant="ghost" className="min-h-11 sm:min-h-9" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </section>
  );
}

function LinkRow({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const revoke = useRevokeLink(categoryId);
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  const { label, tokenEnd, pickCount } = link;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border p-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">{label}</p>
        <p className="text-xs text-muted-foreground">
          {link.hasPassword ? t`Password` : t`No password`} · {link.expiresAt ? t`until ${dayOf(link.expiresAt)}` : t`no expiry`}
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans>Link ending …{tokenEnd}</Trans>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 sm:size-9"
        aria-label={t`Revoke the link for ${label}`}
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t`Revoke this link?`}
        description={t`${label} can no longer open the gallery with it. Undo comes in the next few seconds; after that, a new link takes its place.`}
        details={
          pickCount > 0
            ? plural(pickCount, { one: 'The # pick made with it comes back with an Undo.', other: 'The # picks made with it come back with an Undo.' })
            : undefined
        }
        confirmLabel={t`Revoke`}
        pendingLabel={t`Revoking…`}
        pending={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(link.id, { onSettled: () => setConfirming(false) })}
      />
      <LinkDownloads link={link} categoryId={categoryId} />
      <LinkProofing link={link} categoryId={categoryId} />
      <LinkReview link={link} categoryId={categoryId} />
      <LinkActivity link={link} />
      <LinkInvitations link={link} categoryId={categoryId} />
    </li>
  );
}

function NewLinkForm({ categoryId, onMade }: { categoryId: number; onMade: (link: NewGalleryLink) => void }) {
  const create = useCreateLink(categoryId);
  const ids = { label: useId(), password: useId(), expiry: useId() };
  const [label, setLabel] = useState('');
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState('');
  const [proofing, setProofing] = useState(false);
  const [pickCap, setPickCap] = useState('');
  const [downloads, setDownloads] = useState<GalleryDownloads>('none');
  const [capError, setCapError] = useState<string | undefined>();
  const [comments, setComments] = useState(false);
  const [downloadLimit, setDownloadLimit] = useState('');
  const [mailable, setMailable] = useState(false);
  const [language, setLanguage] = useState<Language | null>(null);
  const [limitError, setLimitError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setError(t`Label is required`);
      return;
    }
    setError(undefined);
    const cap = parsePickCap(pickCap);
    setCapError('error' in cap && proofing ? cap.error : undefined);
    const limit = parseDownloadLimit(downloadLimit);
    setLimitError('error' in limit ? limit.error : undefined);
    if (('error' in cap && proofing) || 'error' in limit) return;
    create.mutate(
      {
        label,
        password: password || null,
        expiresAt: expiry ? endOfDay(expiry) : null,
        proofing,
        pickCap: proofing && 'cap' in cap ? cap.cap : null,
        downloads,
        comments,
        downloadLimit: limit.limit,
        mailable,
        language,
      },
      {
        onSuccess: (link) => {
          onMade(link);
          setLabel('');
          setPassword('');
          setExpiry('');
          setProofing(false);
          setPickCap('');
          setDownloads('none');
          setComments(false);
          setDownloadLimit('');
          setMailable(false);
          setLanguage(null);
          toast({ title: t`Link made`, description: t`Copy it now: it is shown only this once.` });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">
        <Trans>New link</Trans>
      </h3>
      <FormField id={ids.label} label={t`Who it is for`} error={error} hint={t`For example "Smith wedding, parents"`}>
        {(control) => <Input {...control} className="h-11" value={label} onChange={(event) => setLabel(event.target.value)} />}
      </FormField>
      <FormField
        id={ids.password}
        label={t`Password (optional)`}
        hint={t`Wrong guesses from others pause new tries on the link for 15 minutes; a browser that gave the password before still gets in.`}
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="new-password" className="h-11" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </FormField>
      <FormField id={ids.expiry} label={t`Works until (optional)`}>
        {(control) => <Input {...control} type="date" className="h-11" value={expiry} onChange={(event) => setExpiry(event.target.value)} />}
      </FormField>
      <DownloadsField value={downloads} onChange={setDownloads} />
      <ProofingFields proofing={proofing} onProofingChange={setProofing} cap={pickCap} onCapChange={setPickCap} error={capError} />
      <ReviewFields comments={comments} onCommentsChange={setComments} limit={downloadLimit} onLimitChange={setDownloadLimit} error={limitError} />
      <MailableField mailable={mailable} onChange={setMailable} />
      <LinkLanguageField value={language} onChange={setLanguage} />
      <Button type="submit" className="min-h-11 justify-self-start" disabled={create.isPending}>
        {create.isPending ? t`Making…` : t`Make link`}
      </Button>
    </form>
  );
}
