import { useState, type MouseEvent, type ReactNode } from 'react';
import { errorText } from '#contract/error-codes.ts';
import { Download } from 'lucide-react';
import type { Gallery } from '#contract/galleries.ts';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { galleryDownloadUrl, photoDownloadUrl } from '#client/features/galleries/api/downloads.ts';
import { i18n } from '#client/lib/i18n.ts';
import { downloadAllSize, downloadLabel, downloadsLeftText, GALLERY_ERROR_TEXTS, GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';

/** What the holder is told when the link's downloads are used up: the server's own words for its refusal, in the page's language. */
const downloadsUsedUp = () => {
  const text = GALLERY_ERROR_TEXTS['galleries.download_limit_reached'];
  return text ? i18n._(text) : errorText('galleries.download_limit_reached');
};

/**
 * What a download click does under a limit: counted on screen (`count`) while some are left,
 * refused with the reason once none is (the server would refuse it too).
 */
export function downloadClick(gallery: Gallery, count: () => void) {
  return (event: MouseEvent) => {
    if (gallery.downloadsLeft === 0) {
      event.preventDefault();
      toast({ title: i18n._(GALLERY_TEXTS.noDownloadsLeft), description: downloadsUsedUp(), variant: 'destructive' });
      return;
    }
    count();
  };
}

/** "3 of 10 downloads left" under a limit, announced as it changes; nothing without one. */
export function DownloadsLeft({ gallery }: { gallery: Gallery }) {
  if (gallery.downloads === 'none' || gallery.downloadLimit === null || gallery.downloadsLeft === null) return null;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-downloads-left="">
      {gallery.downloadsLeft === 0 ? downloadsUsedUp() : downloadsLeftText(gallery.downloadsLeft, gallery.downloadLimit)}
    </p>
  );
}

/** "Download all": the gallery as one ZIP; nothing when the link allows no downloads. */
export function DownloadAllButton({ gallery, token, count }: { gallery: Gallery; token: string; count: () => void }) {
  if (gallery.downloads === 'none' || gallery.photos.length === 0) return null;
  return (
    <Button asChild variant="outline" className="min-h-11 justify-self-start sm:min-h-9">
      <a href={galleryDownloadUrl(token)} download data-download-all="" onClick={downloadClick(gallery, count)}>
        <Download aria-hidden />
        {i18n._(GALLERY_TEXTS.downloadAll)}
        <span className="text-muted-foreground">{downloadAllSize(gallery.photos.length, gallery.downloads === 'originals')}</span>
      </a>
    </Button>
  );
}

/** The viewer's Download for the photo on screen; null when the link allows none. */
export function photoDownloadAction(gallery: Gallery, token: string, count: () => void): ((photo: Photo, className: string) => ReactNode) | null {
  if (gallery.downloads === 'none') return null;
  // Used up: the button stays where it was and says why, in the viewer itself (a toast would sit behind it).
  if (gallery.downloadsLeft === 0) return (photo, className) => <UsedUpDownload key="download" photo={photo} className={className} />;
  return (photo, className) => (
    <a
      key="download"
      href={photoDownloadUrl(token, photo.id)}
      download
      className={className}
      data-download-photo={photo.id}
      onClick={downloadClick(gallery, count)}
    >
      <Download aria-hidden />
      <span aria-hidden>{i18n._(GALLERY_TEXTS.download)}</span>
      <span className="sr-only">{downloadLabel(labelOf(photo))}</span>
    </a>
  );
}

/** The viewer's Download once the link's downloads are used up: it tells why instead. */
function UsedUpDownload({ photo, className }: { photo: Photo; className: string }) {
  const [told, setTold] = useState(false);
  return (
    <>
      <button type="button" className={className} data-download-photo={photo.id} onClick={() => setTold(true)}>
        <Download aria-hidden />
        <span aria-hidden>{i18n._(GALLERY_TEXTS.download)}</span>
        <span className="sr-only">{downloadLabel(labelOf(photo))}</span>
      </button>
      <p role="alert" className="w-full text-sm text-white" data-download-refused="">
        {told ? downloadsUsedUp() : ''}
      </p>
    </>
  );
}
