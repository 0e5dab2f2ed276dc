import { useId, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { Gallery, GalleryDownloads, GalleryLink } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { galleryDownloadUrl, photoDownloadUrl } from '#client/features/galleries/api/downloads.ts';
import { useUpdateLink } from '#client/features/galleries/api/galleries.ts';

/** The owner's words for each policy. */
export const DOWNLOAD_CHOICES: Record<GalleryDownloads, string> = {
  none: 'No downloads',
  display: 'Display copies',
  originals: 'Originals, no location',
};

const hintOf = (policy: GalleryDownloads) =>
  policy === 'originals'
    ? 'The files as you uploaded them, without GPS or place names.'
    : policy === 'display'
      ? 'The copies the gallery shows, one at a time or all as a ZIP.'
      : 'The client can look but not download.';

/** The policy of a new link, in its form. */
export function DownloadsField({ value, onChange }: { value: GalleryDownloads; onChange: (policy: GalleryDownloads) => void }) {
  const id = useId();
  return (
    <FormField id={id} label="Downloads" hint={hintOf(value)}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(event) => onChange(event.target.value as GalleryDownloads)}>
          {Object.entries(DOWNLOAD_CHOICES).map(([policy, label]) => (
            <option key={policy} value={policy}>
              {label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** A link's policy in its row of the links dialog, changed in place. */
export function LinkDownloads({ link, categoryId }: { link: GalleryLink; categoryId: number }) {
  const update = useUpdateLink(categoryId);
  return (
    <label className="flex w-full flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Download className="size-4" aria-hidden />
      <span>
        Downloads<span className="sr-only"> for {link.label}</span>
      </span>
      <NativeSelect
        className="h-11 w-auto flex-1 sm:h-9 sm:flex-none sm:py-1"
        value={link.downloads}
        disabled={update.isPending}
        data-link-downloads={link.id}
        onChange={(event) =>
          update.mutate(
            { id: link.id, changes: { downloads: event.target.value as GalleryDownloads } },
            { onSuccess: () => toast({ title: 'Downloads changed', description: `${link.label}: ${DOWNLOAD_CHOICES[event.target.value as GalleryDownloads]}` }) },
          )
        }
      >
        {Object.entries(DOWNLOAD_CHOICES).map(([policy, label]) => (
          <option key={policy} value={policy}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/** "Download all": the gallery as one ZIP; nothing when the link allows no downloads. */
export function DownloadAllButton({ gallery, token }: { gallery: Gallery; token: string }) {
  if (gallery.downloads === 'none' || gallery.photos.length === 0) return null;
  return (
    <Button asChild variant="outline" className="min-h-11 justify-self-start sm:min-h-9">
      <a href={galleryDownloadUrl(token)} download data-download-all="">
        <Download aria-hidden />
        Download all
        <span className="text-muted-foreground">
          ({gallery.photos.length} {gallery.photos.length === 1 ? 'photo' : 'photos'}
          {gallery.downloads === 'originals' ? ', originals' : ''}, ZIP)
        </span>
      </a>
    </Button>
  );
}

/** The viewer's Download for the photo on screen; null when the link allows none. */
export function photoDownloadAction(gallery: Gallery, token: string): ((photo: Photo, className: string) => ReactNode) | null {
  if (gallery.downloads === 'none') return null;
  return (photo, className) => (
    <a key="download" href={photoDownloadUrl(token, photo.id)} download className={className} data-download-photo={photo.id}>
      <Download aria-hidden />
      Download
      <span className="sr-only"> {labelOf(photo)}</span>
    </a>
  );
}
