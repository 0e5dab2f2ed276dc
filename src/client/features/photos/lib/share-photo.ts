import { t } from '@lingui/core/macro';
import type { Photo } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { pathTo, screens } from '#contract/screens.ts';
import { copyText } from '#client/lib/clipboard.ts';

/** The photo's page as an absolute link, the one a pasted link previews. */
export function photoPageUrl(photoId: number): string {
  return new URL(pathTo(screens.photo, { id: photoId }), window.location.origin).href;
}


/**
 * Shares a photo's page with the device's share sheet; without one, or when it fails, copies the
 * link and says so. Dismissing the share sheet is the visitor's choice, not a failure.
 */
export async function sharePhoto(photo: Pick<Photo, 'id' | 'title' | 'description'>): Promise<void> {
  const url = photoPageUrl(photo.id);
  const data: ShareData = { title: photo.title, url, ...(photo.description ? { text: photo.description } : {}) };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) {
    toast({ title: t`Link copied`, description: t`Photo link copied to clipboard` });
  } else {
    toast({ title: t`Copy this link`, description: url });
  }
}
