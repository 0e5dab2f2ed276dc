import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { ClipboardCopy, Download, Heart, LockOpen } from 'lucide-react';
import { GALLERY_PICK_CAP_MAX, pickFilterText, pickNameOf, type GalleryExportFilter, type GalleryLink } from '#contract/galleries.ts';
import { thumbnailPath } from '#contract/image-urls.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { categoryLinksKey, picksCsvUrl, useLinkPicks, useReopenPicks, useUpdateLink } from '#client/features/galleries/api/links.ts';

import { formatDay as dayOf } from '#client/lib/formats.ts';

/** A cap typed by the owner: blank is none; else a whole number from 1. */
export function parsePickCap(text: string): { cap: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { cap: null };
  if (!/^\d+$/.test(trimmed)) return { error: t`Pick limit must be a whole number` };
  const cap = Number(trimmed);
  if (cap < 1) return { error: t`Pick limit must be at least 1` };
  if (cap > GALLERY_PICK_CAP_MAX) return { error: t`Pick limit must be at most ${GALLERY_PICK_CAP_MAX}` };
  return { cap };
}

/** The proofing fields of a link's form: on or off, and an optional cap. */
export function ProofingFields({
  proofing,
  onProofingChange,
  cap,
  onCapChange,
  error,
}: {
  proofing: boolean;
  onProofingChange: (on: boolean) => void;
  cap: string;
  onCapChange: (cap: string) => void;
  error?: string;
}) {
  const ids = { proofing: useId(), cap: useId() };
  const { t } = useLingui();
  return (
    <div className="grid gap-3">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.proofing} checked={proofing} onCheckedChange={onProofingChange} />
        <Label htmlFor={ids.proofing}>
          <Trans>Let the client pick photos (proofing)</Trans>
        </Label>
      </div>
      {proofing && (
        <FormField id={ids.cap} label={t`Most picks (optional)`} error={error} hint={t`Blank for no limit`}>
          {(control) => (
            <Input {...control} inputMode="numeric" className="h-11 w-32" value={cap} onChange={(event) => onCapChange(event.target.value)} />
          )}
        </FormField>
      )}
    </div>
  );
}

/** A link's proofing in the links dialog: its state, its settings, and its picks with their export. */
export function LinkProofing({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { t } = useLingui();
  const { label, pickCount, pickCap } = link;
  const picked = pickCap === null ? t`Proofing · ${pickCount} picked` : t`Proofing · ${pickCount} picked of ${pickCap}`;
  const sent = link.picksSubmittedAt ? ` · ${t`sent ${dayOf(link.picksSubmittedAt)}`}` : '';
  const summary = link.proofing ? `${picked}${sent}` : t`Proofing off`;
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-proofing={link.id}>
          {summary}
        </p>
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <Heart aria-hidden />
          {link.proofing ? t`Picks` : t`Proofing`}
          <span className="sr-only">
            {' '}
            <Trans>of {label}</Trans>
          </span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="grid gap-4 rounded-md bg-muted/50 p-3">
          {link.proofing && <LinkPicks link={link} categoryId={categoryId} />}
          <ProofingSettings link={link} categoryId={categoryId} />
        </div>
      )}
    </div>
  );
}

function ProofingSettings({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const update = useUpdateLink(categoryId);
  const [proofing, setProofing] = useState(link.proofing);
  const [cap, setCap] = useState(link.pickCap === null ? '' : String(link.pickCap));
  const [error, setError] = useState<string | undefined>();
  const { t } = useLingui();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePickCap(cap);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    update.mutate(
      { id: link.id, changes: { proofing, ...(proofing ? { pickCap: parsed.cap } : {}) } },
      { onSuccess: () => toast({ title: t`Proofing saved` }) },
    );
  };
  return (
    <form noValidate onSubmit={save} className="grid gap-3">
      <ProofingFields proofing={proofing} onProofingChange={setProofing} cap={cap} onCapChange={setCap} error={error} />
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={update.isPending}>
        {update.isPending ? t`Saving…` : t`Save proofing`}
      </Button>
    </form>
  );
}

const exportChoices = (): Record<GalleryExportFilter, string> => ({ picks: t`Picks`, approved: t`Approved photos`, commented: t`Commented photos` });
const verdictWords = () => ({ approved: t`approved`, rejected: t`rejected`, none: '' }) as const;

