import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Download } from 'lucide-react';
import type { GalleryDownloads, GalleryLink } from '#contract/galleries.ts';
import { FormField } from '#client/components/form-field.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useUpdateLink } from '#client/features/galleries/api/links.ts';

/**
 * The owner's choice of what a link's holder may download: in a new link's form and in each
 * link's row. The holder's side of downloads is `gallery-downloads.tsx`.
 */

/** The owner's words for each policy, read while drawing. */
const downloadChoices = (): Record<GalleryDownloads, string> => ({
  none: t`No downloads`,
  display: t`Display copies`,
  originals: t`Originals, no location`,
});

const hintOf = (policy: GalleryDownloads) =>
  policy === 'originals'
    ? t`The files as you uploaded them, without GPS or place names.`
    : policy === 'display'
      ? t`The copies the gallery shows, one at a time or all as a ZIP.`
      : t`The client can look but not download.`;

function DownloadOptions() {
  return Object.entries(downloadChoices()).map(([policy, label]) => (
    <option key={policy} value={policy}>
      {label}
    </option>
  ));
}

/** The policy of a new link, in its form. */
export function DownloadsField({ value, onChange }: { value: GalleryDownloads; onChange: (policy: GalleryDownloads) => void }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <FormField id={id} label={t`Downloads`} hint={hintOf(value)}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(event) => onChange(event.target.value as GalleryDownloads)}>
          <DownloadOptions />
        </NativeSelect>
      )}
    </FormField>
  );
}

/** A link's policy in its row of the links dialog, changed in place. */
export function LinkDownloads({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const update = useUpdateLink(categoryId);
  const { t } = useLingui();
  const label = link.label;
  return (
    <label className="flex w-full flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Download className="size-4" aria-hidden />
      <span>
        <Trans>
          Downloads<span className="sr-only"> for {label}</span>
        </Trans>
      </span>
      {/* Beside its word while its choice fits there, else on a line of its own (a French or Spanish choice on a phone). */}
      <NativeSelect
        className="h-11 w-auto min-w-0 flex-auto sm:h-9 sm:flex-none sm:py-1"
        value={link.downloads}
        disabled={update.isPending}
        data-link-downloads={link.id}
        onChange={(event) => {
          const choice = downloadChoices()[event.target.value as GalleryDownloads];
          update.mutate(
            { id: link.id, changes: { downloads: event.target.value as GalleryDownloads } },
            { onSuccess: () => toast({ title: t`Downloads changed`, description: `${label}: ${choice}` }) },
          );
        }}
      >
        <DownloadOptions />
      </NativeSelect>
    </label>
  );
}
