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
import { categoryLinksKey, useUpdateLink } from '#client/features/galleries/api/galleries.ts';
import { picksCsvUrl, useLinkPicks, useReopenPicks } from '#client/features/galleries/api/proofing.ts';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** A cap typed by the owner: blank is none; else a whole number from 1. */
export function parsePickCap(text: string): { cap: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { cap: null };
  if (!/^\d+$/.test(trimmed)) return { error: 'Pick limit must be a whole number' };
  const cap = Number(trimmed);
  if (cap < 1) return { error: 'Pick limit must be at least 1' };
  if (cap > GALLERY_PICK_CAP_MAX) return { error: `Pick limit must be at most ${GALLERY_PICK_CAP_MAX}` };
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
  return (
    <div className="grid gap-3">
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.proofing} checked={proofing} onCheckedChange={onProofingChange} />
        <Label htmlFor={ids.proofing}>Let the client pick photos (proofing)</Label>
      </div>
      {proofing && (
        <FormField id={ids.cap} label="Most picks (optional)" error={error} hint="Blank for no limit">
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
  const summary = link.proofing
    ? `Proofing · ${link.pickCount} picked${link.pickCap === null ? '' : ` of ${link.pickCap}`}${link.picksSubmittedAt ? ` · sent ${dayOf(link.picksSubmittedAt)}` : ''}`
    : 'Proofing off';
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-proofing={link.id}>
          {summary}
        </p>
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <Heart aria-hidden />
          {link.proofing ? 'Picks' : 'Proofing'}
          <span className="sr-only"> of {link.label}</span>
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
      { onSuccess: () => toast({ title: 'Proofing saved' }) },
    );
  };
  return (
    <form noValidate onSubmit={save} className="grid gap-3">
      <ProofingFields proofing={proofing} onProofingChange={setProofing} cap={cap} onCapChange={setCap} error={error} />
      <Button type="submit" variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save proofing'}
      </Button>
    </form>
  );
}

const EXPORT_CHOICES: Record<GalleryExportFilter, string> = { picks: 'Picks', approved: 'Approved photos', commented: 'Commented photos' };
const VERDICT_WORDS = { approved: 'approved', rejected: 'rejected', none: '' } as const;

function LinkPicks({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  // With comments on, the export may list the approved or the commented photos instead of the picks.
  const [only, setOnly] = useState<GalleryExportFilter>('picks');
  const picks = useLinkPicks(link.id, only);
  const reopen = useReopenPicks(link.id, categoryLinksKey(categoryId));
  const [shownFilter, setShownFilter] = useState<string | null>(null);
  if (picks.isPending) return <Spinner label="Loading the picks" />;
  if (picks.isError)
    return (
      <p role="alert" className="text-sm">
        The picks could not be loaded.
      </p>
    );
  const list = picks.data.picks;
  const copyNames = async () => {
    const text = pickFilterText(list.map(pickNameOf));
    const copied = await copyText(text);
    setShownFilter(text);
    toast(copied ? { title: 'File names copied', description: 'Paste them into the filter of your photo editor.' } : { title: 'Could not copy', description: 'Select the names below and copy them.', variant: 'destructive' });
  };
  return (
    <div className="grid gap-3">
      {link.comments && (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          Export
          <NativeSelect
            className="h-11 w-auto sm:h-9 sm:py-1"
            value={only}
            data-export-filter={link.id}
            onChange={(event) => {
              setOnly(event.target.value as GalleryExportFilter);
              setShownFilter(null);
            }}
          >
            {Object.entries(EXPORT_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </label>
      )}
      <p className="text-sm">
        {only !== 'picks'
          ? `${list.length} ${EXPORT_CHOICES[only].toLowerCase()}`
          : list.length === 0
            ? 'No picks yet.'
            : `${list.length} ${list.length === 1 ? 'pick' : 'picks'}`}
        {only === 'picks' && (picks.data.submittedAt ? ` · sent ${dayOf(picks.data.submittedAt)}, locked` : list.length > 0 ? ' · not sent yet' : '')}
      </p>
      {list.length > 0 && (
        <>
          {/* Focusable: a long list scrolls, and holds nothing else a keyboard could reach it by. */}
          <ul aria-label={`Picks of ${link.label}`} tabIndex={0} className="grid max-h-72 gap-1 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {list.map(({ photo, verdict, commentCount }) => (
              <li key={photo.id} className="flex items-center gap-3">
                <img src={thumbnailPath(photo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-cover" />
                <span className="min-w-0 flex-1 text-sm break-words">{photo.title}</span>
                {(verdict !== 'none' || commentCount > 0) && (
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {[VERDICT_WORDS[verdict], commentCount > 0 ? `${commentCount} ${commentCount === 1 ? 'comment' : 'comments'}` : ''].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void copyNames()}>
              <ClipboardCopy aria-hidden />
              Copy file names
            </Button>
            <Button variant="outline" className="min-h-11 sm:min-h-9" asChild>
              <a href={picksCsvUrl(link.id, only)} download>
                <Download aria-hidden />
                Download CSV
              </a>
            </Button>
          </div>
          {shownFilter !== null && (
            <label className="grid gap-1 text-xs text-muted-foreground">
              File-name filter (Lightroom: Library Filter, Text, Filename, Contains)
              <textarea readOnly data-pick-filter="" value={shownFilter} rows={2} className="rounded-md border bg-background p-2 font-mono text-xs text-foreground" onFocus={(event) => event.currentTarget.select()} />
            </label>
          )}
        </>
      )}
      {only === 'picks' && picks.data.submittedAt && (
        <Button variant="outline" className="min-h-11 justify-self-start sm:min-h-9" disabled={reopen.isPending} onClick={() => reopen.mutate(undefined, { onSuccess: () => toast({ title: 'Picks reopened', description: 'The client can change them and send them again.' }) })}>
          <LockOpen aria-hidden />
          Reopen picks
        </Button>
      )}
    </div>
  );
}