function LinkPicks({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  // With comments on, the export may list the approved or the commented photos instead of the picks.
  const [only, setOnly] = useState<GalleryExportFilter>('picks');
  const picks = useLinkPicks(link.id, only);
  const reopen = useReopenPicks(link.id, categoryLinksKey(categoryId));
  const [shownFilter, setShownFilter] = useState<string | null>(null);
  const { t } = useLingui();
  const { label } = link;
  if (picks.isPending) return <Spinner label={t`Loading the picks`} />;
  if (picks.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The picks could not be loaded.</Trans>
      </p>
    );
  const list = picks.data.picks;
  const count = list.length;
  const verdicts = verdictWords();
  const counted = {
    picks: count === 0 ? t`No picks yet.` : plural(count, { one: '# pick', other: '# picks' }),
    approved: plural(count, { one: '# approved photo', other: '# approved photos' }),
    commented: plural(count, { one: '# commented photo', other: '# commented photos' }),
  }[only];
  const submittedAt = picks.data.submittedAt;
  const state = only !== 'picks' ? '' : submittedAt ? ` · ${t`sent ${dayOf(submittedAt)}, locked`}` : count > 0 ? ` · ${t`not sent yet`}` : '';
  const copyNames = async () => {
    const text = pickFilterText(list.map(pickNameOf));
    const copied = await copyText(text);
    setShownFilter(text);
    toast(
      copied
        ? { title: t`File names copied`, description: t`Paste them into the filter of your photo editor.` }
        : { title: t`Could not copy`, description: t`Select the names below and copy them.`, variant: 'destructive' },
    );
  };
  return (
    <div className="grid gap-3">
      {link.comments && (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>Export</Trans>
          <NativeSelect
            className="h-11 w-auto sm:h-9 sm:py-1"
            value={only}
            data-export-filter={link.id}
            onChange={(event) => {
              setOnly(event.target.value as GalleryExportFilter);
              setShownFilter(null);
            }}
          >
            {Object.entries(exportChoices()).map(([value, choice]) => (
              <option key={value} value={value}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        </label>
      )}
      <p className="text-sm">
        {counted}
        {state}
      </p>
      {list.length > 0 && (
        <>
          {/* Focusable: a long list scrolls, and holds nothing else a keyboard could reach it by. */}
          <ul aria-label={t`Picks of ${label}`} tabIndex={0} className="grid max-h-72 gap-1 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {list.map(({ photo, verdict, commentCount }) => (
              <li key={photo.id} className="flex items-center gap-3">
                <img src={thumbnailPath(photo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
                <span className="min-w-0 flex-1 text-sm break-words">{photo.title}</span>
                {(verdict !== 'none' || commentCount > 0) && (
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {verdicts[verdict]}
                    {verdict !== 'none' && commentCount > 0 && ' · '}
                    {commentCount > 0 && <Plural value={commentCount} one="# comment" other="# comments" />}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void copyNames()}>
              <ClipboardCopy aria-hidden />
              <Trans>Copy file names</Trans>
            </Button>
            <Button variant="outline" className="min-h-11 sm:min-h-9" asChild>
              <a href={picksCsvUrl(link.id, only)} download>
                <Download aria-hidden />
                <Trans>Download CSV</Trans>
              </a>
            </Button>
          </div>
          {shownFilter !== null && (
            <label className="grid gap-1 text-xs text-muted-foreground">
              <Trans>File-name filter (Lightroom: Library Filter, Text, Filename, Contains)</Trans>
              <textarea readOnly data-pick-filter="" value={shownFilter} rows={2} className="rounded-md border bg-background p-2 font-mono text-xs text-foreground" onFocus={(event) => event.currentTarget.select()} />
            </label>
          )}
        </>
      )}
      {only === 'picks' && picks.data.submittedAt && (
        <Button variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={reopen.isPending} onClick={() => reopen.mutate(undefined, { onSuccess: () => toast({ title: t`Picks reopened`, description: t`The client can change them and send them again.` }) })}>
          <LockOpen aria-hidden />
          <Trans>Reopen picks</Trans>
        </Button>
      )}
    </div>
  );
}
