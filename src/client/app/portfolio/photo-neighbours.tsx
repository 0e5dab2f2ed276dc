import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '#client/lib/router.tsx';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { pathTo, screens } from '#contract/screens.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatPlace } from '#client/lib/i18n.ts';
import type { SectionPart } from './use-category-photos.ts';

/**
 * Previous and next within the photo's category on its page, with its place ("3 / 24"). Each
 * replaces the page in the history, as the viewer does: Back leaves the photos, not one of them.
 * A whole category is a ring (the last photo's next is the first).
 */
export function PhotoNeighbours({ photo, part }: { photo: Photo; part: SectionPart }) {
  const { t } = useLingui();
  const { photos, offset, total } = part;
  if (total < 2) return null;
  const index = photos.findIndex((candidate) => candidate.id === photo.id);
  const whole = photos.length >= total;
  const previous = whole ? photos[(index - 1 + photos.length) % photos.length] : photos[index - 1];
  const next = whole ? photos[(index + 1) % photos.length] : photos[index + 1];
  return (
    <nav aria-label={t`Photos in this category`} className="flex items-center gap-2">
      <NeighbourLink photo={previous} direction="previous" />
      <span className="text-sm text-muted-foreground tabular-nums">
        {formatPlace(((offset + index) % total) + 1)} / {formatPlace(total)}
      </span>
      <NeighbourLink photo={next} direction="next" />
    </nav>
  );
}

function NeighbourLink({ photo, direction }: { photo: Photo | undefined; direction: 'previous' | 'next' }) {
  const { t } = useLingui();
  // The chevrons point the way the page reads: previous to the right in a right-to-left language.
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  const icon = <Icon aria-hidden className="rtl:-scale-x-100" />;
  if (!photo) {
    return (
      <Button variant="outline" size="icon" className="size-11" disabled aria-label={direction === 'previous' ? t`Previous photo` : t`Next photo`}>
        {icon}
      </Button>
    );
  }
  const label = labelOf(photo);
  return (
    <Button asChild variant="outline" size="icon" className="size-11">
      <Link href={pathTo(screens.photo, { id: photo.id })} replace>
        {icon}
        <span className="sr-only">{direction === 'previous' ? t`Previous photo: ${label}` : t`Next photo: ${label}`}</span>
      </Link>
    </Button>
  );
}
